import { describe, expect, it } from 'vitest';
import {
  icnsFile,
  icnsTypes,
  icoFile,
  icoSizes,
  pngSize,
  readIcns,
  readIco,
} from '../../../scripts/icon-files.mjs';

/**
 * The start of a PNG of the given size (signature and IHDR chunk), then a marker byte: the
 * containers only read a PNG's header, so this is all they ever see of one.
 */
function pngHeader(width: number, height = width): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.writeUInt8(8, 16); // bit depth
  ihdr.writeUInt8(6, 17); // RGBA
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr, Buffer.from([width % 251])]);
}

const pngs = new Map([16, 24, 32, 48, 64, 128, 256, 512, 1024].map((size) => [size, pngHeader(size)]));

describe('icon containers', () => {
  it('reads a PNG’s size from its header and refuses what is not a PNG', () => {
    expect(pngSize(pngHeader(48, 32))).toEqual({ width: 48, height: 32 });
    expect(() => pngSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toThrow(/not a PNG/);
  });

  it('writes a .ico whose entries hold each size’s PNG, 256 written as 0 as the format wants', () => {
    const ico = icoFile(pngs);
    expect(readIco(ico)).toEqual(
      icoSizes.map((size) => ({ width: size, height: size, data: pngs.get(size) })),
    );
    const last = 6 + 16 * (icoSizes.length - 1);
    expect([ico[last], ico[last + 1]]).toEqual([0, 0]);
    expect(ico.readUInt16LE(6 + 6)).toBe(32); // bits per pixel of the first entry
  });

  it('writes a .icns whose elements hold each type’s PNG and whose header gives the file length', () => {
    const icns = icnsFile(pngs);
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    expect(readIcns(icns)).toEqual(icnsTypes.map(({ type, size }) => ({ type, data: pngs.get(size) })));
  });

  it('names the size that is missing or drawn at the wrong size, instead of writing a bad icon', () => {
    const missing = new Map(pngs);
    missing.delete(24);
    expect(() => icoFile(missing)).toThrow('no 24x24 PNG to put in the icon');
    const wrong = new Map(pngs).set(1024, pngHeader(512));
    expect(() => icnsFile(wrong)).toThrow('the 1024x1024 PNG is 512x512');
  });

  it('refuses to read a file that is not the container it claims', () => {
    expect(() => readIco(icnsFile(pngs))).toThrow(/not a Windows icon/);
    expect(() => readIcns(icoFile(pngs))).toThrow(/not a macOS icon/);
  });
});
