import { z } from 'zod';
import { referenceServiceLimits } from '../../src-shared/limits';

/**
 * The seed format: process types, forms, staff and demo processes. The demo seed is a module of
 * this shape; `--seed FILE` reads a JSON file of the same shape. Cross-references (step names,
 * form questions, groups) are checked by `checkSeedReferences`.
 */

const code = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'a code is a letter then letters, digits, _ . -');
const text = z.string().min(1).max(200);
const xmlName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/, 'not an XML element name');
const headerName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/, 'not an HTTP header name');

const ruleSchema = z
  .strictObject({
    field: code,
    operator: z.enum(['equals', 'notEquals', 'isEmpty']),
    value: z.string().max(1000).optional(),
    goTo: text,
  })
  .refine((rule) => rule.operator === 'isEmpty' || rule.value !== undefined, {
    message: 'equals and notEquals rules need a value',
  });

const restSchema = z.strictObject({
  method: z.enum(['POST', 'PUT', 'PATCH']).default('POST'),
  url: z.url({ protocol: /^https?$/ }).optional(),
  headers: z
    .array(
      z.strictObject({ name: headerName, value: z.string().max(4096), secret: z.boolean().default(false) }),
    )
    .default([]),
  includeFields: z.boolean().default(false),
  subscriptionId: z.guid().optional(),
  responseMapping: z
    .array(z.strictObject({ path: z.string().min(1).max(200), code, name: text.optional() }))
    .default([]),
  failureUser: text,
  timeoutMs: z.number().int().positive().max(120_000).optional(),
});

const stepSchema = z
  .strictObject({
    name: text,
    kind: z.enum(['Standard', 'RestApi']),
    allocatedUser: text.optional(),
    rest: restSchema.optional(),
    rules: z.array(ruleSchema).default([]),
    endsProcess: z.boolean().default(false),
  })
  .refine((step) => (step.kind === 'RestApi') === (step.rest !== undefined), {
    message: 'a RestApi step needs `rest`, and only a RestApi step may have it',
  });

const processTypeSchema = z.strictObject({
  processTypeId: z.guid(),
  name: text,
  referencePrefix: z.string().regex(/^[A-Z][A-Z0-9]{0,9}$/, 'capital letters and digits, up to 10'),
  customerAccountMandatory: z.boolean().default(false),
  locationField: code.optional(),
  geoTagField: code.optional(),
  steps: z.array(stepSchema).min(1),
});

/** One element of a form's data-mapping template; `value` may hold `{{…}}` placeholders. */
export interface TemplateNode {
  element: string;
  value?: string;
  children?: TemplateNode[];
}

const templateNodeSchema: z.ZodType<TemplateNode> = z.lazy(() =>
  z.strictObject({
    element: xmlName,
    value: z.string().max(1000).optional(),
    children: z.array(templateNodeSchema).optional(),
  }),
);

const formSchema = z.strictObject({
  formCode: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'lower-case letters, digits and -'),
  title: text,
  processTypeId: z.guid(),
  customerAccountMandatory: z.boolean(),
  questions: z.array(
    z.strictObject({
      code,
      label: text,
      confidential: z.boolean().default(false),
      required: z.boolean().default(false),
    }),
  ),
  document: z.strictObject({ filename: text, template: templateNodeSchema }),
});

const staffSchema = z.strictObject({
  groups: z.array(z.strictObject({ name: text, permissions: z.array(text) })),
  users: z.array(
    z.strictObject({
      userName: z.string().regex(/^[a-z][a-z0-9._-]{0,31}$/, 'lower-case letters, digits, . _ -'),
      displayName: text,
      groups: z.array(text),
    }),
  ),
});

const accountSchema = z.strictObject({ accountId: z.guid(), reference: text, name: text });

const fieldSchema = z.strictObject({
  code,
  value: z.string().max(10_000),
  fieldId: z.guid(),
  name: text.optional(),
  description: z.string().max(1000).optional(),
  fieldType: text.optional(),
  confidential: z.boolean().optional(),
});

const historySchema = z.union([
  z.strictObject({
    note: z.strictObject({
      contents: z.string().min(1).max(referenceServiceLimits.noteContents),
      visibleToAccounts: z.boolean().default(false),
      author: text,
    }),
  }),
  z.strictObject({
    restCall: z
      .strictObject({
        url: z.url().optional(),
        status: z.number().int().min(100).max(599).optional(),
        body: z.unknown().optional(),
        error: z.string().max(1000).optional(),
      })
      .refine((call) => call.status !== undefined || call.error !== undefined, {
        message: 'a recorded call needs a status, an error, or both',
      }),
  }),
  z.strictObject({ complete: z.strictObject({ fields: z.array(fieldSchema).default([]) }) }),
]);

const seedProcessSchema = z.strictObject({
  processTypeId: z.guid(),
  form: z.string().optional(),
  answers: z.record(z.string(), z.string().max(10_000)).optional(),
  fields: z.array(fieldSchema).default([]),
  accounts: z.array(accountSchema).default([]),
  startedBy: text.default('Demo seed'),
  minutesAgo: z.number().int().nonnegative().default(0),
  history: z.array(historySchema).default([]),
});

/** The whole seed. */
export const seedSchema = z.strictObject({
  $schema: z.string().optional(),
  version: z.literal(1),
  name: text,
  processTypes: z.array(processTypeSchema).min(1),
  forms: z.array(formSchema).default([]),
  staff: staffSchema,
  processes: z.array(seedProcessSchema).default([]),
});

/** A seed as written (defaults may be left out). */
export type SeedInput = z.input<typeof seedSchema>;
/** A validated seed with defaults filled in. */
export type Seed = z.output<typeof seedSchema>;
/** A process type definition. */
export type ProcessTypeDefinition = Seed['processTypes'][number];
/** A step of a process type. */
export type StepDefinition = ProcessTypeDefinition['steps'][number];
/** A REST API step's call settings. */
export type RestStepDefinition = NonNullable<StepDefinition['rest']>;
/** A branching rule. */
export type BranchRule = StepDefinition['rules'][number];
/** A form definition. */
export type FormDefinition = Seed['forms'][number];
/** A demo process and the history to replay on it. */
export type SeedProcess = Seed['processes'][number];
/** One replayed event of a demo process. */
export type SeedHistoryEvent = SeedProcess['history'][number];

/** Schemas of single definitions, for re-reading what the database stores. */
export const definitionSchemas = { processType: processTypeSchema, form: formSchema };
