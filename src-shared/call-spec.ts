import { z } from 'zod';
import { guidPattern } from './api';

/**
 * The building blocks of the contract (contract.ts): how a call and an event are declared, and the
 * inputs many calls share. A domain with many calls declares them in its own module
 * (`src-shared/calls-<domain>.ts`) with these, and contract.ts spreads them into `calls`.
 */

export interface CallSpec<I extends z.ZodType, O> {
  input: I;
  /** Phantom: carries the result type only. */
  output?: O;
}

/** `call<Result>()(inputSchema)`: a call whose validated input is `inputSchema`'s output. */
export function call<O>() {
  return <I extends z.ZodType>(input: I): CallSpec<I, O> => ({ input });
}

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
