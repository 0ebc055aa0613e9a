import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  icnsPath,
  icnsTypes,
  icoPath,
  icoSizes,
  iconSource,
  linuxIconDir,
  linuxIconPath,
  linuxSizes,
  manifestPath,
  pngSize,
  readIcns,
  readIco,
  sha256,
} from '../../../scripts/icon-files.mjs';

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
  source: { path: string; sha256: string };
  renderer: string;
  files: Record<string, string>;
};

/**
 * The installers' icons are committed, so `npm run dist` needs no renderer; these tests hold them
 * to the one drawing they are made from (scripts/make-icons.mjs records both sides by SHA-256).
 */
describe('installer icons', () => {
  it('were made from the committed drawing (after editing it, run node scripts/make-icons.mjs)', () => {
    expect(manifest.source).toEqual({ path: iconSource, sha256: sha256(readFileSync(iconSource)) });
    expect(manifest.renderer).toMatch(/^@resvg\/resvg-js@\d/);
  });

  it('are the files make-icons wrote, unchanged since', () => {
    expect(Object.keys(manifest.files)).toEqual([...linuxSizes.map(linuxIconPath), icoPath, icnsPath]);
    for (const [path, digest] of Object.entries(manifest.files))
      expect(sha256(readFileSync(path)), path).toBe(digest);
  });

  it('give Linux one square PNG per size, named as electron-builder reads them, and nothing else', () => {
    expect(readdirSync(linuxIconDir).sort()).toEqual(linuxSizes.map((size) => `${size}x${size}.png`).sort());
    for (const size of linuxSizes)
      expect(pngSize(readFileSync(linuxIconPath(size))), `${size}`).toEqual({ width: size, height: size });
  });

  it('give Windows a .ico of the same PNGs from 16 to 256', () => {
    const images = readIco(readFileSync(icoPath));
    expect(images.map(({ width, height }) => [width, height])).toEqual(icoSizes.map((size) => [size, size]));
    for (const { width, data } of images)
      expect(data.equals(readFileSync(linuxIconPath(width))), `${width}`).toBe(true);
  });

  it('give macOS a .icns of the same PNGs from 16 to 1024, Retina variants included', () => {
    const elements = readIcns(readFileSync(icnsPath));
    expect(elements.map(({ type }) => type)).toEqual(icnsTypes.map(({ type }) => type));
    for (const [index, { data }] of elements.entries()) {
      const { size } = icnsTypes[index]!;
      expect(data.equals(readFileSync(linuxIconPath(size))), `${icnsTypes[index]!.type}`).toBe(true);
    }
  });
});
