import { z } from 'zod';
import {
  processSchema,
  rawDocumentSchema,
  stepSchema,
  type CompleteStepResponse,
  type Note,
  type Process,
  type RawDocument,
  type Step,
} from '../../../src-shared/api';
import { headerNamesUnconfirmed, sendsDefaultHeaderNames, type Profile } from '../../../src-shared/profile';
import type { AuditWriter, CredentialSource, ProfileSource, RequestRecorder } from '../ports';
import { addNote, type AddNoteInput } from './add-note';
import { processSummarySchema, type ProcessSummary } from '../../../src-shared/process-summary';
import { ClientFailure } from './client-failure';
import { completeStep, type ChangeContext, type CompleteStepInput } from './complete-step';
import { createDispatcherCache, type NetworkPorts } from './dispatcher';
import { environmentProxyResolver } from './proxy-routes';
import type { DescriptionTransport } from '../discovery/fetch-text';
import { documentIdFromHref } from './endpoints';
import { createHttp, operationWords, type BytesAnswer } from './http';
import { batchReadAnswer } from './answer-limits';
import type { BytesLimit } from './send';
import type { Exchange } from './transport';
import { createInFlight } from './in-flight';
import { startProcess, type StartProcessInput } from './start-process';

/** What the client is built from: the ports other core services implement. */
export interface ApiClientDependencies {
  profiles: ProfileSource;
  credentials: CredentialSource;
  recorder: RequestRecorder;
  audit: AuditWriter;
  now?: () => Date;
  /** Jitter source for GET backoff; tests pass `() => 0`. */
  random?: () => number;
  /** Pause before reading a change back after an ambiguous failure (default 300 ms). */
  readBackDelayMs?: number;
  /** The system's proxies and the proxies' credentials; default: the environment's, none stored. */
  network?: NetworkPorts;
}

/** Options every call accepts. */
export interface CallOptions {
  /** Cancels the call; a change already sent is still settled by a read-back. */
  signal?: AbortSignal;
  /** A cap below the 32 MiB every answer may have, with its sentence (a batch's reads: answer-limits.ts). */
  answerLimit?: BytesLimit;
  /** Masked in the request log: a batch run's values, which a process it reads may quote unmarked. */
  confidentialValues?: readonly string[];
}

/** Options of a change (complete a step, add a note). */
export interface ChangeOptions extends CallOptions {
  /**
   * The process as the caller read it just now (a batch row's read that checked its step): the
   * change's check before sending is made on it instead of a read of its own, one request less.
   * A read-back after an unclear answer still reads the service afresh.
   */
  readJustNow?: Process;
}

/** The Process Integration API as the console uses it; every answer validated into contract types. */
export interface ApiClient {
  getProcess(profileId: string, processId: string, options?: CallOptions): Promise<Process>;
  getProcessByReference(
    profileId: string,
    externalReference: string,
    options?: CallOptions,
  ): Promise<Process>;
  listSteps(
    profileId: string,
    which: { processId: string } | { externalReference: string },
    options?: CallOptions,
  ): Promise<Step[]>;
  /** A process by id or reference, validated only as far as a batch's read keeps it. */
  getProcessSummary(
    profileId: string,
    which: { processId: string } | { externalReference: string },
    options?: CallOptions,
  ): Promise<ProcessSummary>;
  /** The current step; null when the process has none (it is complete). */
  currentStep(profileId: string, processId: string, options?: CallOptions): Promise<Step | null>;
  startProcess(profileId: string, input: StartProcessInput, options?: CallOptions): Promise<Process>;
  addNote(profileId: string, input: AddNoteInput, options?: ChangeOptions): Promise<Note>;
  completeStep(
    profileId: string,
    input: CompleteStepInput,
    options?: ChangeOptions,
  ): Promise<CompleteStepResponse>;
  getDocument(
    profileId: string,
    which: { documentId: string } | { href: string },
    options?: CallOptions,
  ): Promise<RawDocument>;
  /**
   * The document's answer as bytes, for the document worker to clean, parse and check (a 2xx
   * answer is not parsed here); with what the worker needs for the same sentences `getDocument`
   * would give.
   */
  getDocumentAnswer(
    profileId: string,
    which: { documentId: string } | { href: string },
    limit: NonNullable<Exchange['bytesAnswer']>,
    options?: CallOptions,
  ): Promise<DocumentAnswer>;
  /** Proves the service is reachable and accepts the profile's key. */
  testConnection(
    profileId: string,
    options?: CallOptions,
  ): Promise<{ latencyMs: number; authenticated: true }>;
  /**
   * The profile's own transport (its dispatcher: proxy, CA, timeouts; and its auth headers), for
   * reading the tenant's API description outside the endpoint map.
   */
  transportFor(profileId: string): DescriptionTransport;
  /** Closes every connection; calls in flight finish first. */
  close(): Promise<void>;
}

