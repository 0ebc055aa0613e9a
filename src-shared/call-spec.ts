import { z } from 'zod';
import { guidPattern } from './api';

/**
 * The building blocks of the contract (contract.ts): how a call and an event are declared, and the
 * inputs many calls share. A domain with many calls declares them in its own module
 * (`src-shared/calls-<domain>.ts`) with these, and contract.ts spreads them into `calls`.
 */

export interface CallSpec<I extends z.ZodType, O, C extends boolean = boolean> {
  input: I;
  /** Phantom: carries the result type only. */
  output?: O;
  /** A read the renderer may cancel: its input may carry a `requestId` (see {@link read}). */
  cancellable: C;
}

/** `call<Result>()(inputSchema)`: a call whose validated input is `inputSchema`'s output. */
export function call<O>() {
  return <I extends z.ZodType>(input: I): CallSpec<I, O, false> => ({ input, cancellable: false });
}

/**
 * `read<Result>()(inputSchema)`: a read the user may stop waiting for. Its input may carry a
 * `requestId`; the bridge layer (src-main/handlers.ts) takes it off before validation, keeps an
 * AbortController under it, and `requests.cancel {requestId}` aborts the read in main.
 *
 * Changes are declared with {@link call}, never as reads: once a change's request has left, the
 * service may have acted on it, so abandoning it would turn a known outcome into an unknown one.
 * A change is settled instead (sent, then read back when its answer is lost: safe-change.ts).
 */
export function read<O>() {
  return <I extends z.ZodType>(input: I): CallSpec<I, O, true> => ({ input, cancellable: true });
}

/** What a cancellable read's input may carry besides its own fields. */
export interface ReadOptions {
  /** Chosen by the renderer, one per request: `requests.cancel` names it. */
  requestId?: string;
}

/** The id a renderer gives one read, so it can cancel that read and no other. */
export const requestId = z.string().uuid('must be a UUID, one per request');

export interface EventSpec<P> {
  /** Phantom: carries the payload type only. */
  payload?: P;
}

export function event<P>(): EventSpec<P> {
  return {};
}

export const noInput = z.object({}).strict().default({});
export const profileId = z.string().uuid('must be a profile id');
export const externalReference = z.string().trim().min(1, 'is empty; enter one like FT-000042').max(200);
export const intentId = z.string().uuid('must be a UUID, one per user intent');
/** What the user typed to confirm a change on a live tenant (src-shared/live-confirmation.ts). */
export const confirmation = z.string().max(200).optional();

/** An id the service gave (process, step, document): a GUID; the sentence quotes what was typed. */
export function serviceId() {
  return z
    .string()
    .trim()
    .min(1, 'is empty; enter one and try again')
    .regex(guidPattern, {
      error: (issue) =>
        `"${clip(String(issue.input))}" is not a GUID like 3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10`,
    });
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
