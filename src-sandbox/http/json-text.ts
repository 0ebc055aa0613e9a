import type { FastifyReply } from 'fastify';

/** Sends JSON that is already text (the read cache holds results serialized). */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').serializer(String).send(json);
}