/** A document's 2xx answer, not yet read: see {@link ApiClient.getDocumentAnswer}. */
export interface DocumentAnswer extends BytesAnswer {
  profileName: string;
  operation: string;
}

/** The steps endpoints answer a list; a `{steps: [...]}` wrapper is accepted too. */
const stepListSchema = z.preprocess(
  (value) =>
    value && typeof value === 'object' && !Array.isArray(value) && 'steps' in value ? value.steps : value,
  z.array(stepSchema),
);

/**
 * What a caller's options may set on a call: its cancel signal, the values its log masks, and a cap
 * on the answer that is only ever lowered. Spread whole, an options object with more keys
 * (`operation`, `schema`, or `answerLimit: undefined` past a batch read's 8 MiB cap) would have
 * replaced the call's own.
 */
/**
 * A 401 from a profile that sends its key under header names nothing confirmed (see
 * headerNamesUnconfirmed): the key may well be right and travel under names the tenant does not
 * read, so say so before sending the administrator back to a key that was right.
 */
function unconfirmedHeaders(
  refused: ClientFailure,
  chosen: Profile,
  descriptionRead: boolean,
): ClientFailure | null {
  if (!headerNamesUnconfirmed(chosen, descriptionRead)) return null;
  const { key, secret } = chosen.authHeaders;
  const defaults = sendsDefaultHeaderNames(chosen.authHeaders);
  // What the service said stays (it may name the header it wanted); the advice is replaced.
  const cut = refused.message.indexOf(' Check the API key and secret');
  const said = cut === -1 ? refused.message : refused.message.slice(0, cut);
  // Its status and trace id stay; its code and message are the ones given here.
  const { code: _code, message: _message, ...facts } = refused.error;
  return new ClientFailure(
    'unauthorized',
    `${said} The key may be right but sent under header names the tenant does not use: this profile ` +
      `sends ${key}${secret ? ` and ${secret}` : ''}${defaults ? ", the console's defaults" : ''}` +
      `${descriptionRead ? '' : ', and no API description of the tenant was read'}. Read the ` +
      "tenant's API description to find its header names, then check the API key and secret.",
    facts,
  );
}

function asked({ signal, answerLimit, confidentialValues }: CallOptions, cap?: BytesLimit) {
  const limit = answerLimit && (!cap || answerLimit.limit < cap.limit) ? answerLimit : cap;
  return { signal, confidentialValues, ...(limit ? { answerLimit: limit } : {}) };
}

/** The browser shell's network: HTTPS_PROXY, HTTP_PROXY and NO_PROXY, no proxy credentials. */
export function environmentNetwork(env: NodeJS.ProcessEnv = process.env): NetworkPorts {
  return {
    resolveProxy: environmentProxyResolver(env),
    proxySource: 'the HTTPS_PROXY and HTTP_PROXY environment variables',
    proxyAuthorization: async () => null,
  };
}

/** A GUID no process has: looking it up proves address and key without touching data. */
const probeProcessId = '00000000-0000-0000-0000-000000000000';

