import { calls, type CallName, type CallOutput, type ValidInput } from '../src-shared/contract';
import { fail, ok, type Result } from '../src-shared/result';
import type { AppInfo } from '../src-shared/contract';
import { Failure } from './core/failure';
import type { ConsoleConfig } from './core/config';

/** Everything the handlers reach: the main-process services, built once at start-up. */
export interface Core {
  config: ConsoleConfig;
  shell: AppInfo['shell'];
  version: string;
}

type Handler<N extends CallName> = (
  core: Core,
  input: ValidInput<N>,
) => Promise<CallOutput<N>> | CallOutput<N>;

/** THE handler table: bridge call name -> core function. Both shells serve exactly this. */
export const handlers: { [N in CallName]: Handler<N> } = {
  'app.info': (core) => ({
    name: 'Process Console',
    version: core.version,
    shell: core.shell,
    dataDir: core.config.dataDir,
    platform: process.platform,
  }),
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
  const parsed = calls[callName].input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    return fail('invalid_input', describeIssues(parsed.error.issues));
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

function describeIssues(issues: { path: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((issue) =>
      issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}
