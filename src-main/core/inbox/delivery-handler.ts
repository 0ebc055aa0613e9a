import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DeliveryPayloadView, DeliverySummary, InboxSettings } from '../../../src-shared/inbox';
import { Failure } from '../failure';
import type { DeliveryStore, NewDelivery } from './delivery-store';
import { errorBody, sendJson } from './http-reply';
import { contentTypeProblem, profileIdOf, sharedHeaderProblem } from './delivery-checks';
import type { InboxSettingsStore } from './inbox-settings';
import { parseDeliveryPayload } from './payload';
import type { RateLimiter } from './rate-limit';
import { redactHeaders } from './redact-headers';
import { guardProblem } from './request-guard';
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
  /** The `host:port` values the receiver answers to. */
  hosts(): ReadonlySet<string>;
  rate: RateLimiter;
  /** Counts a request refused without a record, for the receiver panel. */
  refused(profileId: string, why: 'rateLimited' | 'full'): void;
}

/** What is known of a request before its body is judged; every record starts from it. */
type RequestFacts = Pick<NewDelivery, 'profileId' | 'method' | 'path' | 'headers'> & { excerpt?: Buffer };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Handles one request in a fixed order: Host and Origin, route, method, profile, rate, body size,
 * content type, shared header, JSON, payload; then records and only then replies. Up to the rate,
 * refusals are answered and not recorded: anyone on this machine can send them, and a record per
 * request would let them fill the disk. Later refusals are recorded as `rejected` with their
 * reason and at most a 4 KiB excerpt of the body, within the profile's caps.
 */
