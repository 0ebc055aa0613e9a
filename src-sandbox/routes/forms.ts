import type { FastifyInstance } from 'fastify';
import { ApiError } from '../domain/api-error';
import { submitForm, type FormSubmission } from '../forms/form-submission';
import type { RouteDeps } from '../http/route-deps';
import { errorResponses } from '../http/schemas';

/** Forms: the customer-facing submission that starts a process (no API key). */
export function registerFormRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.post<{ Params: { formCode: string }; Body: FormSubmission }>(
    '/forms/:formCode/submissions',
    {
      schema: {
        tags: ['Forms'],
        operationId: 'submitForm',
        summary: 'Submit a customer-facing form',
        description:
          "Starts a process of the form's type, maps answers to fields by code and attaches the form's " +
          "ServiceRequest XML document. With 'Customer account is mandatory' on, a submission without an account is 422.",
        security: [],
        params: {
          type: 'object',
          required: ['formCode'],
          properties: { formCode: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        body: {
          type: 'object',
          required: ['answers'],
          properties: {
            answers: {
              type: 'object',
              maxProperties: 200,
              additionalProperties: { type: 'string', maxLength: 10_000 },
              examples: [{ FirstName: 'Ada', RequestSpecifics: 'Two mattresses by the bins' }],
            },
            account: { $ref: 'Account#' },
          },
        },
        response: {
          201: {
            type: 'object',
            required: ['processId', 'externalReference'],
            properties: { processId: { type: 'string' }, externalReference: { type: 'string' } },
          },
          ...errorResponses(400, 404, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const form = deps.ctx.catalog.form(request.params.formCode);
      if (!form) {
        throw new ApiError(404, 'form_not_found', `No form has the code ${request.params.formCode}.`);
      }
      const result = await deps.change((scope) => submitForm(scope, form, request.body));
      return reply.code(201).send(result);
    },
  );
}
