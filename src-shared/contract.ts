import { z } from 'zod';
import type { Result } from './result';

/**
 * The contract: every bridge call's name (`domain.verb`), the zod schema of its one input object
 * and the type of its result. Main registers handlers from it, the preload and the browser shell
 * build `window.api` from it, the renderer imports its types only.
 */

/** Facts about the running console, for the About box and the status bar. */
export interface AppInfo {
  name: string;
  version: string;
  shell: 'electron' | 'web';
  dataDir: string;
  platform: string;
}

const noInput = z.object({}).strict().default({});

interface CallSpec<I extends z.ZodType, O> {
  input: I;
  /** Phantom: carries the result type only. */
  output?: O;
}

function call<O>() {
  return <I extends z.ZodType>(input: I): CallSpec<I, O> => ({ input });
}

/** Every call the renderer can make. */
export const calls = {
  'app.info': call<AppInfo>()(noInput),
} as const;

/** The name of a bridge call, e.g. `app.info`. */
export type CallName = keyof typeof calls;
/** What a caller passes to call `N`. */
export type CallInput<N extends CallName> = z.input<(typeof calls)[N]['input']>;
/** What the handler of `N` receives once the input is validated. */
export type ValidInput<N extends CallName> = z.output<(typeof calls)[N]['input']>;
/** What call `N` returns on success. */
export type CallOutput<N extends CallName> = NonNullable<(typeof calls)[N]['output']>;

/** The list of call names, for the shells that register or build them. */
export const callNames = Object.keys(calls) as CallName[];

type Domain<N> = N extends `${infer D}.${string}` ? D : never;
type Verb<N, D extends string> = N extends `${D}.${infer V}` ? V : never;

/** `window.api`: one named function per call, grouped by domain (`api.app.info()`). */
export type Api = {
  [D in Domain<CallName>]: {
    [V in Verb<CallName, D>]: `${D}.${V}` extends infer N extends CallName
      ? (input?: CallInput<N>) => Promise<Result<CallOutput<N>>>
      : never;
  };
};
