import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on what is on screen now; serious or critical violations fail with their rule ids.
 * `soft` lets a test go on to its next screen and report every screen's violations at its end.
 */
export async function checkAccessibility(page: Page, screen: string, { soft = false } = {}) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  (soft ? expect.soft : expect)(
    bad.map(
      (violation) =>
        `${screen}: ${violation.id} (${violation.nodes.length}) ${violation.nodes[0]?.target.join(' ')}`,
    ),
  ).toEqual([]);
}
