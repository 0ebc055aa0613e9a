import type { FastifyInstance } from 'fastify';
import { ApiError } from '../domain/api-error';
import type { DocumentBody } from '../domain/api-types';
import type { RouteDeps } from '../http/route-deps';
import { errorResponses, guidParam } from '../http/schemas';

/** Operation 8: a document with its base64 contents. */
export function registerDocumentRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get<{ Params: { documentId: string } }>(
    '/open-api/documents/:documentId',
    {
      schema: {
        tags: ['Documents'],
        operationId: 'getDocument',
        summary: 'Get a document',
        description: 'A form-mapped document is text/xml with root ServiceRequest/Request.',
        params: { type: 'object', required: ['documentId'], properties: { documentId: guidParam } },
        response: {
          200: {
            type: 'object',
            required: ['filename', 'contents', 'contentType'],
            properties: {
              filename: { type: 'string' },
              contents: { type: 'string', contentEncoding: 'base64' },
              contentType: { type: 'string', examples: ['text/xml'] },
            },
          },
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request): Promise<DocumentBody> => {
      const documentId = request.params.documentId.toLowerCase();
      const document = deps.ctx.repos.documents.get(documentId);
      if (!document) {
        throw new ApiError(
          404,
          'document_not_found',
          `No document has the id ${documentId}; take ids from a process's documents.`,
        );
      }
      return {
        filename: document.filename,
        contents: document.contents.toString('base64'),
        contentType: document.contentType,
      };
    },
  );
}
