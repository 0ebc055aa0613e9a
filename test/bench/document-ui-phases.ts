/**
 * The Chromium half of the document benchmark: opens a document in the built console and says
 * where the renderer's main thread was busy. A long task alone cannot be acted on, so each is
 * given the phase it fell in (opening, switching to the tree, switching to the raw view,
 * scrolling the raw text) and the scripts Chromium's long-animation-frame entries blame for it
 * (the renderer bundle is not minified, so function names are the sources' names).
 */
import type { Browser, Page } from '@playwright/test';
import { longReference } from '../support/long-process';
import { phaseCosts, startTrace, type PhaseCost } from './renderer-trace';

/** The phases of one run, in order. */
export const phases = ['opening', 'tree', 'raw', 'scrolling raw'] as const;
export type Phase = (typeof phases)[number];

/** One run's figures: time to a visible form view and the longest task of each phase. */
export interface UiRun {
  formMs: number;
  /** Of `formMs`, the time until main answered `documents.get` (the rest is the renderer's). */
  answerMs: number;
  longestByPhase: Record<Phase, number>;
  /** The longest task of the run, where it fell and what ran in it. */
  longest: { ms: number; phase: Phase; scripts: string[] };
  /** Each phase's longest task on the page's main thread by wall and by CPU time, from a trace. */
  traced: Record<Phase, PhaseCost>;
}

interface Recorded {
  marks: { name: string; at: number }[];
  tasks: { start: number; duration: number }[];
  frames: {
    start: number;
    duration: number;
    /** Time from the frame's start to its rendering (style, layout, paint) and to its style and layout. */
    renderAt: number;
    layoutAt: number;
    scripts: { ms: number; layoutMs: number; name: string }[];
  }[];
}

