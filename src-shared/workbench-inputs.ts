import { z } from 'zod';
import { wholeNumber } from './number-inputs';
import { walkStage } from './walk';

/** Inputs of the integration workbench's calls (inbox, walk, test forms), used by contract.ts. */

const profileId = z.string().uuid('must be a profile id');

/**
 * The caps of a profile's receiver, the one home of their ranges (core reads settings with it too):
 * below them a rehearsal would refuse its own service, above them a flood could fill the disk.
 */
export const inboxLimitsSchema = z.strictObject({
  maxDeliveries: wholeNumber(1, 1_000_000, 'deliveries', {
    tooSmall: 'must be at least 1',
    tooBig: 'must be at most 1,000,000',
  }),
  // Sent in bytes, typed in MiB: the range sentence gives it in the form's unit.
  maxBytes: wholeNumber(64 * 1024, 4 * 1024 ** 3, 'MiB', {
    shown: { min: '0.0625', max: '4,096' },
    tooSmall: 'must be at least 64 KiB (65536)',
    tooBig: 'must be at most 4 GiB',
  }),
  perSecond: wholeNumber(1, 100_000, 'deliveries a second', {
    tooSmall: 'must be at least 1',
    tooBig: 'must be at most 100,000',
  }),
});

/** `inbox.configure`: a change to a profile's receiver; `sharedHeader: null` clears it. */
export const inboxConfigureInput = z
  .object({
    profileId,
    enabled: z.boolean().optional(),
    reply: z
      .object({
        status: z
          .union([
            z.literal(200),
            z.literal(201),
            z.literal(202),
            z.literal(204),
            z.literal(400),
            z.literal(500),
            z.literal(503),
          ])
          .optional(),
        delayMs: wholeNumber(0, 60_000, 'milliseconds').optional(),
        body: z.record(z.string(), z.unknown()).optional(),
      })
      .strict()
      .optional(),
    limits: inboxLimitsSchema.partial().optional(),
    sharedHeader: z
      .object({
        name: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name (letters, digits, -)'),
        secret: z.string().min(8, 'must be at least 8 characters').max(512),
      })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();

/** `forms.submit`: a test submission to the reference service's customer-facing forms. */
export const formSubmissionInput = z
  .object({
    profileId,
    // The service knows its forms; the console only checks the code's shape.
    formCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/, 'must be a form code (letters, digits, - and _)'),
    answers: z.record(z.string(), z.string().max(10_000)),
    account: z
      .object({ accountId: z.string().min(1), reference: z.string(), name: z.string() })
      .strict()
      .optional(),
  })
  .strict();

/** `walk.save`: how far a delivery's walk through the pattern got. */
export const walkSaveInput = z
  .object({
    deliveryId: z.string().min(1).max(100),
    /** The profile the walk runs on: main refuses it unless the delivery came to that profile. */
    profileId,
    progress: walkStage,
  })
  .strict();
