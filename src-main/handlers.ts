import { calls, type CallName, type ValidInput } from '../src-shared/contract';
import { describeIssues } from '../src-shared/input-errors';
import { plainIssueMessage } from '../src-shared/issue-messages';
import { fail, ok, type Result } from '../src-shared/result';
import type { Core } from './core/create-core';
import { Failure } from './core/failure';
import { appHandlers } from './handlers/app';
import { documentsHandlers } from './handlers/documents';
import type { Handler, HandlerTable } from './handlers/handler-types';
import { logsHandlers } from './handlers/logs';
import { presetsHandlers } from './handlers/presets';
import { processesHandlers } from './handlers/processes';
import { profilesHandlers } from './handlers/profiles';
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
  // Issues a schema leaves unworded get the same sentences as in the renderer's forms.
  const parsed = calls[callName].input.safeParse(rawInput ?? {}, { error: plainIssueMessage });
  if (!parsed.success) {
    return fail('invalid_input', describeIssues(parsed.error.issues, rawInput));
  }
  try {
    const handler = handlers[callName] as Handler<CallName>;
    return ok(await handler(core, parsed.data as ValidInput<CallName>));
  } catch (error) {
    if (error instanceof Failure) return { ok: false, error: error.error };
    reportBug(callName, error);
    return fail('internal', 'Something went wrong inside the console; the details are in its log.');
  }
}
