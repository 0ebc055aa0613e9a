import type { FastifyInstance } from 'fastify';
import { ApiError, processNotFound } from '../domain/api-error';
import type { StartProcessRequest } from '../domain/api-types';
import { createProcess, enterFirstStep, toField } from '../engine/process-engine';
import { readProcess } from '../engine/process-view';
import { sendJsonText } from '../http/json-text';
import type { RouteDeps } from '../http/route-deps';
import { runIdempotent } from '../http/idempotency';
import { errorResponses, guidParam, idempotencyHeaders } from '../http/schemas';

const tags = ['Processes'];

const startSchema = {
  tags,
  operationId: 'startProcess',
  summary: 'Start a process',
  description:
    'Starts a process of the given type. `accounts` may be empty unless the type requires a customer account ' +
    '(422 account_required). `documents` must be empty. Fields are mapped by `code`; only `Text` fields are accepted. ' +
    'Supports Idempotency-Key: a repeat replays the first 201, Location included, and starts nothing.',
  headers: idempotencyHeaders,
  body: {
    type: 'object',
    required: ['processTypeId'],
    properties: {
      processTypeId: guidParam,
      accounts: { type: 'array', maxItems: 50, items: { $ref: 'Account#' } },
      documents: {
        type: 'array',
        maxItems: 0,
        items: {},
        description: 'Must be empty: documents cannot be passed at start (400 documents_not_allowed).',
      },
      notes: { type: 'array', maxItems: 100, items: { $ref: 'NoteInput#' } },
      fields: { type: 'array', maxItems: 1000, items: { $ref: 'FieldInput#' } },
      externalReference: {
        type: 'string',
        minLength: 1,
        maxLength: 50,
        pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
        description: 'Optional; when absent the service assigns one such as FT-000042.',
      },
    },
  },
  response: { 201: { $ref: 'Process#' }, ...errorResponses(400, 401, 409, 413, 415, 422, 429) },
};

const byIdSchema = {
  tags,
  operationId: 'getProcess',
  summary: 'Get a process by id',
  description:
    'The process with its steps, notes, documents, accounts and fields. The id must be a GUID (400).',
  params: { type: 'object', required: ['processId'], properties: { processId: guidParam } },
  response: { 200: { $ref: 'Process#' }, ...errorResponses(400, 401, 404, 429) },
};

const byReferenceSchema = {
  tags,
  operationId: 'getProcessByExternalReference',
  summary: 'Get a process by external reference',
  description:
    'The process whose external reference (such as FT-000003) matches exactly. A reference over 100 characters is a 400.',
  params: {
    type: 'object',
    required: ['externalReference'],
    properties: { externalReference: { type: 'string', minLength: 1, maxLength: 100 } },
  },
  response: { 200: { $ref: 'Process#' }, ...errorResponses(400, 401, 404, 429) },
};

/** Operations 1, 2 and 3: start a process, read it by id or by external reference. */
export function registerProcessRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.post<{ Body: StartProcessRequest }>(
    '/open-api/processes',
    { schema: startSchema },
    async (request, reply) => {
      const body = request.body;
      const fields = (body.fields ?? []).map((field, index) => {
        if ((field.fieldType ?? 'Text') !== 'Text') {
          throw new ApiError(
            400,
            'unsupported_field_type',
            `fields[${index}] (the field with code "${field.code}") has fieldType "${field.fieldType}"; only Text fields are accepted at start.`,
            [{ path: `fields[${index}].fieldType`, issue: 'only Text is accepted at start' }],
          );
        }
        return toField(field);
      });
      return runIdempotent(
        deps,
        request,
        reply,
        201,
        (scope) => {
          const record = createProcess(scope, {
            processTypeId: body.processTypeId,
            accounts: body.accounts ?? [],
            fields,
            notes: (body.notes ?? []).map((note) => ({
              contents: note.contents,
              visibleToAccounts: note.visibleToAccounts ?? false,
            })),
            externalReference: body.externalReference,
            author: request.apiKey!.name,
          });
          enterFirstStep(scope, record);
          return readProcess(scope, record.processId)!;
        },
        (process) => ({ location: `/open-api/processes/${process.processId}` }),
      );
    },
  );

  app.get<{ Params: { processId: string } }>(
    '/open-api/processes/:processId',
    { schema: byIdSchema },
    async (request, reply) => {
      const processId = request.params.processId.toLowerCase();
      const json = deps.reads.text(`process:${processId}`, () => readProcess(deps.ctx, processId));
      if (json === undefined) throw processNotFound(processId);
      return sendJsonText(reply, json);
    },
  );

  app.get<{ Params: { externalReference: string } }>(
    '/open-api/processes/external-reference/:externalReference',
    { schema: byReferenceSchema },
    async (request, reply) => {
      const record = deps.ctx.repos.processes.getByReference(request.params.externalReference);
      if (!record) throw referenceNotFound(request.params.externalReference);
      const processId = record.processId;
      return sendJsonText(
        reply,
        deps.reads.text(`process:${processId}`, () => readProcess(deps.ctx, processId))!,
      );
    },
  );
}

/** 404 for an external reference no process has. */
export function referenceNotFound(externalReference: string): ApiError {
  return new ApiError(
    404,
    'process_not_found',
    `No process has the external reference ${externalReference.slice(0, 100)}; check the reference.`,
  );
}
