import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import type { Outgoing } from '../../../../../src-main/core/client/send';
import type { AuditLine, RequestLogEntry } from '../../../../../src-shared/logs';
import { profileSchema, type Profile, type ProfileInput } from '../../../../../src-shared/profile';
import { Failure } from '../../../../../src-main/core/failure';
import type {
  AuditWriter,
  CredentialSource,
  ProfileSource,
  RequestRecorder,
} from '../../../../../src-main/core/ports';

/** Test doubles for the client's ports, and a tiny HTTP server to talk to. */

/** A valid profile pointing at `baseUrl`, with fast timeouts unless overridden. */
export function makeProfile(
  baseUrl: string,
  overrides: Partial<ProfileInput> & { id?: string; updatedAt?: string } = {},
): Profile {
  return profileSchema.parse({
    id: randomUUID(),
    name: 'Test tenant',
    baseUrl,
    environment: 'test',
    keyName: 'console-tests',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    timeouts: { connectMs: 1_000, headersMs: 2_000, bodyIdleMs: 2_000, overallMs: 3_000 },
    ...overrides,
  });
}

/** Profiles, credentials, recorder and audit held in memory. */
export function makePorts(
  profiles: Profile[],
  credentials = { apiKey: 'key-1234', apiSecret: 's3cret-value' },
) {
  const byId = new Map(profiles.map((profile) => [profile.id, profile]));
  const requests: RequestLogEntry[] = [];
  const audit: AuditLine[] = [];
  const profileSource: ProfileSource = {
    get(id) {
      const found = byId.get(id);
      if (!found) throw new Failure('not_found', `There is no profile ${id}.`);
      return found;
    },
  };
  const credentialSource: CredentialSource = { get: async () => credentials };
  const recorder: RequestRecorder = { record: (entry) => requests.push(entry) };
  const auditWriter: AuditWriter = {
    intent: async (entry) => void audit.push(entry),
    outcome: async (entry) => void audit.push(entry),
  };
  return {
    profiles: profileSource,
    credentials: credentialSource,
    recorder,
    audit: auditWriter,
    requests,
    lines: audit,
    byId,
  };
}

/** A request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (
  request: SeenRequest,
  response: ServerResponse,
  socket: IncomingMessage['socket'],
) => void | Promise<void>;

/** A node:http server on a free loopback port that records what it saw. */
export async function startFake(
  handler: Handler,
): Promise<{ url: string; seen: SeenRequest[]; server: Server; close(): Promise<void> }> {
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(entry);
      void handler(entry, response, request.socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends JSON with a status. */
export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

/** The API's error body. */
export function apiError(code: string, message: string) {
  return { error: { code, message, details: [] } };
}

/** A step in the contract's shape. */
export function step(stepId: string, name: string, completedOn: string | null = null) {
  return { stepId, kind: 'Standard', name, startedOn: '2026-06-03T09:14:22', completedOn };
}

/** A process in the contract's shape. */
export function processBody(
  processId: string,
  steps: ReturnType<typeof step>[],
  extra: Record<string, unknown> = {},
) {
  return {
    processId,
    processTypeId: '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01',
    processTypeName: 'Report fly-tipping',
    externalReference: 'FT-000003',
    status: steps.some((candidate) => candidate.completedOn === null) ? 'InProgress' : 'Completed',
    startedDate: '2026-06-03T09:14:22',
    completedDate: null,
    location: null,
    allocatedUser: null,
    steps,
    notes: [],
    documents: [],
    accounts: [],
    fields: [],
    ...extra,
  };
}

/**
 * A fake service and an undici Agent of its own for send.ts's tests (closed by `cleanups`), with
 * the request they send unless told otherwise: a GET of /answer with a signal nobody aborts.
 */
export async function serveForSend(
  handler: Handler,
  cleanups: (() => Promise<void>)[],
  options: Agent.Options = {},
) {
  const fake = await startFake(handler);
  const agent = new Agent(options);
  cleanups.push(
    () => fake.close(),
    () => agent.close(),
  );
  const outgoing = (extra: Partial<Outgoing> = {}): Outgoing => ({
    origin: fake.url,
    path: '/answer',
    method: 'GET',
    headers: {},
    body: null,
    signal: new AbortController().signal,
    ...extra,
  });
  return { fake, agent, outgoing };
}
