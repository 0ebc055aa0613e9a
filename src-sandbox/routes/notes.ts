import type { FastifyInstance } from 'fastify';
import { addNote } from '../engine/process-engine';
import { runIdempotent } from '../http/idempotency';
import type { RouteDeps } from '../http/route-deps';
import { errorResponses, guidParam, idempotencyHeaders } from '../http/schemas';

/** Operation 6: add a note; its author is the API key's name. */
export function registerNoteRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.post<{ Params: { processId: string }; Body: { contents: string; visibleToAccounts?: boolean } }>(
    '/open-api/processes/:processId/notes',
    {
      schema: {
        tags: ['Notes'],
        operationId: 'addNote',
        summary: 'Add a note',
        description: "The note's author is the name of the API key. Supports Idempotency-Key.",
        params: { type: 'object', required: ['processId'], properties: { processId: guidParam } },
        headers: idempotencyHeaders,
        body: { $ref: 'NoteInput#' },
        response: { 201: { $ref: 'Note#' }, ...errorResponses(400, 401, 404, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const processId = request.params.processId.toLowerCase();
      const note = {
        contents: request.body.contents,
        visibleToAccounts: request.body.visibleToAccounts ?? false,
      };
      return runIdempotent(deps, request, reply, 201, (scope) =>
        addNote(scope, processId, note, request.apiKey!.name),
      );
    },
  );
}
