// Copies the README's screenshots from the last run of test/e2e/screens.spec.ts (light, 1280x800),
// so the README shows what the screens spec looked at, not an older hand-made picture.
// Run after `playwright test test/e2e/screens.spec.ts`: `node scripts/readme-screenshots.mjs`.
import { copyFileSync, existsSync, readFileSync } from 'node:fs';

const from = 'test/e2e/screenshots/light-1280';
const names = ['process-view', 'document-form-view', 'discovery-review', 'walk'];
// The screens spec names a screen by what it shows; the README keeps its older names.
const screenOf = { 'document-form-view': 'document-form' };

const readme = readFileSync('README.md', 'utf8');
let missing = 0;
for (const name of names) {
  const source = `${from}/${screenOf[name] ?? name}.png`;
  if (!readme.includes(`docs/screenshots/${name}.png`))
    console.error(`README.md no longer shows ${name}.png`);
  if (!existsSync(source)) {
    console.error(`${source} is missing: run the screens spec first.`);
    missing += 1;
    continue;
  }
  copyFileSync(source, `docs/screenshots/${name}.png`);
  console.log(`docs/screenshots/${name}.png <- ${source}`);
}
process.exitCode = missing ? 1 : 0;
