import { Agent } from 'undici';
import type { RestCall } from '../domain/api-types';
import { isoDate } from '../domain/clock';
import type { RestState } from '../storage/step-repo';
import type { ChangeRunner } from './change';
import type { EngineContext } from './context';
import { sendRestCall } from './rest-call';
import { applyRestOutcome } from './rest-outcome';
import { buildOutboundRequest } from './rest-payload';

/** Settings of the REST API step runner. */
export interface RestRunnerSettings {
  outboundUrl?: string;
  /** Used by steps that set no `timeoutMs` of their own (API.md: 10 s). */
  defaultTimeoutMs: number;
  log: (line: string) => void;
}

/**
 * Calls REST API steps outside any transaction, one call per step at a time, and records each
 * outcome in a change of its own. Closing aborts calls in flight without recording them, so
 * those steps stay "not yet called" and the next start's sweep calls them again.
 */
export class RestStepRunner {
  private readonly running = new Map<string, Promise<void>>();
  private readonly stop = new AbortController();
  private readonly agent = new Agent({ keepAliveTimeout: 4_000 });
  private change: ChangeRunner | undefined;

  constructor(
    private readonly ctx: EngineContext,
    private readonly settings: RestRunnerSettings,
  ) {}

  /** Connects the runner to the change runner that records outcomes (they depend on each other). */
  attach(change: ChangeRunner): void {
    this.change = change;
  }

  /** Starts calling a step unless it is already being called or the runner is closing. */
  schedule(stepId: string): void {
    if (this.stop.signal.aborted || this.running.has(stepId)) return;
    const task = this.run(stepId)
      .catch((error: unknown) => {
        if (!this.stop.signal.aborted)
          this.settings.log(`REST step ${stepId} could not be run: ${String(error)}`);
      })
      .finally(() => this.running.delete(stepId));
    this.running.set(stepId, task);
  }

  /** Schedules every current REST API step in the given states; returns how many. */
  sweep(states: RestState[]): number {
    const stepIds = this.ctx.repos.steps.waitingRestSteps(states);
    stepIds.forEach((stepId) => this.schedule(stepId));
    return stepIds.length;
  }

  /** Resolves when no call is in flight, including calls that later calls start. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /** Aborts calls in flight and waits for the runner to settle. */
  async close(): Promise<void> {
    this.stop.abort();
    await this.idle();
    await this.agent.destroy();
  }

  private async run(stepId: string): Promise<void> {
    const step = this.ctx.repos.steps.get(stepId);
    if (!step || step.completedOn !== null || step.kind !== 'RestApi') return;
    const outbound = buildOutboundRequest(this.ctx, step, this.settings);
    const outcome = await sendRestCall(outbound, this.agent, this.stop.signal);
    if (this.stop.signal.aborted) return;
    const call: RestCall = {
      request: {
        method: outbound.method,
        url: outbound.url ?? '',
        headers: outbound.recordedHeaders,
        body: outbound.body,
      },
      ...outcome,
      at: isoDate(this.ctx.clock()),
    };
    const result = await this.change!((scope) => applyRestOutcome(scope, stepId, call));
    const reference = outbound.body.ExternalReference;
    if (result === 'succeeded')
      this.settings.log(
        `REST step "${step.name}" of ${reference}: HTTP ${call.response?.status}, step completed.`,
      );
    else if (result === 'failed')
      this.settings.log(`REST step "${step.name}" of ${reference} failed: ${call.error}`);
  }
}
