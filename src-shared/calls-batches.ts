import { z } from 'zod';
import { fieldInputSchema, fieldsInput, guid, noteInputSchema } from './api';
import {
  numberItems,
  sortLines,
  splitBatchText,
  tooManyLines,
  tooManyToSort,
  type SourceItems,
} from './batch-lines';
import type {
  BatchCreated,
  BatchPage,
  BatchProcessType,
  BatchProgress,
  BatchRunAnswer,
  BatchSettings,
  BatchSummary,
} from './batches';
import { call, event, profileId } from './call-spec';
import { csvColumn } from './csv-column';
import { limits } from './limits';
import { stepText } from './step-text';

/** The batch calls (issue 12): make, read, act on and export lists of processes. contract.ts spreads them. */

const batchId = z.string().uuid('must be a batch id');
const batchName = z
  .string()
  .trim()
  .min(1, 'is empty; give the batch a name')
  // Worded here: zod's own ("Too big: expected string to have <=200 characters") is no sentence.
  .max(200, 'is longer than 200 characters; give the batch a shorter name');
const sourceText = z
  .string()
  .max(
    limits.batchSourceCharacters,
    `is larger than ${limits.batchSourceCharacters / 2 ** 20} MiB; a batch holds at most ${limits.batchLines.toLocaleString('en')} lines, so split the file`,
  );
/**
 * Rows chosen in the table, by their row number, each once: a read counted a repeat twice in its
 * total, so its progress read "1 of 2" for one row.
 */
const rowNumbers = z
  .array(z.number().int().min(1).max(limits.batchLines))
  .min(1)
  .max(limits.batchLines)
  .transform((rows) => [...new Set(rows)]);
/** A hard cap on what is split at all, so a huge paste is refused before it is sorted. */
const maxRawItems = limits.batchRawLines;

/**
 * Making a batch: from `items`, pasted `text`, a `csv` with its `column`, or inbox `deliveryIds`
 * (exactly one). The handler receives the lines sorted out (sortLines) in `sorted`.
 */
const createInput = z
  .object({
    profileId,
    name: batchName.optional(),
    items: z.array(z.string().max(1_000)).max(maxRawItems).optional(),
    text: sourceText.optional(),
    csv: sourceText.optional(),
    column: z
      .string()
      .trim()
      .min(1, 'is empty; name the CSV column to take')
      .max(200, 'is longer than 200 characters; no CSV column is named like that')
      .optional(),
    // One over the cap passes here, so that one too many is told in tooManyToSort's sentence; a
    // batch's own limit is on the processes they name, counted in main once repeats are dropped.
    deliveryIds: z
      .array(z.string().min(1).max(100))
      .min(1)
      .max(maxRawItems + 1)
      .optional(),
  })
  .strict()
  .transform((input, context) => {
    const sources = [input.items, input.text, input.csv, input.deliveryIds].filter((s) => s !== undefined);
    if (sources.length !== 1) {
      context.addIssue({ code: 'custom', message: 'Give exactly one of items, text, csv or deliveryIds.' });
      return z.NEVER;
    }
    let source: SourceItems = numberItems(input.items ?? [], 1, maxRawItems);
    if (input.text !== undefined) source = splitBatchText(input.text, maxRawItems);
    if (input.csv !== undefined) {
      if (input.column === undefined) {
        context.addIssue({
          code: 'custom',
          message: 'Name the CSV column that holds the process ids or references.',
        });
        return z.NEVER;
      }
      const column = csvColumn(input.csv, input.column);
      if (!column.ok) {
        context.addIssue({ code: 'custom', message: column.message });
        return z.NEVER;
      }
      // A CSV's cells are numbered as the spreadsheet numbers its rows: the header is row 1.
      source = numberItems(column.cells, 2, maxRawItems);
    }
    // A huge paste is refused before it is sorted; the batch's own limit is on the lines left once
    // repeats are dropped: 12,000 lines naming 6,000 processes (a report with a row per step) were
    // refused, and splitting them put one process in two batches, its change sent by each.
    const early = tooManyToSort(input.deliveryIds?.length ?? source.count, input.deliveryIds !== undefined);
    if (early !== null) {
      context.addIssue({ code: 'custom', message: early });
      return z.NEVER;
    }
    const sorted = sortLines(source);
    const tooMany = tooManyLines(sorted.lines.length);
    if (tooMany !== null) {
      context.addIssue({ code: 'custom', message: tooMany });
      return z.NEVER;
    }
    return { profileId: input.profileId, name: input.name, deliveryIds: input.deliveryIds, sorted };
  });

