import { z } from 'zod';
import { processSchema, stepSchema } from './api';

/**
 * What a batch's read keeps of a process (batch-store.ts `ReadResult`): its ids, type, status,
 * user and its steps' state, each rule taken from the whole process's schema (api.ts). A batch
 * reads thousands of processes and validates each answer once with this, instead of checking
 * notes, documents, fields and recorded call bodies it never keeps (issue 12).
 */
export const stepSummarySchema = stepSchema
  .pick({ stepId: true, kind: true, name: true, startedOn: true, completedOn: true })
  .extend({
    /** Whether the step's recorded REST call failed is all a batch row keeps of it. */
    restCall: z
      .object({
        response: z.object({ status: z.number() }).nullable(),
        error: z.string().nullable(),
      })
      .nullable()
      .optional(),
  });
export type StepSummary = z.output<typeof stepSummarySchema>;

/** A process as a batch's read sees it; a whole `Process` is one too. */
export const processSummarySchema = processSchema
  .pick({
    processId: true,
    processTypeId: true,
    processTypeName: true,
    externalReference: true,
    status: true,
    allocatedUser: true,
  })
  .extend({ steps: z.array(stepSummarySchema) });
export type ProcessSummary = z.output<typeof processSummarySchema>;
