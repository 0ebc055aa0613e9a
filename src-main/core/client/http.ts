import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import type { Operation, Profile } from '../../../src-shared/profile';
import { authorizationSecrets, credentialSecrets } from '../../../src-shared/credential-secrets';
import { isSecretHeaderName } from '../../../src-shared/redaction';
import type { CredentialSource, RequestRecorder } from '../ports';
import { authHeaderNames, createAuthenticator, tokenAnswerSchema, type Authenticator } from './auth';
import { ClientFailure } from './client-failure';
import type { DescriptionTransport } from '../discovery/fetch-text';
import type { DispatcherCache } from './dispatcher';
import { endpointFor, resolveEndpoint } from './endpoints';
import { parseAnswer } from './parse';
import { isRetryableForGet, maxGetAttempts, nextDelay } from './retry';
import { classifyStatus, type RawAnswer } from './status';
import type { BytesLimit } from './send';
import { exchange, type Exchange } from './transport';

/** One API call to make. */
export interface CallRequest<S extends z.ZodType> {
  profile: Profile;
  operation: Operation;
  params?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** Extra headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** The contract type the answer must have. */
  schema: S;
  /** What was asked for, for a 404's sentence: `process 6f1c…`. */
  subject?: string;
  /** A smaller cap on the answer than every answer's, with its own sentence (see Exchange). */
  answerLimit?: BytesLimit;
  /** A change's confidential field values, which the request log masks (see Exchange). */
  confidentialValues?: readonly string[];
  signal?: AbortSignal;
}

/** A 2xx answer kept as bytes, with the secret values it has not been cleaned of. */
export interface BytesAnswer {
  bytes: ArrayBuffer;
  secrets: readonly string[];
}

/** Sends calls with auth, deadline, GET retries, classification and validation. */
export interface Http {
  call<S extends z.ZodType>(request: CallRequest<S>): Promise<z.output<S>>;
  /** The profile's own dispatcher and auth headers, for a request outside the endpoint map. */
  transport(profile: Profile): DescriptionTransport;
  /**
   * The same call (auth, retries, the error path's redacted sentences) whose 2xx answer is kept
   * as bytes for a worker to clean, parse and validate: main never holds it as text.
   */
  callForBytes(
    request: Omit<CallRequest<z.ZodType>, 'schema'>,
    limit: NonNullable<Exchange['bytesAnswer']>,
  ): Promise<BytesAnswer>;
  close(): Promise<void>;
}

/** What the HTTP layer needs from outside. */
export interface HttpDependencies {
  dispatchers: DispatcherCache;
  credentials: CredentialSource;
  recorder: RequestRecorder;
  now: () => Date;
  random: () => number;
}

/** How an operation reads inside a sentence: "The service's answer to reading a document …". */
export const operationWords: Record<Operation, string> = {
  startProcess: 'starting a process',
  getProcess: 'reading a process',
  getProcessByReference: 'reading a process by reference',
  getStepsByReference: 'reading the steps',
  getSteps: 'reading the steps',
  getCurrentStep: 'reading the current step',
  addNote: 'adding a note',
  completeStep: 'completing a step',
  getDocument: 'reading a document',
  token: 'asking for a token',
};

