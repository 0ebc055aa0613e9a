import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../http/schemas';

/** `GET /health`: answers while the service is up; no key needed. */
export function registerHealthRoute(app: FastifyInstance): void {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Service'],
        operationId: 'getHealth',
        summary: 'Liveness',
        description: 'Answers 200 while the service is up; needs no key. For monitors and start-up checks.',
        security: [],
        response: {
          200: {
            type: 'object',
            required: ['status', 'service'],
            properties: { status: { type: 'string', enum: ['ok'] }, service: { type: 'string' } },
          },
          // Asked under another site's name (DNS rebinding), it is refused like every route.
          ...errorResponses(421),
        },
      },
    },
    async () => ({ status: 'ok', service: 'process-console-sandbox' }),
  );
}
