import { z } from 'zod';
import { errorCodes } from '../../../src-shared/result';
import type { AuditLine } from '../../../src-shared/logs';

/**
 * The lines of `audit.jsonl` as they are read back: each one validated, so a line damaged by hand
 * or torn by a crash is skipped rather than shown half-formed.
 */

const text = z.string();
const maybeText = z.string().nullable();

const maskedFieldSchema = z.object({
  name: text,
  code: text,
  fieldId: text,
  fieldType: text,
  confidential: z.boolean(),
  value: text,
});

/** An intent line; parsing also drops any property the file format does not have. */
export const auditIntentSchema = z.object({
  kind: z.literal('intent'),
  actionId: text.min(1),
  at: text,
  action: z.enum(['process.start', 'note.add', 'step.complete']),
  profileId: text,
  profileName: text,
  environment: z.enum(['test', 'live']),
  keyName: text,
  processId: maybeText,
  externalReference: maybeText,
  processTypeId: maybeText,
  stepId: maybeText,
  stepName: maybeText,
  fields: z.array(maskedFieldSchema),
  note: z.object({ contents: text, visibleToAccounts: z.boolean() }).nullable(),
  idempotencyKey: maybeText,
});

/** An outcome line. */
export const auditOutcomeSchema = z.object({
  kind: z.literal('outcome'),
  actionId: text.min(1),
  at: text,
  outcome: z.enum(['succeeded', 'failed', 'unknown']),
  status: z.number().int().nullable(),
  errorCode: z.enum(errorCodes).nullable(),
  message: text,
  attempts: z.number().int(),
  processId: maybeText,
  /** The external reference of a process a start created; absent on older lines. */
  externalReference: maybeText.optional(),
});

const lineSchema = z.discriminatedUnion('kind', [auditIntentSchema, auditOutcomeSchema]);

/** Parses one line of the audit file; null for a blank, torn or otherwise invalid line. */
export function parseAuditLine(line: string): AuditLine | null {
  if (line.trim() === '') return null;
  let document: unknown;
  try {
    document = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = lineSchema.safeParse(document);
  return parsed.success ? parsed.data : null;
}
