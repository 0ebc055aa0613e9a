import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../../src-main/core/client/api-client';
import { answerTooLarge, maxAnswerBytes } from '../../../../../src-main/core/documents/decode-base64';
import { maxDocumentBytes } from '../../../../../src-main/core/documents/limits';
import { Failure } from '../../../../../src-main/core/failure';
import { apiError, json, makePorts, makeProfile, startFake } from './helpers';

/*
 * A document's answer as main now takes it: the bytes as they came (for the worker to read), the
 * error path as before (a sentence, with the key cleaned out), and an answer too long for any
 * document refused while it arrives.
 */
const id = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(handler: Parameters<typeof startFake>[0]) {
  const fake = await startFake(handler);
  const profile = makeProfile(fake.url);
  const ports = makePorts([profile]);
  const client = createApiClient({ ...ports, random: () => 0, readBackDelayMs: 0 });
  cleanups.push(
    () => fake.close(),
    () => client.close(),
  );
  return { profile, ports, client };
}

const limit = {
  limit: 1000,
  refuse: (bytes: number) => new Failure('bad_response', `Refused at ${bytes} bytes.`),
};
const body = JSON.stringify({ filename: 'a.xml', contentType: 'text/xml', contents: 'PGEvPg==' });

async function failureOf(promise: Promise<unknown>): Promise<Failure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Failure);
  return error as Failure;
}

describe('a document answer kept as bytes', () => {
  it('is the body exactly as sent, announced or streamed, with the secret values to clean', async () => {
    const { client, profile, ports } = await setup((request, response) => {
      if (request.url.endsWith('streamed')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(body.slice(0, 20));
        return void setImmediate(() => response.end(body.slice(20)));
      }
      json(response, 200, JSON.parse(body));
    });
    for (const documentId of [id, 'streamed']) {
      const answer = await client.getDocumentAnswer(profile.id, { documentId }, limit);
      expect(new TextDecoder().decode(answer.bytes)).toBe(body);
      expect(answer.secrets).toEqual(expect.arrayContaining(['key-1234', 's3cret-value']));
      expect(answer).toMatchObject({ profileName: 'Test tenant', operation: 'reading a document' });
    }
    expect(ports.requests.map((entry) => entry.responseBytes)).toEqual([body.length, body.length]);
  });

  it('refuses an answer longer than any document while it arrives, announced or not', async () => {
    const long = 'x'.repeat(5000);
    const { client, profile } = await setup((request, response) => {
      if (request.url.endsWith('streamed')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(long.slice(0, 900));
        return void setImmediate(() => response.end(long.slice(900)));
      }
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': long.length });
      response.end(long);
    });
    const announced = await failureOf(client.getDocumentAnswer(profile.id, { documentId: id }, limit));
    expect(announced.error).toEqual({ code: 'bad_response', message: 'Refused at 5000 bytes.' });
    const streamed = await failureOf(client.getDocumentAnswer(profile.id, { documentId: 'streamed' }, limit));
    expect(streamed.error.code).toBe('bad_response');
    expect(streamed.message).toMatch(/^Refused at \d+ bytes\.$/);
  });

  it('still answers a refusal with the service’s sentence, the key cleaned out', async () => {
    const { client, profile } = await setup((_request, response) =>
      json(response, 404, apiError('document_not_found', 'No document for key-1234.')),
    );
    const failure = await failureOf(client.getDocumentAnswer(profile.id, { documentId: id }, limit));
    expect(failure.error.code).toBe('not_found');
    expect(failure.message).toContain('No document for [redacted].');
    expect(failure.message).not.toContain('key-1234');
  });

  it('reads a document near the 32 MiB limit whole, though its base64 answer is over 32 MiB', async () => {
    // 28 MiB of document is about 37 MiB of answer: the console's own dispatcher must not cut it.
    const contents = Buffer.alloc(maxDocumentBytes - 4 * 1024 * 1024, 7).toString('base64');
    const large = Buffer.from(
      JSON.stringify({ filename: 'a.pdf', contentType: 'application/pdf', contents }),
    );
    const { client, profile } = await setup((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': large.length });
      response.end(large);
    });
    const documents = { limit: maxAnswerBytes, refuse: answerTooLarge };
    const answer = await client.getDocumentAnswer(profile.id, { documentId: id }, documents);
    expect(answer.bytes.byteLength).toBe(large.length);
  });
});
