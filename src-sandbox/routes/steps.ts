import type { FastifyInstance } from 'fastify';
import { ApiError, processNotFound } from '../domain/api-error';
import type { CompleteStepResult, FieldInput } from '../domain/api-types';
import { completeStep, toField } from '../engine/process-engine';
import { readProcess } from '../engine/process-view';
import { withRuleFields, withRuleFieldsOne } from '../engine/step-view';
import { runIdempotent } from '../http/idempotency';
import { sendJsonText } from '../http/json-text';
import type { RouteDeps } from '../http/route-deps';
import { errorResponses, guidParam, idempotencyHeaders } from '../http/schemas';
import { referenceNotFound } from './processes';

const tags = ['Steps'];
const stepList = { type: 'array', items: { $ref: 'Step#' } };
const processParams = { type: 'object', required: ['processId'], properties: { processId: guidParam } };

/** Operations 4, 5 and 7: list steps, read the current step, complete a step. */
export function registerStepRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { ctx } = deps;

  app.get<{ Params: { processId: string } }>(
    '/open-api/processes/:processId/steps',
    {
      schema: {
        tags,
        operationId: 'getProcessSteps',
        summary: 'Get process steps by process id',
        description:
          "The process's steps in order, with each REST API step's recorded call. The id must be a GUID (400).",
        params: processParams,
        response: { 200: stepList, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const processId = request.params.processId.toLowerCase();
      const json = deps.reads.text(`steps:${processId}`, () =>
        ctx.repos.processes.get(processId)
          ? withRuleFields(ctx, processId, ctx.repos.steps.list(processId))
          : undefined,
      );
      if (json === undefined) throw processNotFound(processId);
      return sendJsonText(reply, json);
    },
  );

  app.get<{ Params: { externalReference: string } }>(
    '/open-api/processes/external-reference/:externalReference/steps',
    {
      schema: {
        tags,
        operationId: 'getProcessStepsByExternalReference',
        summary: 'Get process steps by external reference',
        description:
          'The steps of the process with this external reference. A reference over 100 characters is a 400.',
        params: {
          type: 'object',
          required: ['externalReference'],
          properties: { externalReference: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        response: { 200: stepList, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const record = ctx.repos.processes.getByReference(request.params.externalReference);
      if (!record) throw referenceNotFound(request.params.externalReference);
      return sendJsonText(
        reply,
        deps.reads.text(`steps:${record.processId}`, () =>
          withRuleFields(ctx, record.processId, ctx.repos.steps.list(record.processId)),
        )!,
      );
    },
  );

  app.get<{ Params: { processId: string } }>(
    '/open-api/processes/:processId/current-step',
    {
      schema: {
        tags,
        operationId: 'getCurrentStep',
        summary: 'Get the current step',
        description: 'A completed process has no current step: 404 no_current_step.',
        params: processParams,
        response: { 200: { $ref: 'Step#' }, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const processId = request.params.processId.toLowerCase();
      const json = deps.reads.text(`current:${processId}`, () =>
        withRuleFieldsOne(ctx, processId, ctx.repos.steps.current(processId)),
      );
      if (json !== undefined) return sendJsonText(reply, json);
      if (!ctx.repos.processes.get(processId)) throw processNotFound(processId);
      throw new ApiError(
        404,
        'no_current_step',
        `Process ${processId} is completed and has no current step.`,
      );
    },
  );

  app.post<{ Params: { processId: string; stepId: string }; Body: { fields?: FieldInput[] } }>(
    '/open-api/processes/:processId/steps/:stepId/complete',
    {
      schema: {
        tags,
        operationId: 'completeStep',
        summary: 'Complete a step',
        description:
          'Completes the current step. Fields are created, or set when their code exists; `fieldId` must be a GUID ' +
          '(any GUID, the process id included). Branching rules then pick the next step, or the process completes.',
        params: {
          type: 'object',
          required: ['processId', 'stepId'],
          properties: { processId: guidParam, stepId: guidParam },
        },
        headers: idempotencyHeaders,
        body: {
          type: 'object',
          properties: { fields: { type: 'array', maxItems: 1000, items: { $ref: 'FieldInput#' } } },
        },
        response: {
          200: {
            type: 'object',
            required: ['completedStep', 'currentStep', 'process'],
            properties: {
              completedStep: { $ref: 'Step#' },
              currentStep: { anyOf: [{ $ref: 'Step#' }, { type: 'null' }] },
              process: { $ref: 'Process#' },
            },
          },
          ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const processId = request.params.processId.toLowerCase();
      const stepId = request.params.stepId.toLowerCase();
      const fields = (request.body?.fields ?? []).map(toField);
      return runIdempotent(deps, request, reply, 200, (scope): CompleteStepResult => {
        completeStep(scope, processId, stepId, fields);
        return {
          completedStep: withRuleFieldsOne(scope, processId, scope.repos.steps.view(stepId))!,
          currentStep: withRuleFieldsOne(scope, processId, scope.repos.steps.current(processId)) ?? null,
          process: readProcess(scope, processId)!,
        };
      });
    },
  );
}
