// The icon files the installers use, all made by scripts/make-icons.mjs from one drawing
// (build/icon.svg), and the two containers they need. Both containers are a short index of PNG
// images (Windows .ico since Vista, macOS .icns since 10.7), so a few lines here replace a
// converter and its toolchain. The packaging test reads the files back through this module.
import { createHash } from 'node:crypto';

/** The one drawing every icon is rendered from. */
export const iconSource = 'build/icon.svg';
/** Linux icon set: `<size>x<size>.png` per size, the layout electron-builder reads for hicolor. */
export const linuxIconDir = 'build/icons';
/** Sizes of the Linux set: hicolor's usual ones up to 512, and 1024 for HiDPI docks. */
export const linuxSizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
export const icoPath = 'build/icon.ico';
export const icnsPath = 'build/icon.icns';
/**
 * What the last run of make-icons.mjs read and wrote, by SHA-256, so a test can tell that the
 * committed icons are the ones made from the committed drawing without the renderer installed.
 */
export const manifestPath = 'build/icon-manifest.json';

/** The path of the Linux set's PNG of one size. */
export function linuxIconPath(size) {
  return `${linuxIconDir}/${size}x${size}.png`;
}

/** Hex SHA-256 of a file's bytes. */
export function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk; throws on anything that is not a PNG. */
export function pngSize(png) {
  if (
    png.length < 24 ||
    !png.subarray(0, 8).equals(pngSignature) ||
    png.toString('latin1', 12, 16) !== 'IHDR'
  )
    throw new Error('not a PNG image (no PNG signature and IHDR chunk)');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Sizes in the Windows .ico: the shell's small and large icons, and 256 for Explorer's views. */
export const icoSizes = [16, 24, 32, 48, 64, 128, 256];

/**
 * The .icns element types that hold a PNG, with the pixel size of each. `ic11`..`ic14` and
 * `ic10` are the @2x (Retina) variants of 16..512.
 */
export const icnsTypes = [
  { type: 'icp4', size: 16 },
  { type: 'ic11', size: 32 },
  { type: 'icp5', size: 32 },
  { type: 'ic12', size: 64 },
  { type: 'ic07', size: 128 },
  { type: 'ic13', size: 256 },
  { type: 'ic08', size: 256 },
  { type: 'ic14', size: 512 },
  { type: 'ic09', size: 512 },
  { type: 'ic10', size: 1024 },
];

/** The PNG for `size` from a map of size to square PNG, checked against its own header. */
function squarePng(pngs, size) {
  const png = pngs.get(size);
  if (!png) throw new Error(`no ${size}x${size} PNG to put in the icon`);
  const { width, height } = pngSize(png);
  if (width !== size || height !== size) throw new Error(`the ${size}x${size} PNG is ${width}x${height}`);
  return png;
}

/**
 * A Windows .ico of PNG images: ICONDIR (reserved, type 1, count), one 16-byte ICONDIRENTRY per
 * image (width and height 0 mean 256), then the images.
 * @param {Map<number, Buffer>} pngs square PNGs by size, one for each of {@link icoSizes}
 */
export function icoFile(pngs) {
  const images = icoSizes.map((size) => squarePng(pngs, size));
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((png, index) => {
    const size = icoSizes[index];
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images]);
}

/** The images of a .ico: each entry's declared size and its bytes. */
export function readIco(ico) {
  if (ico.length < 6 || ico.readUInt16LE(0) !== 0 || ico.readUInt16LE(2) !== 1)
    throw new Error('not a Windows icon (no ICONDIR header of type 1)');
  return Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    const offset = ico.readUInt32LE(entry + 12);
    return {
      width: ico.readUInt8(entry) || 256,
      height: ico.readUInt8(entry + 1) || 256,
      data: ico.subarray(offset, offset + ico.readUInt32LE(entry + 8)),
    };
  });
}

/**
 * A macOS .icns of PNG images: the magic `icns` and the file's length, then per image its
 * four-letter type and length (both big-endian, the length counting its 8-byte header).
 * @param {Map<number, Buffer>} pngs square PNGs by size, one for each size in {@link icnsTypes}
 */
export function icnsFile(pngs) {
  const elements = icnsTypes.map(({ type, size }) => {
    const png = squarePng(pngs, size);
    const header = Buffer.alloc(8);
    header.write(type, 0, 'latin1');
    header.writeUInt32BE(8 + png.length, 4);
    return Buffer.concat([header, png]);
  });
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'latin1');
  header.writeUInt32BE(8 + elements.reduce((total, element) => total + element.length, 0), 4);
  return Buffer.concat([header, ...elements]);
}

/** The elements of a .icns: each one's type and bytes. */
export function readIcns(icns) {
  if (icns.length < 8 || icns.toString('latin1', 0, 4) !== 'icns' || icns.readUInt32BE(4) !== icns.length)
    throw new Error('not a macOS icon (no icns header giving the file length)');
  const elements = [];
  for (let offset = 8; offset < icns.length;) {
    const length = icns.readUInt32BE(offset + 4);
    if (length < 8 || offset + length > icns.length)
      throw new Error(`icns element at ${offset} overruns the file`);
    elements.push({
      type: icns.toString('latin1', offset, offset + 4),
      data: icns.subarray(offset + 8, offset + length),
    });
    offset += length;
  }
  return elements;
}
