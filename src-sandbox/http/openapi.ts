import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Security requirement of every /open-api operation: any one of the three schemes. */
export const openApiSecurity: Array<Record<string, string[]>> = [
  { apiKey: [], apiSecret: [] },
  { basic: [] },
  { bearer: [] },
];

/**
 * One OpenAPI 3.1 document, generated from the route schemas: every [ours] choice of API.md lives
 * in those schemas, so this document is the place a user reads (and corrects) them. Swagger UI is
 * served from the installed package at /swagger (no CDN); the document at /swagger/openapi.json.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Process Integration API (reference service)',
        version: '1.0.0',
        contact: { name: 'Process Console maintainers' },
        license: {
          name: 'Proprietary: part of Process Console, for testing integrations',
          identifier: 'LicenseRef-Proprietary',
        },
        description:
          'The reference service of Process Console: a real, persistent server of the Process Integration API ' +
          '(the vendor calls it the OpenProcess API). Errors are `{"error": {"code", "message", "details"}}`.',
      },
      components: {
        securitySchemes: {
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description: '<API_KEY>, with X-Api-Secret.',
          },
          apiSecret: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Secret',
            description: '<API_SECRET>, with X-Api-Key.',
          },
          basic: { type: 'http', scheme: 'basic', description: 'User <API_KEY>, password <API_SECRET>.' },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A token from POST /open-api/token (expires in 3600 s).',
          },
          staffBasic: {
            type: 'http',
            scheme: 'basic',
            description: "A staff user in a group holding 'Api Admin'.",
          },
        },
      },
      // Relative: the service answers wherever it is read from (its port is often chosen at start).
      servers: [{ url: '/', description: 'This service' }],
      security: openApiSecurity,
      tags: [
        { name: 'Processes', description: 'Start a process; read one by id or by external reference.' },
        { name: 'Steps', description: 'Read the steps and the current step; complete the current one.' },
        { name: 'Notes', description: 'Add a note to a process.' },
        { name: 'Documents', description: 'Read a document attached to a process, base64 in JSON.' },
        { name: 'Authentication', description: 'Exchange an API key for a bearer token.' },
        { name: 'Forms', description: 'Submit a customer-facing online form, which starts a process.' },
        { name: 'Api Developer Access', description: "Staff with 'Api Admin' make and delete API keys." },
        { name: 'Service', description: 'Whether the service is up.' },
      ],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`),
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/swagger',
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
    theme: { title: 'Process Integration API — reference service' },
  });
  app.get('/swagger/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
