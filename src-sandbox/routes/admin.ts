import type { FastifyInstance } from 'fastify';
import { ApiError } from '../domain/api-error';
import { createApiKey, type CreatedApiKey } from '../security/api-keys';
import type { RouteDeps } from '../http/route-deps';
import { errorResponses, guidParam } from '../http/schemas';
import { authenticateApiAdmin } from '../http/staff-auth';

const tags = ['Api Developer Access'];
const security = [{ staffBasic: [] }];

/**
 * The admin area 'Api Developer Access': list, create and delete API keys. Staff sign in with
 * HTTP Basic; only members of a group holding 'Api Admin' get in. A new key's secret is in the
 * create response only.
 */
export function registerAdminRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { ctx } = deps;
  app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      request.staffUser = await authenticateApiAdmin(request, ctx.repos, deps.staffAttempts);
    });

    scope.get(
      '/admin/api-keys',
      {
        schema: {
          tags,
          security,
          operationId: 'listApiKeys',
          summary: 'List API keys (never their secrets)',
          description:
            'Lists every API key with its name, creator, date and the last 4 characters of the key; secrets are never shown.',
          response: {
            200: {
              type: 'array',
              items: {
                type: 'object',
                required: ['keyId', 'name', 'apiKeyEnding', 'createdOn', 'createdBy'],
                properties: {
                  keyId: { type: 'string' },
                  name: { type: 'string' },
                  apiKeyEnding: { type: 'string', description: 'The last 4 characters of the API key.' },
                  createdOn: { type: 'string' },
                  createdBy: { type: 'string' },
                },
              },
            },
            ...errorResponses(401, 403, 429),
          },
        },
      },
      async () => ctx.repos.keys.list(),
    );

    scope.post<{ Body: { name: string } }>(
      '/admin/api-keys',
      {
        schema: {
          tags,
          security,
          operationId: 'createApiKey',
          summary: 'Create an API key; its codes are shown once',
          description:
            'Creates a key named after its client; the name is the author of its changes. The secret is in this response only.',
          body: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string', maxLength: 200 } },
          },
          response: {
            201: {
              type: 'object',
              required: ['keyId', 'name', 'apiKey', 'apiSecret'],
              properties: {
                keyId: { type: 'string' },
                name: { type: 'string' },
                apiKey: { type: 'string' },
                apiSecret: { type: 'string' },
              },
            },
            ...errorResponses(400, 401, 403, 413, 415, 429),
          },
        },
      },
      async (request, reply) => {
        const created = await deps.change((changeScope): CreatedApiKey =>
          createApiKey(changeScope.repos, ctx.clock, request.body.name, request.staffUser),
        );
        return reply.code(201).header('cache-control', 'no-store').send(created);
      },
    );

    scope.delete<{ Params: { keyId: string } }>(
      '/admin/api-keys/:keyId',
      {
        schema: {
          tags,
          security,
          operationId: 'deleteApiKey',
          summary: 'Delete an API key; it stops working at once',
          description:
            'Deletes the key and its bearer tokens; requests with it are refused from then on (401).',
          params: { type: 'object', required: ['keyId'], properties: { keyId: guidParam } },
          response: {
            204: { type: 'null', description: 'Deleted' },
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
      },
      async (request, reply) => {
        const keyId = request.params.keyId.toLowerCase();
        const removed = await deps.change((changeScope) => changeScope.repos.keys.remove(keyId));
        if (!removed) throw new ApiError(404, 'key_not_found', `No API key has the id ${keyId}.`);
        deps.keys.forget(keyId);
        return reply.code(204).send();
      },
    );
  });
}
