import {
  completeStepResponseSchema,
  processSchema,
  type CompleteStepResponse,
  type Process,
  type Step,
} from '../../../src-shared/api';
import { maskFields, type AuditIntent } from '../../../src-shared/logs';
import type { ValidInput } from '../../../src-shared/contract';
import { confirmProcess } from '../../../src-shared/live-confirmation';
import { currentStepOf } from '../../../src-shared/process-paths';
import type { Profile } from '../../../src-shared/profile';
import { Failure } from '../failure';
import { ClientFailure } from './client-failure';
import type { Http } from './http';
import type { InFlight } from './in-flight';
import { requireLiveConfirmation } from './live-confirmation';
import { changeIntent, recordEarlierSend } from './change-audit';
import { completeStepRequest } from './change-requests';
import { runChange, type ChangeDependencies } from './safe-change';
import { completionFound } from './change-found';

/** Completing a step, as the contract's door validated it: which one, with what, under which intent. */
export type CompleteStepInput = Omit<ValidInput<'steps.complete'>, 'profileId'>;

/** What completing (and adding a note) needs. */
export interface ChangeContext extends ChangeDependencies {
  http: Http;
  inFlight: InFlight;
  /**
   * Intents this console has sent at least once. Only a retry of one of them may be confirmed by
   * a read-back; a new intent on a step that is already complete is refused as a conflict.
   */
  sentIntents: Set<string>;
  /** For each note intent sent, the notes its process had before the first send. */
  noteBaselines: Map<string, Set<string>>;
}

/**
 * Completes the current step of a process at most once: checks that the step is current (and, on
 * a live tenant, the typed reference), audits the intent, then sends it with
 * an Idempotency-Key and settles any ambiguous failure by reading the process back.
 */
export async function completeStep(
  context: ChangeContext,
  profile: Profile,
  input: CompleteStepInput,
  signal?: AbortSignal,
  readJustNow?: Process,
): Promise<CompleteStepResponse> {
  const { processId, stepId, fields, intentId } = input;
  const release = context.inFlight.claim(
    [`intent:${intentId}`, `step:${processId.toLowerCase()}:${stepId.toLowerCase()}`],
    'A completion of this step is already in progress.',
  );
  const intentFor = (process: Process, step: Step): AuditIntent =>
    changeIntent(context.now(), profile, intentId, {
      action: 'step.complete',
      processId: process.processId,
      externalReference: process.externalReference,
      processTypeId: process.processTypeId,
      stepId: step.stepId,
      stepName: step.name,
      fields: maskFields(fields),
    });
  // The service may quote them back (an error, a read-back's fields it does not mark confidential).
  const confidentialValues = fields.filter((field) => field.confidential).map((field) => field.value);
  try {
    const read = () =>
      context.http.call({
        profile,
        operation: 'getProcess',
        params: { processId },
        schema: processSchema,
        subject: `process ${processId}`,
        confidentialValues,
      });
    const before = readJustNow ? sameProcess(readJustNow, processId) : await read();
    const earlier = completionFound(before, stepId, fields);
    if (context.sentIntents.has(intentId) && earlier.state === 'done') {
      // A retry of an intent whose earlier send landed after all: confirm it, send nothing.
      await recordEarlierSend(
        context,
        intentFor(before, earlier.value.completedStep),
        before.processId,
        'Already complete with the fields of this intent (an earlier send landed); nothing was sent again.',
      );
      return earlier.value;
    }
    const step = checkStepIsCurrent(before, stepId);
    requireLiveConfirmation(profile, confirmProcess(before), input.confirmation);
    context.sentIntents.add(intentId);
    return await runChange(context, {
      intent: intentFor(before, step),
      send: async () =>
        aboutThisStep(
          await context.http.call({
            profile,
            ...completeStepRequest(processId, stepId, fields, intentId),
            schema: completeStepResponseSchema,
            subject: `step ${stepId} of process ${processId}`,
            confidentialValues,
            signal,
          }),
          processId,
          stepId,
        ),
      readBack: async ({ accepted }) => completionFound(await read(), stepId, fields, accepted),
      whatToCheck:
        `Open process ${before.externalReference} (${before.processId}) and look at step "${step.name}" before ` +
        'trying again: if it is complete, the completion went through.',
      processIdOf: (value) => value.process.processId,
      confidentialValues,
      successStatus: 200,
    });
  } finally {
    release();
  }
}

/**
 * A well-formed answer about another process or step (a confused gateway or cache replaying an
 * earlier answer) proves nothing about this completion: it is treated as a 2xx without a readable
 * result, which the safe path settles by reading the process back.
 */
function aboutThisStep(
  answer: CompleteStepResponse,
  processId: string,
  stepId: string,
): CompleteStepResponse {
  if (sameId(answer.process.processId, processId) && sameId(answer.completedStep.stepId, stepId))
    return answer;
  throw new ClientFailure(
    'bad_response',
    `The service answered the completion of step ${stepId} with an answer about step ${answer.completedStep.stepId} of process ${answer.process.processId}.`,
    { status: 200 },
    { ambiguous: true, accepted: true },
  );
}

/** A process the caller read is only taken for the one this change is about. */
export function sameProcess(process: Process, processId: string): Process {
  if (!sameId(process.processId, processId)) {
    throw new Error(`A read of process ${process.processId} was given for a change of process ${processId}.`);
  }
  return process;
}

function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function checkStepIsCurrent(process: Process, stepId: string): Step {
  const step = process.steps.find((candidate) => sameId(candidate.stepId, stepId));
  const current = currentStepOf(process);
  const now = current ? `the current step is "${current.name}"` : 'the process has no current step';
  if (!step) {
    throw new Failure(
      'not_found',
      `Process ${process.externalReference} has no step ${stepId}; ${now}. Reload the process and complete its current step.`,
    );
  }
  if (current && sameId(current.stepId, step.stepId)) return step;
  const state = step.completedOn === null ? 'is not the current step' : 'is already complete';
  throw new Failure(
    'conflict',
    `Step "${step.name}" of process ${process.externalReference} ${state}; ${now}. Reload the process.`,
  );
}
