import { z } from 'zod';
import { limits } from './limits';

/**
 * The Process Integration API's objects (API.md) as zod schemas: the console's client validates
 * every response with them (after folding PascalCase keys, see answer-keys.ts), and their inferred
 * types are the contract's. Extra keys are tolerated (stripped); optional values may be null or
 * missing; a missing or mistyped key the console relies on (ids, step kind, completedOn) is a bad
 * response naming it.
 */

/** GUID in the 8-4-4-4-12 hex form; the API does not check versions or variants. */
export const guidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A GUID string (API.md: "fieldId must be GUID format"). */
export const guid = z.string().regex(guidPattern, 'must be a GUID like 3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10');

/**
 * ISO 8601 date and time as services write it: seconds, a fraction of any length (.NET writes 7
 * digits) and a zone (`Z`, `+01:00`) all optional, `T` or a space between date and time.
 */
export const isoDateTimePattern =
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/** A date-time as the service writes it, kept as written (the renderer formats it). */
export const dateTime = z
  .string()
  .regex(isoDateTimePattern, 'must be an ISO 8601 date and time like 2026-06-03T09:14:22');

/** An optional value a tenant may send as null or leave out: read as `fallback`. */
function optional<S extends z.ZodType, const D>(schema: S, fallback: D) {
  return schema
    .nullish()
    .transform((value): z.output<S> | D => (value === null || value === undefined ? fallback : value));
}

/** A process field (API.md "Field"). */
export const fieldSchema = z.object({
  name: z.string(),
  value: optional(z.string(), ''),
  fieldId: z.string(),
  code: z.string(),
  description: optional(z.string(), ''),
  fieldType: z.string(),
  confidential: optional(z.boolean(), false),
});
export type Field = z.output<typeof fieldSchema>;

/** The recorded outbound call of a REST API step; secret header values come redacted. */
export const restCallSchema = z.object({
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.unknown(),
  }),
  response: z
    .object({
      status: z.number(),
      headers: z.record(z.string(), z.string()),
      body: z.unknown(),
    })
    .nullable(),
  error: z.string().nullable(),
  at: dateTime,
});
export type RestCall = z.output<typeof restCallSchema>;

/** A step of a process (API.md "Step"). */
export const stepSchema = z.object({
  stepId: z.string(),
  kind: z.string(),
  name: z.string(),
  startedOn: optional(dateTime, null),
  // Required, null or a date: whether a step is complete is what the console acts on.
  completedOn: dateTime.nullable(),
  restCall: restCallSchema.nullable().optional(),
  /**
   * The field codes the step's branching rules read, when the service says them (the reference
   * service does; API.md's Step has no such key). Only a hint to offer when completing the step,
   * so a value of another shape is dropped rather than failing the whole answer.
   */
  ruleFieldCodes: z
    .array(z.string().trim().min(1).max(limits.fieldCode))
    .max(limits.fields)
    .optional()
    .catch(undefined),
});
export type Step = z.output<typeof stepSchema>;

/** A note on a process. */
export const noteSchema = z.object({
  noteId: z.string(),
  contents: z.string(),
  visibleToAccounts: optional(z.boolean(), false),
  author: z.string(),
  createdOn: dateTime,
});
export type Note = z.output<typeof noteSchema>;

/** A document attached to a process, without its contents. */
export const documentSummarySchema = z.object({
  documentId: z.string(),
  filename: z.string(),
  contentType: z.string(),
  href: z.string(),
});
export type DocumentSummary = z.output<typeof documentSummarySchema>;

/** A customer account linked to a process. */
export const accountSchema = z.object({
  accountId: z.string(),
  reference: optional(z.string(), ''),
  name: optional(z.string(), ''),
});
export type Account = z.output<typeof accountSchema>;

/** A process with everything the service returns about it. */
export const processSchema = z.object({
  processId: z.string(),
  processTypeId: z.string(),
  processTypeName: optional(z.string(), ''),
  externalReference: z.string(),
  status: z.string(),
  startedDate: optional(dateTime, null),
  completedDate: optional(dateTime, null),
  location: optional(z.string(), null),
  allocatedUser: optional(z.string(), null),
  steps: z.array(stepSchema),
  notes: optional(z.array(noteSchema), []),
  documents: optional(z.array(documentSummarySchema), []),
  accounts: optional(z.array(accountSchema), []),
  fields: optional(z.array(fieldSchema), []),
});
export type Process = z.output<typeof processSchema>;

