import type { AuditIntent, AuditOutcome } from '../../../../../src-shared/logs';

/** An intent line with plausible values; override what a test is about. */
export function intent(actionId: string, extra: Partial<AuditIntent> = {}): AuditIntent {
  return {
    kind: 'intent',
    actionId,
    at: '2026-06-03T09:00:00.000Z',
    action: 'step.complete',
    profileId: 'profile-a',
    profileName: 'Tenant test',
    environment: 'test',
    keyName: 'Console key',
    processId: 'process-1',
    externalReference: 'FT-000042',
    processTypeId: null,
    stepId: 'step-1',
    stepName: 'Review',
    fields: [],
    note: null,
    idempotencyKey: `idem-${actionId}`,
    ...extra,
  };
}

/** The outcome line of `actionId`. */
export function outcome(actionId: string, extra: Partial<AuditOutcome> = {}): AuditOutcome {
  return {
    kind: 'outcome',
    actionId,
    at: '2026-06-03T09:00:01.000Z',
    outcome: 'succeeded',
    status: 200,
    errorCode: null,
    message: 'Step completed.',
    attempts: 1,
    processId: 'process-1',
    ...extra,
  };
}
