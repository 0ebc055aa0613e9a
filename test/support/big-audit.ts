import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { parseAuditLine } from '../../src-main/core/audit/audit-lines';
import { joinLines } from '../../src-main/core/audit/audit-query';
import type { AuditIntent, AuditOutcome, AuditRecord } from '../../src-shared/logs';

/**
 * A year of audit written straight to `audit.jsonl` in the writer's line format (fast: no fsync per
 * line), for tests and the benchmark. Action n is deterministic: 4 profiles, 2 environments, a few
 * thousand processes, the three actions, every outcome (some never recorded), one minute apart.
 */

/** The process id of action `n`'s process: `n % processes` picks it. */
export function bigAuditProcessId(index: number): string {
  return `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

/** The external reference of process `index`. */
export function bigAuditReference(index: number): string {
  return `FT-${String(index).padStart(6, '0')}`;
}

const processes = 5000;
const start = Date.parse('2025-06-01T00:00:00.000Z');
const outcomes = ['succeeded', 'succeeded', 'succeeded', 'failed', 'unknown', null] as const;
const steps = ['Review', 'Assess', 'Tell the customer', 'Approve payment'];

/** The intent and outcome (null: never recorded) of action `n`. */
export function bigAuditAction(n: number): { intent: AuditIntent; outcome: AuditOutcome | null } {
  const process = (n * 7919) % processes;
  const profile = n % 4;
  const action = (['step.complete', 'note.add', 'process.start'] as const)[n % 3]!;
  const at = new Date(start + n * 60_000).toISOString();
  const intent: AuditIntent = {
    kind: 'intent',
    actionId: `action-${n}`,
    at,
    action,
    profileId: `profile-${profile}`,
    profileName: `Council ${profile}`,
    environment: profile === 3 ? 'live' : 'test',
    keyName: 'Batch key',
    processId: action === 'process.start' ? null : bigAuditProcessId(process),
    externalReference: bigAuditReference(process),
    processTypeId: '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01',
    stepId: action === 'step.complete' ? `step-${n % 11}` : null,
    stepName: action === 'step.complete' ? steps[n % steps.length]! : null,
    fields:
      action === 'note.add'
        ? []
        : [
            {
              name: 'Outcome',
              code: 'OUTCOME',
              fieldId: 'f1',
              fieldType: 'Text',
              confidential: false,
              value: 'Approved',
            },
            {
              name: 'NI number',
              code: 'NINO',
              fieldId: 'f2',
              fieldType: 'Text',
              confidential: true,
              value: '••••••',
            },
            {
              name: 'Reason',
              code: 'REASON',
              fieldId: 'f3',
              fieldType: 'Text',
              confidential: false,
              value: 'Meets the criteria set out in the policy.',
            },
          ],
    note:
      action === 'note.add'
        ? { contents: `Batch note ${n}: checked by the team.`, visibleToAccounts: false }
        : null,
    idempotencyKey: `idem-${n}`,
  };
  const result = outcomes[n % outcomes.length]!;
  const outcome: AuditOutcome | null = result && {
    kind: 'outcome',
    actionId: intent.actionId,
    at: new Date(start + n * 60_000 + 900).toISOString(),
    outcome: result,
    status: result === 'succeeded' ? 200 : result === 'failed' ? 409 : null,
    errorCode: result === 'failed' ? 'conflict' : result === 'unknown' ? 'outcome_unknown' : null,
    message: result === 'succeeded' ? 'Done.' : 'The service did not say.',
    attempts: 1,
    processId: bigAuditProcessId(process),
  };
  return { intent, outcome };
}

/** Appends actions `from` to `to - 1` to `file` (intent then outcome), then `tail` if given (a torn line). */
export function writeBigAudit(file: string, count: number, { from = 0, tail = '' } = {}): void {
  const fd = openSync(file, 'a', 0o600);
  try {
    let buffer = '';
    for (let n = from; n < from + count; n += 1) {
      const { intent, outcome } = bigAuditAction(n);
      buffer += `${JSON.stringify(intent)}\n`;
      if (outcome) buffer += `${JSON.stringify(outcome)}\n`;
      if (buffer.length > 1 << 22) {
        writeSync(fd, buffer);
        buffer = '';
      }
    }
    writeSync(fd, buffer + tail);
  } finally {
    closeSync(fd);
  }
}

/** Every record in `file`, oldest first, read the way the console read it before the index. */
export function scanAudit(file: string): AuditRecord[] {
  return joinLines(readFileSync(file, 'utf8').split('\n').map(parseAuditLine));
}