/** The answer to completing a step. */
export const completeStepResponseSchema = z.object({
  completedStep: stepSchema,
  currentStep: stepSchema.nullable(),
  process: processSchema,
});
export type CompleteStepResponse = z.output<typeof completeStepResponseSchema>;

/** A document with its base64 contents, as the documents operation returns it. */
export const rawDocumentSchema = z.object({
  filename: z.string(),
  contents: z.string(),
  contentType: z.string(),
});
export type RawDocument = z.output<typeof rawDocumentSchema>;

/** The service's error body (API.md conventions). */
export const serviceErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.unknown()).optional(),
  }),
});

/** RFC 9457's media type: ASP.NET Core answers every refusal with it (a .NET tenant's default). */
export const problemJsonType = 'application/problem+json';

/**
 * RFC 9457 Problem Details as ASP.NET Core writes them: `traceId` is its extension member, and a
 * validation answer's `errors` maps each .NET property path (`Fields[0].FieldId`) to its messages.
 * A member of another type is read as absent, so one odd member does not hide the others.
 */
export const problemDetailsSchema = z.object({
  type: z.string().optional().catch(undefined),
  title: z.string().optional().catch(undefined),
  status: z.number().optional().catch(undefined),
  detail: z.string().optional().catch(undefined),
  instance: z.string().optional().catch(undefined),
  traceId: z.string().optional().catch(undefined),
  errors: z
    .record(z.string(), z.union([z.array(z.string()), z.string()]))
    .optional()
    .catch(undefined),
});
export type ProblemDetails = z.output<typeof problemDetailsSchema>;

/** A field as the console sends it (start and complete-step). */
export const fieldInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(limits.fieldName),
  value: z.string().max(limits.fieldValue),
  fieldId: guid,
  code: z.string().trim().min(1, 'Code is required').max(limits.fieldCode),
  description: z.string().max(limits.fieldDescription).default(''),
  fieldType: z.string().min(1).max(limits.fieldType).default('Text'),
  confidential: z.boolean().default(false),
});
export type FieldInput = z.input<typeof fieldInputSchema>;

/**
 * The fields of one request: each code once (the service maps values by code), and no more in
 * all than fits through the bridge.
 */
export function fieldsInput<F extends z.ZodType<{ code: string; value: string }>>(field: F) {
  return z
    .array(field)
    .max(limits.fields, `At most ${limits.fields} fields can be sent at once`)
    .superRefine((fields, context) => {
      const seen = new Map<string, number>();
      let total = 0;
      fields.forEach(({ code, value }, index) => {
        total += value.length;
        const earlier = seen.get(code);
        if (earlier === undefined) seen.set(code, index);
        else {
          context.addIssue({
            code: 'custom',
            path: [index],
            message: `the code ${code} is already used by field ${earlier + 1}; each code may appear once`,
          });
        }
      });
      if (total > limits.fieldValuesTotal) {
        context.addIssue({
          code: 'custom',
          message: `The field values add up to ${total.toLocaleString('en')} characters; at most ${limits.fieldValuesTotal.toLocaleString('en')} can be sent at once`,
        });
      }
    });
}

/**
 * A note's contents up to `limit` characters: the contract's own maximum, or the smaller one a
 * profile's tenant is known to take (limits.ts), so the form and main's door say it alike.
 */
export function noteContentsSchema(limit: number = limits.noteContents) {
  return z.string().trim().min(1, 'The note is empty').max(limit);
}

/** A note as the console sends it. */
export const noteInputSchema = z.object({
  contents: noteContentsSchema(),
  visibleToAccounts: z.boolean().default(false),
});

/** The start-a-process request body (API.md operation 1). */
export const startProcessInputSchema = z.object({
  processTypeId: guid,
  accounts: z.array(z.object({ accountId: z.string().min(1) })).default([]),
  notes: z.array(noteInputSchema).default([]),
  fields: fieldsInput(fieldInputSchema.extend({ fieldType: z.literal('Text').default('Text') })).default([]),
  externalReference: z.string().trim().min(1).max(100).optional(),
});
