// Renders every installer icon from build/icon.svg: the Linux PNG set, the Windows .ico and the
// macOS .icns (paths in scripts/icon-files.mjs), and records what it read and wrote in
// build/icon-manifest.json. Run it from the repository root after editing the drawing, and
// commit what it writes: `npm run dist` uses the committed files and needs no renderer.
//
//   node scripts/make-icons.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  icnsFile,
  icnsPath,
  icnsTypes,
  icoFile,
  icoPath,
  icoSizes,
  iconSource,
  linuxIconDir,
  linuxIconPath,
  linuxSizes,
  manifestPath,
  sha256,
} from './icon-files.mjs';

// resvg (Rust, through napi-rs) ships a prebuilt binary per platform in the npm registry, so the
// drawing renders the same on every machine without Cairo, Inkscape or a browser.
const rendererName = '@resvg/resvg-js';
let Resvg;
try {
  ({ Resvg } = (await import(rendererName)).default);
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  console.error(`make-icons needs the dev dependency ${rendererName}: run npm install, then try again.`);
  process.exit(1);
}
const { version } = JSON.parse(
  readFileSync(new URL(import.meta.resolve(`${rendererName}/package.json`)), 'utf8'),
);

const svg = readFileSync(iconSource);
const sizes = [...new Set([...linuxSizes, ...icoSizes, ...icnsTypes.map(({ size }) => size)])];
const pngs = new Map(
  sizes.map((size) => [size, new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng()]),
);

const files = new Map([
  ...linuxSizes.map((size) => [linuxIconPath(size), pngs.get(size)]),
  [icoPath, icoFile(pngs)],
  [icnsPath, icnsFile(pngs)],
]);
mkdirSync(linuxIconDir, { recursive: true });
for (const [path, bytes] of files) writeFileSync(path, bytes);

const manifest = {
  source: { path: iconSource, sha256: sha256(svg) },
  renderer: `${rendererName}@${version}`,
  files: Object.fromEntries([...files].map(([path, bytes]) => [path, sha256(bytes)])),
};
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`Wrote ${files.size} icon files from ${iconSource} (${manifest.renderer}) and ${manifestPath}.`);