/** A table's filter; the renderer checks its boxes with these rules before asking. */
export const batchRowFilter = z
  .object({
    stepName: stepText('is empty; choose a step').optional(),
    kind: stepText('is empty; choose a step kind').optional(),
    /** Waiting at the current step longer than this many hours (days: 24 times). */
    waitingLongerThanHours: z
      .number()
      .min(0, 'must be 0 or more')
      .max(24 * 3650, 'must be at most 3,650 days (87,600 hours)')
      .optional(),
    restFailed: z.boolean().optional(),
    readFailed: z.boolean().optional(),
    action: z
      .enum(['none', 'queued', 'sending', 'done', 'skipped', 'failed', 'outcome unknown', 'cancelled'])
      .optional(),
    /** Part of the input, reference, type, step or user, any case. */
    text: z.string().trim().min(1).max(200).optional(),
  })
  .strict();

/** The columns a table can be sorted by. */
export const batchSortKeys = [
  'rowNo',
  'input',
  'externalReference',
  'processTypeName',
  'status',
  'stepName',
  'waitingSince',
  'allocatedUser',
  'read',
  'action',
] as const;

/** A batch completion's fields: a field id may be `{processId}`, each row's own process id (any GUID is a valid fieldId). */
export const batchFieldsInput = fieldsInput(
  fieldInputSchema.extend({ fieldId: z.union([guid, z.literal('{processId}')]) }),
);

/** A run's action: the same note on each row, or completing the current step when it has this name. */
export const batchActionInput = z.discriminatedUnion('kind', [
  noteInputSchema.extend({ kind: z.literal('note') }).strict(),
  z
    .object({
      kind: z.literal('complete'),
      stepName: stepText('must be chosen: read the batch, then choose the step its rows wait at'),
      fields: batchFieldsInput,
    })
    .strict(),
]);

const pace = {
  concurrency: z.number().int().min(1, 'must be at least 1').max(32, 'must be at most 32').optional(),
  ratePerSecond: z
    .number()
    .min(0.1, 'must be at least 0.1')
    .max(limits.batchRatePerSecond, `must be at most ${limits.batchRatePerSecond.toLocaleString('en')}`)
    .optional(),
};

export const batchCalls = {
  'batches.create': call<BatchCreated>()(createInput),
  'batches.list': call<BatchSummary[]>()(z.object({ profileId: profileId.optional() }).strict().default({})),
  'batches.get': call<BatchPage>()(
    z
      .object({
        batchId,
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(1000).default(200),
        sort: z
          .object({ by: z.enum(batchSortKeys), direction: z.enum(['asc', 'desc']).default('asc') })
          .strict()
          .default({ by: 'rowNo', direction: 'asc' }),
        filter: batchRowFilter.default({}),
      })
      .strict(),
  ),
  /** The process types of the read rows at a step (of the chosen `rows`), for its field presets. */
  'batches.processTypes': call<BatchProcessType[]>()(
    z
      .object({
        batchId,
        stepName: stepText('is empty; name the step'),
        rows: rowNumbers.optional(),
      })
      .strict(),
  ),
  'batches.rename': call<BatchSummary>()(z.object({ batchId, name: batchName }).strict()),
  'batches.delete': call<{ deleted: true }>()(z.object({ batchId }).strict()),
  /** Reads every row not read yet, or re-reads the chosen `rows`. */
  'batches.read': call<BatchSummary>()(z.object({ batchId, rows: rowNumbers.optional() }).strict()),
  /** Without `confirm`: the review. With it (on a live profile: the count typed): the run starts. */
  'batches.run': call<BatchRunAnswer>()(
    z
      .object({
        batchId,
        action: batchActionInput,
        rows: rowNumbers.optional(),
        confirm: z.string().max(20).optional(),
      })
      .strict(),
  ),
  'batches.pause': call<BatchSummary>()(z.object({ batchId }).strict()),
  /**
   * Resumes a paused read or run. Confidential field values are never stored, so a run resumed
   * after a restart is given its fields again (the same rules as `batches.run`); without them it
   * stays paused and its reason names the fields.
   */
  'batches.resume': call<BatchSummary>()(z.object({ batchId, fields: batchFieldsInput.optional() }).strict()),
  'batches.cancel': call<BatchSummary>()(z.object({ batchId }).strict()),
  'batches.export': call<{ path: string; count: number }>()(
    z.object({ batchId, format: z.enum(['csv', 'jsonl']) }).strict(),
  ),
  'batches.settings': call<BatchSettings>()(z.object({ profileId, ...pace }).strict()),
} as const;

/** The batch events; contract.ts spreads them into `events`. */
export const batchEvents = {
  /** A batch's read or run moved on, paused itself, or ended. */
  'batch.progress': event<BatchProgress>(),
} as const;