export function createDeliveryHandler(deps: DeliveryHandlerDeps) {
  /** The recorded summary, 'full' (the caps leave no room), or 'failed' (the database refused). */
  function record(delivery: NewDelivery, settings: InboxSettings): DeliverySummary | 'full' | 'failed' {
    try {
      const summary = deps.store.record(delivery, settings.limits);
      if (summary === null) {
        deps.refused(delivery.profileId, 'full');
        return 'full';
      }
      deps.announce(summary);
      return summary;
    } catch (error) {
      deps.log(`The inbox could not record a delivery: ${(error as Error).message}`);
      return 'failed';
    }
  }

  /**
   * Marks the delivery when its sender closes the request before the reply is written (its time
   * limit passed during a configured delay): the reply never reached it, so the inbox must not say
   * it answered. A reply cut off by the inbox stopping is not the sender's doing and is not marked.
   */
  function watchSender(response: ServerResponse, id: string, arrived: number, cutByStop: () => boolean) {
    const mark = () => {
      if (response.writableFinished || cutByStop()) return;
      try {
        deps.announce(deps.store.markSenderGaveUp(id, performance.now() - arrived));
      } catch (error) {
        deps.log(`The inbox could not note a sender that stopped waiting: ${(error as Error).message}`);
      }
    };
    // It may have gone while the body was judged, before there was a record to mark.
    if (response.closed) mark();
    else response.once('close', mark);
  }

  function sendFull(response: ServerResponse, settings: InboxSettings): void {
    const reason =
      `This inbox is full (${settings.limits.maxDeliveries} deliveries or ${settings.limits.maxBytes} bytes) ` +
      'with deliveries not yet handled; nothing was recorded. Try again later.';
    sendJson(response, 507, errorBody('inbox_full', reason));
  }

  function reject(
    response: ServerResponse,
    base: RequestFacts,
    settings: InboxSettings,
    status: number,
    code: string,
    reason: string,
  ): void {
    const body = errorBody(code, reason);
    const { excerpt, ...rest } = base;
    const outcome = record(
      {
        ...rest,
        payload: undefined,
        rawExcerpt: excerpt && excerpt.length > 0 ? excerpt.subarray(0, excerptBytes).toString('utf8') : null,
        replyStatus: status,
        replyBody: body,
        status: 'rejected',
        reason,
        view: null,
      },
      settings,
    );
    if (outcome === 'full') return sendFull(response, settings);
    sendJson(response, status, body);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const arrived = performance.now();
    const method = request.method ?? '';
    const path = (request.url ?? '/').split('?')[0]!;
    const guard = guardProblem(request, deps.hosts());
    if (guard) return sendJson(response, guard.status, errorBody(guard.code, guard.reason));
    if (path === '/inbox/health') {
      if (method === 'GET' || method === 'HEAD') return sendJson(response, 200, { status: 'ok' });
      return sendJson(response, 405, errorBody('method_not_allowed', 'Use GET.'), { allow: 'GET, HEAD' });
    }
    const profileId = profileIdOf(path);
    if (profileId === null) {
      return sendJson(response, 404, errorBody('not_found', 'Deliveries go to /inbox/<profileId>.'));
    }
    if (method !== 'POST' && method !== 'PUT') {
      // PUT too: API.md lets a step be configured with another method than the default POST.
      const reason = `Deliveries are POST or PUT; this request used ${method}.`;
      return sendJson(response, 405, errorBody('method_not_allowed', reason), { allow: 'POST, PUT' });
    }
    const settings = deps.settings.find(profileId);
    if (!settings?.enabled) {
      const reason = settings
        ? 'The inbox of this profile is off; turn it on to receive deliveries.'
        : 'No inbox is set up for this profile.';
      return sendJson(response, 404, errorBody('inbox_off', reason));
    }
    const wait = deps.rate.take(profileId, settings.limits.perSecond);
    if (wait !== null) {
      deps.refused(profileId, 'rateLimited');
      const reason = `This inbox takes no more than ${settings.limits.perSecond} deliveries a second; try again in ${wait} s.`;
      return sendJson(response, 429, errorBody('rate_limited', reason), { 'retry-after': String(wait) });
    }
    const base: RequestFacts = {
      profileId,
      method,
      path,
      headers: redactHeaders(request.headers, settings.sharedHeader?.name ?? null),
    };
    const read = await readBody(request);
    if (read.kind === 'aborted') return; // Nobody to answer, nothing acknowledged.
    if (read.kind === 'too_large') {
      const reason = 'The body is larger than 1 MiB (1,048,576 bytes).';
      return reject(response, { ...base, excerpt: read.excerpt }, settings, 413, 'payload_too_large', reason);
    }
    const withBody: RequestFacts = { ...base, excerpt: read.body };
    const typeProblem = contentTypeProblem(request.headers['content-type']);
    if (typeProblem) return reject(response, withBody, settings, 415, 'unsupported_media_type', typeProblem);
    const headerProblem = await sharedHeaderProblem(request, settings, () =>
      deps.settings.secretFor(profileId),
    );
    if (headerProblem) {
      const { status, code, reason } = headerProblem;
      return reject(response, withBody, settings, status, code, reason);
    }
    const decoded = decodeJson(read.body);
    if ('reason' in decoded) return reject(response, withBody, settings, 400, 'invalid_json', decoded.reason);
    await deliver(response, { ...withBody, arrived }, decoded.json, settings);
  }

  /** Validates a parsed body, records it, and answers as the profile is configured to. */
  async function deliver(
    response: ServerResponse,
    facts: RequestFacts & { arrived: number },
    json: unknown,
    settings: InboxSettings,
  ) {
    let view: DeliveryPayloadView;
    try {
      view = parseDeliveryPayload(json);
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      // Only the excerpt: a whole invalid body per request is how a flood filled the disk.
      return reject(response, facts, settings, 400, 'invalid_payload', error.message);
    }
    const { excerpt: _body, arrived, ...base } = facts;
    const reply = settings.reply;
    const replyBody = reply.status === 204 ? undefined : reply.body;
    const delivery = { ...base, payload: json, rawExcerpt: null, replyStatus: reply.status, replyBody };
    const outcome = record({ ...delivery, status: 'new', reason: null, view }, settings);
    if (outcome === 'full') return sendFull(response, settings);
    if (outcome === 'failed') {
      // Never acknowledge what is not on disk: the service records a failure and can call again.
      return sendJson(
        response,
        503,
        errorBody('not_recorded', 'The delivery could not be recorded; try again.'),
      );
    }
    let cutByStop = false;
    watchSender(response, outcome.id, arrived, () => cutByStop);
    if (reply.delayMs > 0 && !(await deps.wait(reply.delayMs))) {
      cutByStop = true;
      return void response.destroy();
    }
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
