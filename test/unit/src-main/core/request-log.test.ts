import { describe, expect, it } from 'vitest';
import { createRequestLog } from '../../../../src-main/core/request-log';
import { redacted } from '../../../../src-shared/redaction';
import type { RequestLogEntry } from '../../../../src-shared/logs';

function entry(n: number, extra: Partial<RequestLogEntry> = {}): RequestLogEntry {
  return {
    id: `r${n}`,
    at: new Date(Date.UTC(2026, 5, 3, 9, 0, n)).toISOString(),
    profileId: n % 2 ? 'odd' : 'even',
    operation: 'getProcess',
    method: 'GET',
    path: `/open-api/processes/${n}`,
    status: 200,
    durationMs: 12,
    requestBytes: 0,
    responseBytes: 512,
    errorCode: null,
    attempt: 1,
    requestHeaders: {},
    responseHeaders: {},
    origin: 'http://127.0.0.1:8080',
    authScheme: 'headers',
    credentialHeaders: [],
    requestBody: null,
    responseBody: null,
    bodiesDropped: false,
    processRefs: [],
    ...extra,
  };
}

describe('request log', () => {
  it('pages after a cursor, with filters on profile, failures and text, every entry once', () => {
    const log = createRequestLog(50);
    for (let n = 1; n <= 60; n += 1)
      log.record(entry(n, n % 5 === 0 ? { status: null, errorCode: 'timeout', method: 'POST' } : {}));
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = log.list({ before, limit: 7 });
      if (page.length === 0) break;
      seen.push(...page.map((e) => e.id));
      before = page.at(-1)!.id;
    }
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => `r${60 - i}`));
    expect(log.list({ onlyFailures: true, limit: 3 }).map((e) => e.id)).toEqual(['r60', 'r55', 'r50']);
    expect(log.list({ onlyFailures: true, before: 'r55', profileId: 'even' }).map((e) => e.id)).toEqual([
      'r50',
      'r40',
      'r30',
      'r20',
    ]);
    expect(log.list({ text: 'processes/1' }).map((e) => e.id)).toEqual([
      'r19',
      'r18',
      'r17',
      'r16',
      'r15',
      'r14',
      'r13',
      'r12',
      'r11',
    ]);
    expect(log.list({ text: 'post /OPEN' }).map((e) => e.id)).toHaveLength(10);
    // A cursor that has left the ring starts again from the newest entry.
    expect(log.list({ before: 'r1', limit: 1 }).map((e) => e.id)).toEqual(['r60']);
  });

  it('keeps the last entries up to its capacity, newest first', () => {
    const log = createRequestLog(3);
    expect(log.list()).toEqual([]);
    for (let n = 1; n <= 5; n += 1) log.record(entry(n));
    expect(log.list().map((e) => e.id)).toEqual(['r5', 'r4', 'r3']);
    expect(log.list({ limit: 2 }).map((e) => e.id)).toEqual(['r5', 'r4']);
    expect(log.list({ profileId: 'even' }).map((e) => e.id)).toEqual(['r4']);
  });

  it('keeps 1,000 entries by default', () => {
    const log = createRequestLog();
    for (let n = 1; n <= 1_005; n += 1) log.record(entry(n));
    const all = log.list();
    expect(all).toHaveLength(1_000);
    expect(all[0]!.id).toBe('r1005');
    expect(all.at(-1)!.id).toBe('r6');
  });

  it('redacts secret headers and query values even when the caller forgot', () => {
    const log = createRequestLog();
    log.record(
      entry(1, {
        path: '/open-api/token?grant_type=client_credentials&client_id=K3Y&client_secret=S3CRET&access_token=T0KEN&page=2',
        requestHeaders: {
          'X-Api-Key': 'K3Y',
          'x-api-secret': 'S3CRET',
          Authorization: 'Basic SzNZOlMzQ1JFVA==',
          'Proxy-Authorization': 'Basic eA==',
          Cookie: 'sid=1',
          'X-Auth-Token': 'T0KEN',
          'X-Client-Password': 'pw',
          'Content-Type': 'application/json',
        },
        responseHeaders: {
          'Set-Cookie': 'sid=2',
          'WWW-Authenticate': 'Basic realm="open-api"',
          'content-length': '5',
        },
      }),
    );
    const [logged] = log.list();
    expect(JSON.stringify(logged)).not.toMatch(/K3Y|S3CRET|T0KEN|SzNZ|eA==|sid=|pw/);
    expect(logged!.requestHeaders).toEqual({
      'X-Api-Key': redacted,
      'x-api-secret': redacted,
      Authorization: redacted,
      'Proxy-Authorization': redacted,
      Cookie: redacted,
      'X-Auth-Token': redacted,
      'X-Client-Password': redacted,
      'Content-Type': 'application/json',
    });
    expect(logged!.responseHeaders).toEqual({
      'Set-Cookie': redacted,
      'WWW-Authenticate': 'Basic realm="open-api"',
      'content-length': '5',
    });
    expect(logged!.path).toBe(
      '/open-api/token?grant_type=client_credentials&client_id=[redacted]&client_secret=[redacted]&access_token=[redacted]&page=2',
    );
  });

  it('stores a copy: changing the recorded or listed object changes nothing', () => {
    const log = createRequestLog();
    const original = entry(1, { requestHeaders: { accept: 'application/json' } });
    log.record(original);
    original.requestHeaders['x-api-key'] = 'late';
    log.list()[0]!.requestHeaders.accept = 'changed';
    expect(log.list()[0]!.requestHeaders).toEqual({ accept: 'application/json' });
  });

  it('finds a process by either name, its reference learned from an answer', () => {
    const log = createRequestLog(10);
    const id = '6f1c2d3e-0000-4000-8000-000000000001';
    log.record(
      entry(1, { path: '/open-api/processes/external-reference/FT-000003', processRefs: [id, 'FT-000003'] }),
    );
    log.record(entry(2, { method: 'POST', path: `/open-api/processes/${id}/notes` }));
    log.record(entry(3, { path: '/open-api/processes/external-reference/FT-000030' }));
    expect(log.list({ process: 'ft-000003' }).map((e) => e.id)).toEqual(['r2', 'r1']);
    expect(log.list({ process: id }).map((e) => e.id)).toEqual(['r2', 'r1']);
    expect(log.list({ process: 'FT-000030' }).map((e) => e.id)).toEqual(['r3']);
  });

  it('filters by status class, no answer included', () => {
    const log = createRequestLog(10);
    log.record(entry(1, { status: 201 }));
    log.record(entry(2, { status: 404 }));
    log.record(entry(3, { status: null, errorCode: 'timeout' }));
    log.record(entry(4, { status: 503, errorCode: 'server_error' }));
    expect(log.list({ status: '4xx' }).map((e) => e.id)).toEqual(['r2']);
    expect(log.list({ status: 'none' }).map((e) => e.id)).toEqual(['r3']);
    expect(log.list({ status: '2xx' }).map((e) => e.id)).toEqual(['r1']);
  });

  it('lets the oldest bodies go past its memory budget, and says so on those entries', () => {
    const log = createRequestLog(10, 250);
    const body = (n: number) => ({ text: String(n).repeat(100), bytes: 100, truncated: false });
    for (let n = 1; n <= 4; n += 1) log.record(entry(n, { responseBody: body(n) }));
    const kept = log.list();
    expect(kept.map((e) => e.bodiesDropped)).toEqual([false, false, true, true]);
    expect(kept[3]!.responseBody).toBeNull();
    expect(kept[0]!.responseBody?.text).toBe('4'.repeat(100));
  });
});
