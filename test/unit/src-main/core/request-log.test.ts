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
    ...extra,
  };
}

describe('request log', () => {
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
});
