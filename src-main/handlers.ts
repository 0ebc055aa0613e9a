import { requestId as requestIdSchema } from '../src-shared/call-spec';
import { calls, type CallName, type ValidInput } from '../src-shared/contract';
import { describeIssues } from '../src-shared/input-errors';
import { maxJsonDepth, nestedDeeperThan } from '../src-shared/json-depth';
import { plainIssueMessage } from '../src-shared/issue-messages';
import { fail, ok, type Result } from '../src-shared/result';
import type { Core } from './core/create-core';
import { Failure } from './core/failure';
import { appHandlers } from './handlers/app';
import { batchesHandlers } from './handlers/batches';
import { documentsHandlers } from './handlers/documents';
import type { Handler, HandlerTable } from './handlers/handler-types';
import { logsHandlers } from './handlers/logs';
import { presetsHandlers } from './handlers/presets';
import { processesHandlers } from './handlers/processes';
import { profilesHandlers } from './handlers/profiles';
import { readCancels } from './handlers/read-cancels';
import { workbenchHandlers } from './handlers/workbench';

export type { Core } from './core/create-core';

/**
 * THE handler table: bridge call name -> core function, built from one small module per domain.
 * Both shells serve exactly this; the type makes a call of the contract without a handler an error.
 */
export const handlers: HandlerTable = {
  ...appHandlers,
  ...profilesHandlers,
  ...processesHandlers,
  ...documentsHandlers,
  ...logsHandlers,
  ...workbenchHandlers,
  ...presetsHandlers,
  ...batchesHandlers,
};

/** Reports a bug (an exception that is not a {@link Failure}) without leaking it to the renderer. */
export type BugReporter = (call: string, error: unknown) => void;

const reportToStderr: BugReporter = (call, error) => {
  console.error(`[process-console] bug in ${call}:`, error instanceof Error ? error.stack : error);
};

/**
 * The one door into main: validates the input with the call's schema, runs the handler, and turns
 * every outcome into a plain Result. Unknown names and bad input never reach a handler.
 */
export async function dispatch(
  core: Core,
  name: string,
  rawInput: unknown,
  reportBug: BugReporter = reportToStderr,
): Promise<Result<unknown>> {
  if (!Object.hasOwn(calls, name)) return fail('unknown_call', `There is no call named "${name}".`);
  const callName = name as CallName;
  // Before any schema or handler walks it: a walk that recurses would overflow the stack.
  if (nestedDeeperThan(rawInput)) {
    return fail(
      'invalid_input',
      `The request is nested more than ${maxJsonDepth} levels deep; no call of the console takes such input.`,
    );
  }
  const { requestId, input } = takeRequestId(callName, rawInput ?? {});
  if (requestId !== undefined && !requestIdSchema.safeParse(requestId).success) {
    return fail('invalid_input', 'The request id must be a UUID, one per request.');
  }
  const parsed = calls[callName].input.safeParse(input, { error: plainIssueMessage });
  if (!parsed.success) {
    return fail('invalid_input', describeIssues(parsed.error.issues, rawInput));
  }
  const read = requestId === undefined ? undefined : readCancels(core).start(requestId as string);
  try {
    const handler = handlers[callName] as Handler<CallName>;
    const signal = read?.signal ?? new AbortController().signal;
    return ok(await handler(core, parsed.data as ValidInput<CallName>, { signal }));
  } catch (error) {
    if (error instanceof Failure) return { ok: false, error: error.error };
    reportBug(callName, error);
    return fail('internal', 'Something went wrong inside the console; the details are in its log.');
  } finally {
    read?.done();
  }
}

/**
 * A cancellable read's input without its `requestId` (which the call's own schema does not know);
 * any other call's input as it came, so a stray `requestId` there is refused by its schema.
 */
function takeRequestId(name: CallName, rawInput: unknown): { requestId?: unknown; input: unknown } {
  if (!calls[name].cancellable || typeof rawInput !== 'object' || rawInput === null)
    return { input: rawInput };
  if (!Object.hasOwn(rawInput, 'requestId')) return { input: rawInput };
  const { requestId, ...input } = rawInput as Record<string, unknown>;
  return { requestId, input };
}
