import type { FastifyInstance } from 'fastify';
import { ApiError } from '../domain/api-error';
import { identityOrRefusal, parseBasic } from '../http/auth';
import type { RouteDeps } from '../http/route-deps';
import { errorResponses } from '../http/schemas';

type TokenBody = Record<string, string | undefined>;

/**
 * `POST /open-api/token`: OAuth 2 client credentials, form-encoded (JSON accepted too). The key
 * and secret may be in the body (`client_id`, `client_secret`) or in HTTP Basic, as OAuth allows.
 * Registered in its own plugin so the form parser exists only here; other routes answer 415.
 */
export async function registerTokenRoute(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        const params = new URLSearchParams(body as string);
        const parsed: TokenBody = {};
        for (const [name, value] of params) parsed[name] = value;
        done(null, parsed);
      },
    );
    scope.post<{ Body: TokenBody | undefined }>(
      '/open-api/token',
      {
        schema: {
          tags: ['Authentication'],
          operationId: 'getToken',
          summary: 'Get a bearer token',
          description:
            'grant_type=client_credentials with client_id=<API_KEY> and client_secret=<API_SECRET>, form-encoded. ' +
            'The token is sent as `Authorization: Bearer <access_token>` until it expires. Too many wrong keys or ' +
            'secrets from one address, or for one key, in a minute: 429 too_many_attempts with Retry-After.',
          security: [],
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: {
            type: 'object',
            required: ['grant_type'],
            properties: {
              grant_type: { type: 'string', enum: ['client_credentials'] },
              client_id: { type: 'string', maxLength: 200 },
              client_secret: { type: 'string', maxLength: 200 },
            },
          },
          response: {
            200: {
              type: 'object',
              required: ['access_token', 'token_type', 'expires_in'],
              properties: {
                access_token: { type: 'string' },
                token_type: { type: 'string', enum: ['Bearer'] },
                expires_in: { type: 'integer', examples: [3600] },
              },
            },
            ...errorResponses(400, 401, 413, 415, 429),
          },
        },
      },
      async (request, reply) => {
        const body = request.body ?? {};
        const basic = parseBasic(request.headers.authorization ?? '');
        const clientId = body.client_id ?? basic?.user;
        const clientSecret = body.client_secret ?? basic?.password;
        if (!clientId || !clientSecret) {
          throw new ApiError(
            401,
            'credentials_required',
            'Send client_id=<API_KEY> and client_secret=<API_SECRET>.',
          );
        }
        const identity = identityOrRefusal(
          await deps.keys.check(clientId.slice(0, 200), clientSecret.slice(0, 200), request.ip),
        );
        const token = deps.keys.newToken(identity);
        await deps.change((changeScope) => token.store(changeScope.repos));
        return reply.header('cache-control', 'no-store').send(token.issued);
      },
    );
  });
}
