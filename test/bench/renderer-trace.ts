/**
 * The renderer main thread's tasks from a Chromium trace, with each task's thread CPU time
 * beside its wall time. On a loaded machine a task's wall time grows with the time the thread
 * waited for a core (a 5 ms task was seen taking 200 ms at a load average of 17 on two cores);
 * its CPU time is the work the console asked of it, so that is the figure a change can be judged
 * by between runs, with the wall time kept for the target.
 */
import type { Browser, Page } from '@playwright/test';

/** What one phase's tasks cost: the longest by wall time and the longest by CPU time. */
export interface PhaseCost {
  wallMs: number;
  cpuMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const categories = ['toplevel', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

/** Starts tracing `page`; marks named `bench:<phase>` in it split the tasks into phases. */
export async function startTrace(browser: Browser, page: Page): Promise<void> {
  await browser.startTracing(page, { categories });
}

/** Stops tracing and gives each phase's longest task on the page's main thread. */
export async function phaseCosts<P extends string>(
  browser: Browser,
  phases: readonly P[],
): Promise<Record<P, PhaseCost>> {
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  const marks = traceEvents
    .filter((event) => event.name.startsWith('bench:'))
    .map((event) => ({ phase: event.name.slice('bench:'.length) as P, ts: event.ts }))
    .sort((a, b) => a.ts - b.ts);
  // The page's main thread: the renderer thread that recorded the marks.
  const markEvent = traceEvents.find((event) => event.name.startsWith('bench:'));
  const costs = Object.fromEntries(phases.map((phase) => [phase, { wallMs: 0, cpuMs: 0 }])) as Record<
    P,
    PhaseCost
  >;
  if (!markEvent) return costs;
  for (const event of traceEvents) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.pid !== markEvent.pid) continue;
    if (event.tid !== markEvent.tid || event.ts < marks[0]!.ts) continue;
    const phase = marks.filter((mark) => mark.ts <= event.ts).at(-1)!.phase;
    const cost = costs[phase];
    cost.wallMs = Math.max(cost.wallMs, (event.dur ?? 0) / 1000);
    cost.cpuMs = Math.max(cost.cpuMs, (event.tdur ?? 0) / 1000);
  }
  return costs;
}
