import { randomUUID } from 'node:crypto';
import type { AuditIntent } from '../../../src-shared/logs';
import type { Profile } from '../../../src-shared/profile';
import type { ChangeDependencies } from './safe-change';

/** The audit records of a change: its intent, and the outcome of a retry that had landed already. */

/** What a change is about, for its audit intent; unset parts are null. */
export type ChangeSubject = Pick<AuditIntent, 'action'> &
  Partial<
    Pick<
      AuditIntent,
      'processId' | 'externalReference' | 'processTypeId' | 'stepId' | 'stepName' | 'fields' | 'note'
    >
  >;

/** The audit intent of a change on `profile`, sent with `intentId` as its Idempotency-Key. */
export function changeIntent(
  now: Date,
  profile: Profile,
  intentId: string,
  subject: ChangeSubject,
): AuditIntent {
  return {
    kind: 'intent',
    actionId: randomUUID(),
    at: now.toISOString(),
    profileId: profile.id,
    profileName: profile.name,
    environment: profile.environment,
    keyName: profile.keyName,
    processId: null,
    externalReference: null,
    processTypeId: null,
    stepId: null,
    stepName: null,
    fields: [],
    note: null,
    ...subject,
    idempotencyKey: intentId,
  };
}

/**
 * Records, for a retried intent whose earlier send had landed after all, the intent and its
 * outcome; nothing is sent again.
 */
export async function recordEarlierSend(
  deps: ChangeDependencies,
  intent: AuditIntent,
  processId: string,
  message: string,
): Promise<void> {
  await deps.audit.intent(intent);
  await deps.audit.outcome({
    kind: 'outcome',
    actionId: intent.actionId,
    at: deps.now().toISOString(),
    outcome: 'succeeded',
    status: null,
    errorCode: null,
    message,
    attempts: 0,
    processId,
  });
}