/** Opens `filename` on the long process and records every long task and frame of the four phases. */
export async function viaChromium(
  browser: Browser,
  page: Page,
  url: string,
  filename: string,
): Promise<UiRun> {
  await page.goto(url);
  await page.locator('[data-app-ready="true"]').waitFor();
  await page.getByLabel('Process id or external reference').fill(longReference);
  await page.keyboard.press('Enter');
  await page.getByRole('tab', { name: /Documents/ }).click();
  await page.evaluate(observeLongWork);
  await startTrace(browser, page);
  const viewer = page.getByRole('dialog');

  await mark(page, 'opening');
  const started = performance.now();
  const answered = page
    .waitForResponse((response) => response.url().includes('/bridge/documents.get'), { timeout: 60_000 })
    .then(() => performance.now() - started);
  await page.getByRole('button', { name: `Open ${filename}` }).click();
  await viewer.getByRole('region', { name: 'ClientInfo' }).waitFor({ timeout: 60_000 });
  const formMs = performance.now() - started;
  const answerMs = await answered;
  await settleFrames(page);

  await mark(page, 'tree');
  await viewer.getByRole('tab', { name: 'Tree' }).click();
  await viewer.getByRole('treeitem', { level: 2 }).first().waitFor();
  await settleFrames(page);

  await mark(page, 'raw');
  await viewer.getByRole('tab', { name: 'Raw' }).click();
  await viewer.getByRole('listitem').filter({ hasText: '<ServiceRequest>' }).waitFor();
  await settleFrames(page);

  await mark(page, 'scrolling raw');
  await viewer.getByTestId('Raw text scroller').evaluate(async (element) => {
    while (element.scrollTop + element.clientHeight < element.scrollHeight - 1) {
      element.scrollTop += 20_000;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  // The last line (the old build printed an empty line after it) is on screen.
  await viewer.getByRole('listitem').filter({ hasText: '</ServiceRequest>' }).waitFor();
  await settleFrames(page);
  const recorded = await page.evaluate(
    () => (window as unknown as { benchRecorded: Recorded }).benchRecorded,
  );
  const traced = await phaseCosts(browser, phases);
  await page.keyboard.press('Escape');
  return { formMs, answerMs, ...attribute(recorded), traced };
}

/** Prints the runs' figures: time to the form view, and the longest task by phase and by run. */
export function printUiRuns(shown: UiRun[], figures: (values: number[]) => string) {
  console.log(
    `    "Open" to visible form view:          ${figures(shown.map((entry) => entry.formMs))}  target < 1500 ms`,
  );
  console.log(`      of which waiting for documents.get: ${figures(shown.map((entry) => entry.answerMs))}`);
  console.log(
    `    longest task opening, switching, scrolling the raw view to the end: ${figures(shown.map((entry) => entry.longest.ms))}  target < 50 ms (0 = none over 50 ms)`,
  );
  for (const phase of phases) {
    console.log(
      `      ${`while ${phase}:`.padEnd(24)} ${figures(shown.map((entry) => entry.longestByPhase[phase]))}`,
    );
    console.log(
      `        traced, its longest task's CPU time: ${figures(shown.map((entry) => entry.traced[phase].cpuMs))}; wall ${figures(shown.map((entry) => entry.traced[phase].wallMs))}`,
    );
  }
  for (const [run, { longest }] of shown.entries())
    if (longest.ms > 0)
      console.log(
        `      run ${run + 1}: longest ${longest.ms.toFixed(0)} ms while ${longest.phase}; ran ${longest.scripts.join('; ') || '(no script named: layout, style or garbage collection)'}`,
      );
}

function attribute({ marks, tasks, frames }: Recorded): Omit<UiRun, 'formMs' | 'answerMs' | 'traced'> {
  const phaseAt = (time: number): Phase =>
    (marks.filter((entry) => entry.at <= time).at(-1)?.name as Phase | undefined) ?? 'opening';
  const longestByPhase = Object.fromEntries(phases.map((phase) => [phase, 0])) as Record<Phase, number>;
  let longest: UiRun['longest'] = { ms: 0, phase: 'opening', scripts: [] };
  for (const task of tasks) {
    const phase = phaseAt(task.start);
    longestByPhase[phase] = Math.max(longestByPhase[phase], task.duration);
    if (task.duration <= longest.ms) continue;
    // The frame holding the task names the scripts that ran in it, longest first.
    const frame = frames.find(
      (entry) => entry.start <= task.start + 1 && task.start < entry.start + entry.duration,
    );
    const scripts = [...(frame?.scripts ?? [])]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map(
        (script) =>
          `${script.name} ${script.ms.toFixed(0)} ms (${script.layoutMs.toFixed(0)} ms of it forced style and layout)`,
      );
    if (frame && frame.renderAt > 0)
      scripts.push(
        `rendering ${(frame.start + frame.duration - frame.renderAt).toFixed(0)} ms (style and layout ${(frame.start + frame.duration - frame.layoutAt).toFixed(0)} ms)`,
      );
    longest = { ms: task.duration, phase, scripts };
  }
  return { longestByPhase, longest };
}

async function mark(page: Page, phase: Phase) {
  await page.evaluate((name) => {
    (window as unknown as { benchRecorded: Recorded }).benchRecorded.marks.push({
      name,
      at: performance.now(),
    });
    performance.mark(`bench:${name}`);
  }, phase);
}

/** Two frames pass, so the work a phase started is done and observed before the next begins. */
async function settleFrames(page: Page) {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

/** Runs in the page: records long tasks and long animation frames with their scripts. */
function observeLongWork() {
  const recorded: Recorded = { marks: [], tasks: [], frames: [] };
  (window as unknown as { benchRecorded: Recorded }).benchRecorded = recorded;
  new PerformanceObserver((list) =>
    list
      .getEntries()
      .forEach((entry) => recorded.tasks.push({ start: entry.startTime, duration: entry.duration })),
  ).observe({ type: 'longtask' });
  type Script = {
    duration: number;
    forcedStyleAndLayoutDuration: number;
    invoker: string;
    sourceFunctionName: string;
  };
  type Frame = { scripts: Script[]; renderStart: number; styleAndLayoutStart: number };
  new PerformanceObserver((list) =>
    list.getEntries().forEach((entry) => {
      const frame = entry as unknown as Frame;
      recorded.frames.push({
        start: entry.startTime,
        duration: entry.duration,
        renderAt: frame.renderStart,
        layoutAt: frame.styleAndLayoutStart,
        scripts: frame.scripts.map((script) => ({
          ms: script.duration,
          layoutMs: script.forcedStyleAndLayoutDuration,
          name: `${script.sourceFunctionName || '(anonymous)'} via ${script.invoker}`,
        })),
      });
    }),
  ).observe({ type: 'long-animation-frame' });
}
