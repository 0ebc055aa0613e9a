import type { FastifyInstance } from 'fastify';

/** `GET /health`: answers while the service is up; no key needed. */
export function registerHealthRoute(app: FastifyInstance): void {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Service'],
        summary: 'Liveness',
        security: [],
        response: {
          200: {
            type: 'object',
            required: ['status', 'service'],
            properties: { status: { type: 'string', enum: ['ok'] }, service: { type: 'string' } },
          },
        },
      },
    },
    async () => ({ status: 'ok', service: 'process-console-sandbox' }),
  );
}
