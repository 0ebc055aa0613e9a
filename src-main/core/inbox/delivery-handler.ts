import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DeliveryPayloadView, DeliverySummary, InboxReply } from '../../../src-shared/inbox';
import { Failure } from '../failure';
import type { DeliveryStore, NewDelivery } from './delivery-store';
import { errorBody, sendJson } from './http-reply';
import { contentTypeProblem, profileIdOf, sharedHeaderProblem } from './delivery-checks';
import type { InboxSettingsStore } from './inbox-settings';
import { parseDeliveryPayload } from './payload';
import { redactHeaders } from './redact-headers';
import { excerptBytes, readBody } from './request-body';

/** What the request handler needs from the inbox. */
export interface DeliveryHandlerDeps {
  settings: InboxSettingsStore;
  store: DeliveryStore;
  /** Tells live listeners about a recorded delivery; never throws. */
  announce(summary: DeliverySummary): void;
  /** Resolves true after `ms`, or false as soon as the inbox stops. */
  wait(ms: number): Promise<boolean>;
  /** Receives problems of the receiver itself; never a header value or a payload. */
  log(line: string): void;
}

/** What is known of a request before its body is judged; every record starts from it. */
type RequestFacts = Pick<NewDelivery, 'profileId' | 'method' | 'path' | 'headers'> & { excerpt?: Buffer };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Handles one request in a fixed order: route, method, body size, content type, shared
 * header, JSON, payload; then records and only then replies. Every refusal of a request to a
 * profile's path is recorded as `rejected` with its reason before the reply is written.
 */
export function createDeliveryHandler(deps: DeliveryHandlerDeps) {
  function record(delivery: NewDelivery): boolean {
    try {
      deps.announce(deps.store.record(delivery));
      return true;
    } catch (error) {
      deps.log(`The inbox could not record a delivery: ${(error as Error).message}`);
      return false;
    }
  }

  function reject(
    response: ServerResponse,
    base: RequestFacts,
    status: number,
    code: string,
    reason: string,
    headers: Record<string, string> = {},
  ): void {
    const body = errorBody(code, reason);
    const { excerpt, ...rest } = base;
    record({
      ...rest,
      payload: undefined,
      rawExcerpt: excerpt && excerpt.length > 0 ? excerpt.subarray(0, excerptBytes).toString('utf8') : null,
      replyStatus: status,
      replyBody: body,
      status: 'rejected',
      reason,
      view: null,
    });
    sendJson(response, status, body, headers);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? '';
    const path = (request.url ?? '/').split('?')[0]!;
    if (path === '/inbox/health') {
      if (method === 'GET' || method === 'HEAD') return sendJson(response, 200, { status: 'ok' });
      return sendJson(response, 405, errorBody('method_not_allowed', 'Use GET.'), { allow: 'GET, HEAD' });
    }
    const profileId = profileIdOf(path);
    if (profileId === null) {
      return sendJson(response, 404, errorBody('not_found', 'Deliveries go to /inbox/<profileId>.'));
    }
    const settings = deps.settings.find(profileId);
    const secretName = settings?.sharedHeader?.name ?? null;
    const base: RequestFacts = {
      profileId,
      method,
      path,
      headers: redactHeaders(request.headers, secretName),
    };
    if (method !== 'POST' && method !== 'PUT') {
      const reason = `Deliveries are POST or PUT; this request used ${method}.`;
      return reject(response, base, 405, 'method_not_allowed', reason, { allow: 'POST, PUT' });
    }
    if (!settings?.enabled) {
      const reason = settings
        ? 'The inbox of this profile is off; turn it on to receive deliveries.'
        : 'No inbox is set up for this profile.';
      return reject(response, base, 404, 'inbox_off', reason);
    }
    const read = await readBody(request);
    if (read.kind === 'aborted') return; // Nobody to answer, nothing acknowledged.
    if (read.kind === 'too_large') {
      const reason = 'The body is larger than 1 MiB (1,048,576 bytes).';
      return reject(response, { ...base, excerpt: read.excerpt }, 413, 'payload_too_large', reason);
    }
    const withBody: RequestFacts = { ...base, excerpt: read.body };
    const typeProblem = contentTypeProblem(request.headers['content-type']);
    if (typeProblem) return reject(response, withBody, 415, 'unsupported_media_type', typeProblem);
    const headerProblem = await sharedHeaderProblem(request, settings, () =>
      deps.settings.secretFor(profileId),
    );
    if (headerProblem)
      return reject(response, withBody, headerProblem.status, headerProblem.code, headerProblem.reason);

    const decoded = decodeJson(read.body);
    if ('reason' in decoded) return reject(response, withBody, 400, 'invalid_json', decoded.reason);
    await deliver(response, base, decoded.json, settings.reply);
  }

  /** Validates a parsed body, records it, and answers as the profile is configured to. */
  async function deliver(response: ServerResponse, base: RequestFacts, json: unknown, reply: InboxReply) {
    let view: DeliveryPayloadView;
    try {
      view = parseDeliveryPayload(json);
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      const body = errorBody('invalid_payload', error.message);
      const reason = error.message;
      record({
        ...base,
        payload: json,
        rawExcerpt: null,
        replyStatus: 400,
        replyBody: body,
        status: 'rejected',
        reason,
        view: null,
      });
      return sendJson(response, 400, body);
    }
    const replyBody = reply.status === 204 ? undefined : reply.body;
    const delivery = { ...base, payload: json, rawExcerpt: null, replyStatus: reply.status, replyBody };
    if (!record({ ...delivery, status: 'new', reason: null, view })) {
      // Never acknowledge what is not on disk: the service records a failure and can call again.
      return sendJson(
        response,
        503,
        errorBody('not_recorded', 'The delivery could not be recorded; try again.'),
      );
    }
    if (reply.delayMs > 0 && !(await deps.wait(reply.delayMs))) return void response.destroy();
    sendJson(response, reply.status, replyBody);
  }

  return handle;
}

function decodeJson(body: Buffer): { json: unknown } | { reason: string } {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { reason: 'The body is not UTF-8 text.' };
  }
  if (text.trim() === '') return { reason: 'The body is empty; send the payload as JSON.' };
  try {
    return { json: JSON.parse(text) as unknown };
  } catch (error) {
    return { reason: `The body is not valid JSON: ${(error as Error).message}` };
  }
}