/** Creates the HTTP layer over a dispatcher cache. */
export function createHttp(deps: HttpDependencies): Http {
  const auth: Authenticator = createAuthenticator(deps.credentials, fetchToken);

  /**
   * The profile's secret values at the moment of the call: its key, secret and Basic value from
   * the credential source, and the credentials actually sent (the current bearer token).
   */
  async function secretsOf(profile: Profile, sent: Record<string, string>): Promise<string[]> {
    const names = authHeaderNames(profile);
    const values: string[] = [];
    for (const name in sent) {
      if (isSecretHeaderName(name, names)) values.push(...authorizationSecrets(sent[name]!));
    }
    try {
      values.push(...credentialSecrets(await deps.credentials.get(profile.id)));
    } catch {
      // Unreadable credentials fail the call that needs them; what was sent is still cleaned out.
    }
    return values;
  }

  async function fetchToken(profile: Profile, form: string) {
    const endpoint = resolveEndpoint(profile, 'token');
    const headers = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' };
    const answer = await exchange(
      {
        profile,
        dispatcher: deps.dispatchers.get(profile),
        operation: 'token',
        attempt: 1,
        method: endpoint.method,
        url: endpoint.url,
        headers,
        body: form,
        deadline: AbortSignal.timeout(profile.timeouts.overallMs),
        secrets: await secretsOf(profile, headers),
        secretsInAnswer: newToken,
      },
      deps.recorder,
      deps.now,
    );
    if (answer.status >= 200 && answer.status < 300) {
      return parseAnswer(tokenAnswerSchema, answer.text, profile, operationWords.token);
    }
    const failure = classifyStatus(answer, { profile, subject: 'token endpoint' });
    // The token endpoint answers a bad key or secret with 400 (OAuth invalid_client) or 401.
    if (answer.status === 400 || answer.status === 401) {
      throw new ClientFailure(
        'unauthorized',
        failure.message.replace('refused the request as invalid', 'refused the API key'),
        {
          status: answer.status,
        },
      );
    }
    throw failure;
  }

  /** One attempt, with one token refresh if a bearer token was refused (401: nothing was done). */
  async function attemptOnce(
    request: Omit<CallRequest<z.ZodType>, 'schema'>,
    attempt: number,
    deadline: AbortSignal,
    bytesAnswer?: Exchange['bytesAnswer'],
  ): Promise<RawAnswer> {
    const { profile } = request;
    const endpoint = resolveEndpoint(profile, request.operation, request.params);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const send = async (fresh: boolean) => {
      const credentials = await auth.headers(profile, { fresh });
      const headers = {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
        ...credentials,
      };
      return exchange(
        {
          profile,
          dispatcher: deps.dispatchers.get(profile),
          operation: request.operation,
          attempt,
          method: endpoint.method,
          url: endpoint.url,
          headers,
          body,
          deadline,
          signal: request.signal,
          secrets: await secretsOf(profile, headers),
          bytesAnswer,
          textAnswer: request.answerLimit,
          confidentialValues: request.confidentialValues,
          credentialHeaders: Object.keys(credentials),
        },
        deps.recorder,
        deps.now,
      );
    };
    const first = await send(false);
    return first.status === 401 && profile.authScheme === 'bearer' ? send(true) : first;
  }

  /** One call with GET retries; `accept` turns a 2xx answer into the result. */
  async function run<T>(
    request: Omit<CallRequest<z.ZodType>, 'schema'>,
    accept: (answer: RawAnswer, isGet: boolean) => T,
    bytesAnswer?: Exchange['bytesAnswer'],
  ): Promise<T> {
    const { profile } = request;
    const isGet = endpointFor(profile, request.operation).method === 'GET';
    const started = performance.now();
    const deadline = AbortSignal.timeout(profile.timeouts.overallMs);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const answer = await attemptOnce(request, attempt, deadline, bytesAnswer);
        if (answer.status >= 200 && answer.status < 300) return accept(answer, isGet);
        throw classifyStatus(answer, { profile, subject: request.subject });
      } catch (error) {
        if (
          !(error instanceof ClientFailure) ||
          !isGet ||
          attempt >= maxGetAttempts ||
          !isRetryableForGet(error)
        ) {
          throw error;
        }
        const remaining = profile.timeouts.overallMs - (performance.now() - started);
        const delay = nextDelay(error, attempt, remaining, deps.random, deps.now);
        if (typeof delay !== 'number') throw delay;
        await wait(delay, request.signal);
      }
    }
  }

  return {
    transport: (profile) => ({
      dispatcher: deps.dispatchers.get(profile),
      authHeaders: () => auth.headers(profile, { fresh: false }),
    }),
    async call(request) {
      return run(request, (answer, isGet) => {
        try {
          return parseAnswer(
            request.schema,
            answer.text,
            request.profile,
            operationWords[request.operation],
            answer.json,
          );
        } catch (parseError) {
          // The service said yes in a shape we cannot read: for a change that means it may well
          // have happened, so it must be read back rather than reported as failed. Only an empty
          // or JSON answer counts as the service's own yes (the vendor documents `{}`); an HTML
          // page may be a catch-all in front of the API, so a completed step found afterwards
          // must still carry this change's values to count as this change.
          if (isGet || !(parseError instanceof ClientFailure)) throw parseError;
          throw new ClientFailure(
            'bad_response',
            parseError.message,
            { status: answer.status },
            { ambiguous: true, accepted: isJsonOrEmpty(answer.text) },
          );
        }
      });
    },
    async callForBytes(request, limit) {
      return run(
        request,
        (answer) => ({ bytes: answer.bytes ?? new ArrayBuffer(0), secrets: answer.secrets ?? [] }),
        limit,
      );
    },
    async close() {
      auth.clear();
      await deps.dispatchers.close();
    },
  };
}

async function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    throw new ClientFailure('cancelled', 'The request was cancelled.');
  }
}

/** The token a token endpoint's answer brings, so its own headers cannot carry it into the log. */
function newToken(text: string): string[] {
  try {
    const token = (JSON.parse(text) as { access_token?: unknown } | null)?.access_token;
    return typeof token === 'string' && token.length > 0 ? [token] : [];
  } catch {
    return [];
  }
}

/** Whether a 2xx answer is empty or JSON of any shape: the API's own "accepted" answers. */
function isJsonOrEmpty(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
