import { z } from 'zod';

/** The inputs of the audit calls (`audit.list`, `audit.export`), kept here so the contract stays one screen of calls. */

const profileId = z.string().uuid('must be a profile id');
const auditTime = z.iso.datetime({ local: true, offset: true });

/** Which audit records a list or an export covers; every part optional, all must match. */
export const auditFilter = z.object({
  profileId: profileId.optional(),
  environment: z.enum(['test', 'live']).optional(),
  /** A process id or an external reference, matched as the log recorded it. */
  processId: z.string().trim().min(1).max(200).optional(),
  action: z.enum(['process.start', 'note.add', 'step.complete']).optional(),
  outcome: z.enum(['succeeded', 'failed', 'unknown', 'pending']).optional(),
  from: auditTime.optional(),
  to: auditTime.optional(),
  /** Part of an external reference or step name. */
  text: z.string().trim().min(1).max(200).optional(),
});