/** Creates the API client. */
export function createApiClient(deps: ApiClientDependencies): ApiClient {
  const now = deps.now ?? (() => new Date());
  const http = createHttp({
    dispatchers: createDispatcherCache(deps.network ?? environmentNetwork()),
    credentials: deps.credentials,
    recorder: deps.recorder,
    now,
    random: deps.random ?? Math.random,
  });
  const changes: ChangeContext = {
    http,
    audit: deps.audit,
    now,
    inFlight: createInFlight(),
    sentIntents: new Set(),
    noteBaselines: new Map(),
    readBackDelayMs: deps.readBackDelayMs ?? 300,
  };
  const profile = (id: string) => deps.profiles.get(id);

  return {
    async getProcess(profileId, processId, options = {}) {
      return http.call({
        profile: profile(profileId),
        operation: 'getProcess',
        params: { processId },
        schema: processSchema,
        subject: `process ${processId}`,
        ...asked(options),
      });
    },
    async getProcessByReference(profileId, externalReference, options = {}) {
      return http.call({
        profile: profile(profileId),
        operation: 'getProcessByReference',
        params: { externalReference },
        schema: processSchema,
        subject: `process with external reference ${externalReference}`,
        ...asked(options),
      });
    },
    async getProcessSummary(profileId, which, options = {}) {
      const byId = 'processId' in which;
      return http.call({
        profile: profile(profileId),
        ...(byId
          ? { operation: 'getProcess', params: { processId: which.processId } }
          : { operation: 'getProcessByReference', params: { externalReference: which.externalReference } }),
        schema: processSummarySchema,
        subject: byId
          ? `process ${which.processId}`
          : `process with external reference ${which.externalReference}`,
        ...asked(options, batchReadAnswer),
      });
    },
    async listSteps(profileId, which, options = {}) {
      if ('processId' in which) {
        return http.call({
          profile: profile(profileId),
          operation: 'getSteps',
          params: { processId: which.processId },
          schema: stepListSchema,
          subject: `process ${which.processId}`,
          ...asked(options),
        });
      }
      return http.call({
        profile: profile(profileId),
        operation: 'getStepsByReference',
        params: { externalReference: which.externalReference },
        schema: stepListSchema,
        subject: `process with external reference ${which.externalReference}`,
        ...asked(options),
      });
    },
    async currentStep(profileId, processId, options = {}) {
      try {
        return await http.call({
          profile: profile(profileId),
          operation: 'getCurrentStep',
          params: { processId },
          schema: stepSchema,
          subject: `process ${processId}`,
          ...asked(options),
        });
      } catch (error) {
        if (error instanceof ClientFailure && error.serviceCode === 'no_current_step') return null;
        throw error;
      }
    },
    startProcess: async (profileId, input, options = {}) =>
      startProcess(changes, profile(profileId), input, options.signal),
    addNote: async (profileId, input, options = {}) =>
      addNote(changes, profile(profileId), input, options.signal, options.readJustNow),
    completeStep: async (profileId, input, options = {}) =>
      completeStep(changes, profile(profileId), input, options.signal, options.readJustNow),
    async getDocument(profileId, which, options = {}) {
      const chosen = profile(profileId);
      const id = 'href' in which ? documentIdFromHref(chosen, which.href) : which.documentId;
      return http.call({
        profile: chosen,
        operation: 'getDocument',
        params: { documentId: id },
        schema: rawDocumentSchema,
        subject: `document ${id}`,
        ...asked(options),
      });
    },
    async getDocumentAnswer(profileId, which, limit, options = {}) {
      const chosen = profile(profileId);
      const id = 'href' in which ? documentIdFromHref(chosen, which.href) : which.documentId;
      const answer = await http.callForBytes(
        {
          profile: chosen,
          operation: 'getDocument',
          params: { documentId: id },
          subject: `document ${id}`,
          ...asked(options),
        },
        limit,
      );
      return { ...answer, profileName: chosen.name, operation: operationWords.getDocument };
    },
    async testConnection(profileId, options = {}) {
      const chosen = profile(profileId);
      const started = performance.now();
      try {
        await http.call({
          profile: chosen,
          operation: 'getProcess',
          params: { processId: probeProcessId },
          schema: processSchema,
          ...asked(options),
        });
      } catch (error) {
        if (error instanceof ClientFailure && error.error.code === 'unauthorized')
          throw (
            unconfirmedHeaders(error, chosen, (deps.profiles.description?.(chosen.id) ?? null) !== null) ??
            error
          );
        if (!(error instanceof ClientFailure) || error.error.code !== 'not_found') throw error;
        // A 404 in the API's error format, or in the Problem Details a .NET tenant answers with,
        // means the service checked the key, then looked: reachable and authenticated. Any other
        // 404 (a bare one, an HTML page) is some other server's, or a path no endpoint has.
        if (error.errorFormat === undefined) {
          throw new ClientFailure(
            'bad_response',
            `${chosen.baseUrl} answered 404 without the API's error format or Problem Details, so it may not be the Process Integration API. ` +
              `Check the base URL and endpoint map of profile "${chosen.name}".`,
            { status: 404 },
          );
        }
      }
      return { latencyMs: Math.round(performance.now() - started), authenticated: true };
    },
    transportFor: (profileId) => http.transport(profile(profileId)),
    close: () => http.close(),
  };
}
