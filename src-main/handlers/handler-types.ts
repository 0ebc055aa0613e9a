import type { CallName, CallOutput, ValidInput } from '../../src-shared/contract';
import type { Core } from '../core/create-core';

/** What the bridge layer gives every handler besides its input. */
export interface CallContext {
  /**
   * Aborted when the renderer cancels this read (`requests.cancel`); never aborted for a change,
   * which is not cancellable (src-shared/call-spec.ts `read` says why).
   */
  signal: AbortSignal;
}

/** One call's handler: the validated input in, the call's result out (or a thrown Failure). */
export type Handler<N extends CallName> = (
  core: Core,
  input: ValidInput<N>,
  context: CallContext,
) => Promise<CallOutput<N>> | CallOutput<N>;

/** Every call of the contract with its handler. */
export type HandlerTable = { [N in CallName]: Handler<N> };

/** The handlers of the calls of some domains (`profiles`, `steps`, ...), for one module to provide. */
export type DomainHandlers<D extends string> = {
  [N in CallName as N extends `${D}.${string}` ? N : never]: Handler<N>;
};
