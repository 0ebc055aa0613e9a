import { test } from './fixtures';
import { newcomerJourney } from './newcomer-steps';

test('a newcomer opens FT-000003 on the embedded default, reads it, adds a note and completes the step', async ({
  page,
  consoleApp,
}) => {
  await page.goto(consoleApp.url);
  await newcomerJourney(page, (name) => page.screenshot({ path: `test/e2e/screenshots/${name}.png` }));
});
