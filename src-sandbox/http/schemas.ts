import type { FastifyInstance } from 'fastify';
import { referenceServiceLimits } from '../../src-shared/limits';
import { guidPattern } from '../domain/clock';

/**
 * The shared JSON schemas of the API: they validate requests, serialize responses and become the
 * components of the one OpenAPI document. Request schemas allow unknown properties (ignored) as
 * a lenient server would; types, GUIDs and sizes are strict.
 */

const guid = { type: 'string', pattern: guidPattern } as const;
const nullableString = { type: ['string', 'null'] } as const;
const stringMap = { type: 'object', additionalProperties: { type: 'string' } } as const;

const schemas = [
  {
    $id: 'FieldInput',
    type: 'object',
    description:
      'A field sent by a client. `code` maps the value; `fieldId` must be a GUID and is not used to map.',
    required: ['code', 'value', 'fieldId'],
    properties: {
      name: { type: 'string', maxLength: 200 },
      value: { type: 'string', maxLength: 10_000 },
      fieldId: guid,
      code: { type: 'string', minLength: 1, maxLength: 100 },
      description: { type: 'string', maxLength: 1000 },
      fieldType: { type: 'string', minLength: 1, maxLength: 50, examples: ['Text'] },
      confidential: { type: 'boolean' },
    },
  },
  {
    $id: 'Field',
    type: 'object',
    required: ['name', 'value', 'fieldId', 'code', 'description', 'fieldType', 'confidential'],
    properties: {
      name: { type: 'string' },
      value: { type: 'string' },
      fieldId: { type: 'string' },
      code: { type: 'string' },
      description: { type: 'string' },
      fieldType: { type: 'string' },
      confidential: { type: 'boolean' },
    },
  },
  {
    $id: 'Account',
    type: 'object',
    required: ['accountId', 'reference', 'name'],
    properties: {
      accountId: guid,
      reference: { type: 'string', minLength: 1, maxLength: 100 },
      name: { type: 'string', minLength: 1, maxLength: 200 },
    },
  },
  {
    $id: 'NoteInput',
    type: 'object',
    required: ['contents'],
    properties: {
      contents: { type: 'string', minLength: 1, maxLength: referenceServiceLimits.noteContents },
      visibleToAccounts: { type: 'boolean', default: false },
    },
  },
  {
    $id: 'Note',
    type: 'object',
    required: ['noteId', 'contents', 'visibleToAccounts', 'author', 'createdOn'],
    properties: {
      noteId: { type: 'string' },
      contents: { type: 'string' },
      visibleToAccounts: { type: 'boolean' },
      author: { type: 'string', description: "The API key's name for notes added through the API." },
      createdOn: { type: 'string', examples: ['2026-06-03T09:14:22'] },
    },
  },
  {
    $id: 'RestCall',
    type: ['object', 'null'],
    description: 'What a REST API step sent and got back; null while the step is not yet called.',
    required: ['request', 'response', 'error', 'at'],
    properties: {
      request: {
        type: 'object',
        required: ['method', 'url', 'headers', 'body'],
        properties: { method: { type: 'string' }, url: { type: 'string' }, headers: stringMap, body: {} },
      },
      response: {
        type: ['object', 'null'],
        required: ['status', 'headers', 'body'],
        properties: { status: { type: 'integer' }, headers: stringMap, body: {} },
      },
      error: nullableString,
      at: { type: 'string' },
    },
  },
  {
    $id: 'Step',
    type: 'object',
    required: ['stepId', 'kind', 'name', 'startedOn', 'completedOn'],
    properties: {
      stepId: { type: 'string' },
      kind: { type: 'string', enum: ['Standard', 'RestApi'] },
      name: { type: 'string' },
      startedOn: { type: 'string', examples: ['2026-06-03T09:14:22'] },
      completedOn: nullableString,
      restCall: { $ref: 'RestCall#' },
      ruleFieldCodes: {
        type: 'array',
        items: { type: 'string' },
        description:
          'Ours, optional: the field codes this step’s branching rules read, to return when completing it. ' +
          'Absent when the step has no rules.',
      },
    },
  },
  {
    $id: 'DocumentSummary',
    type: 'object',
    required: ['documentId', 'filename', 'contentType', 'href'],
    properties: {
      documentId: { type: 'string' },
      filename: { type: 'string' },
      contentType: { type: 'string' },
      href: { type: 'string', examples: ['/open-api/documents/3f2504e0-4f89-41d3-9a0c-0305e82c3301'] },
    },
  },
  {
    $id: 'Process',
    type: 'object',
    required: [
      'processId',
      'processTypeId',
      'processTypeName',
      'externalReference',
      'status',
      'startedDate',
      'completedDate',
      'location',
      'allocatedUser',
      'steps',
      'notes',
      'documents',
      'accounts',
      'fields',
    ],
    properties: {
      processId: { type: 'string' },
      processTypeId: { type: 'string' },
      processTypeName: { type: 'string' },
      externalReference: { type: 'string', examples: ['FT-000003'] },
      status: { type: 'string', enum: ['InProgress', 'Completed'] },
      startedDate: { type: 'string' },
      completedDate: nullableString,
      location: nullableString,
      allocatedUser: nullableString,
      steps: { type: 'array', items: { $ref: 'Step#' } },
      notes: { type: 'array', items: { $ref: 'Note#' } },
      documents: { type: 'array', items: { $ref: 'DocumentSummary#' } },
      accounts: { type: 'array', items: { $ref: 'Account#' } },
      fields: { type: 'array', items: { $ref: 'Field#' } },
    },
  },
  {
    $id: 'Error',
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message', 'details'],
        properties: {
          code: { type: 'string', examples: ['process_not_found'] },
          message: { type: 'string' },
          details: { type: 'array', items: {} },
        },
      },
    },
  },
] as const;

/** Registers the shared schemas so routes can `$ref` them by id. */
export function addSharedSchemas(app: FastifyInstance): void {
  for (const schema of schemas) app.addSchema(schema);
}

/** The error responses a route may give, for its schema's `response` (and the OpenAPI document). */
export function errorResponses(...statuses: number[]): Record<number, { $ref: string }> {
  return Object.fromEntries(statuses.map((status) => [status, { $ref: 'Error#' }]));
}

/** A path parameter that must be a GUID. */
export const guidParam = guid;

/** The `headers` schema of a route that honours `Idempotency-Key` (start, complete-step, add-note). */
export const idempotencyHeaders = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      // Visible ASCII only: no spaces, so a header sent twice (joined with ", ") is refused too.
      pattern: '^[\\x21-\\x7e]+$',
      description:
        'Optional, 1 to 255 visible ASCII characters, scoped to the API key. Repeating a key with the same body ' +
        'within 24 h replays the first response (status, body and headers such as Location, with ' +
        'Idempotent-Replayed: true) and changes nothing; the same key with a different request is a 422 ' +
        'idempotency_key_reused.',
    },
  },
};
