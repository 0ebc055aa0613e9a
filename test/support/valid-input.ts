import { randomUUID } from 'node:crypto';
import { calls, type CallInput, type CallName, type ValidInput } from '../../src-shared/contract';
import { describeIssues } from '../../src-shared/input-errors';
import { plainIssueMessage } from '../../src-shared/issue-messages';

type WithoutProfile<T> = Omit<T, 'profileId'>;

const placeholderProfile = '00000000-0000-4000-8000-000000000000';
const oneIntentPerCall = new Set<CallName>(['steps.complete', 'notes.add']);

/**
 * What the door into main hands a core function: the input parsed by the call's contract schema
 * (defaults filled, text trimmed), as if it came through the bridge. A call that needs an intent
 * id gets a new one when the test gives none, as the dialogs make one per user action. A bad
 * input throws the sentence the door would answer with.
 */
export function valid<N extends CallName>(
  name: N,
  input: Omit<CallInput<N>, 'profileId' | 'intentId'> & { intentId?: string },
): WithoutProfile<ValidInput<N>> {
  const raw = {
    profileId: placeholderProfile,
    ...(oneIntentPerCall.has(name) ? { intentId: randomUUID() } : {}),
    ...input,
  };
  const parsed = calls[name].input.safeParse(raw, { error: plainIssueMessage });
  if (!parsed.success) throw new Error(describeIssues(parsed.error.issues, raw));
  const { profileId: _profileId, ...rest } = parsed.data as ValidInput<N> & { profileId?: string };
  return rest as WithoutProfile<ValidInput<N>>;
}
