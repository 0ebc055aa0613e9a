import { describe, expect, it } from 'vitest';
import { classifyTransportError, errorCode } from '../../../../../src-main/core/client/classify';
import { classifyStatus, retryAfterSeconds } from '../../../../../src-main/core/client/status';
import { apiError, makeProfile } from './helpers';

const profile = makeProfile('https://tenant.example.com', { name: 'Live council' });
const answer = (status: number, body: unknown = '', headers: Record<string, string> = {}) => ({
  status,
  headers,
  text: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('status classification', () => {
  it.each([
    [400, 'invalid_input'],
    [422, 'invalid_input'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [413, 'invalid_input'],
    [415, 'invalid_input'],
    [429, 'server_error'],
    [500, 'server_error'],
    [502, 'server_error'],
    [302, 'invalid_input'],
  ])('maps %i to %s', (status, code) => {
    expect(classifyStatus(answer(status), { profile }).error.code).toBe(code);
  });

  it("quotes the service's own message and keeps its code", () => {
    const failure = classifyStatus(
      answer(409, apiError('step_not_current', 'Step 2 is not the current step.')),
      { profile },
    );
    expect(failure.message).toContain('The service said: "Step 2 is not the current step."');
    expect(failure.serviceCode).toBe('step_not_current');
    expect(failure.error.status).toBe(409);
  });

  it('names the profile and scheme on 401 and never a secret', () => {
    const failure = classifyStatus(
      answer(401, apiError('invalid_credentials', 'The API key or secret is not recognised.')),
      {
        profile,
      },
    );
    expect(failure.message).toMatch(
      /credentials of profile "Live council" \(401\)\. The service said: "The API key or secret/,
    );
    expect(failure.message).toContain('authentication scheme (headers)');
  });

  it('describes a redirect without its query', () => {
    const failure = classifyStatus(answer(302, '', { location: 'https://login.example.com/sso?token=abc' }), {
      profile,
    });
    expect(failure.message).toBe(
      'The service answered with a redirect to https://login.example.com/sso; credentials are only sent to the profile\'s own address. Check the base URL of profile "Live council".',
    );
  });

  it('marks 502 and 504 ambiguous and retryable, 503 retryable only, 429 with its wait', () => {
    expect(classifyStatus(answer(502), { profile }).ambiguous).toBe(true);
    expect(classifyStatus(answer(504), { profile }).ambiguous).toBe(true);
    const unavailable = classifyStatus(answer(503), { profile });
    expect([unavailable.ambiguous, unavailable.error.retryable]).toEqual([false, true]);
    const limited = classifyStatus(answer(429, '', { 'retry-after': '7' }), { profile });
    expect(limited.retryAfterSeconds).toBe(7);
    expect(limited.message).toContain('Try again in 7 s');
  });

  it.each([
    [502, true],
    [503, true],
    [504, true],
    [500, false],
    [429, false],
  ])(
    'says whether %i came from a gateway or maintenance page instead of the service: %s',
    (status, unavailable) => {
      expect(classifyStatus(answer(status), { profile }).unavailable).toBe(unavailable);
    },
  );

  const problemJson = { 'content-type': 'application/problem+json; charset=utf-8' };
  const traceId = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00';

  it("quotes a Problem Details answer's detail, else its title, with its trace id", () => {
    const detailed = classifyStatus(
      answer(
        409,
        {
          type: 'https://tools.ietf.org/html/rfc9110#section-15.5.10',
          title: 'Conflict',
          status: 409,
          detail: 'Step 2 is not current.',
          traceId,
        },
        problemJson,
      ),
      { profile },
    );
    expect(detailed.message).toBe(
      `The service refused the change (409). The service said: "Step 2 is not current." (trace id ${traceId}: ` +
        "give it to the vendor's support). Reload the process to see its current step.",
    );
    expect([detailed.errorFormat, detailed.serviceCode]).toEqual(['problem-details', undefined]);
    const titled = classifyStatus(answer(404, { title: 'Not Found', status: 404, traceId }, problemJson), {
      profile,
      subject: 'process 6f1c',
    });
    expect(titled.message).toContain(`(404). The service said: "Not Found" (trace id ${traceId}`);
  });

  it('quotes the errors of a validation answer without detail, and gives each field its own', () => {
    const failure = classifyStatus(
      answer(
        400,
        {
          title: 'One or more validation errors occurred.',
          status: 400,
          errors: {
            'Fields[0].FieldId': ['The FieldId field is required.'],
            'Fields[2].Value': ['The Value field must be at most 10 characters.', 'Another.'],
            '$.fields[1]': ['The JSON value could not be converted.'],
            Fields: ['Too many.'],
            ExternalReference: ['Taken.'],
          },
          traceId,
        },
        problemJson,
      ),
      { profile },
    );
    expect(failure.error.code).toBe('invalid_input');
    expect(failure.message).toBe(
      'The service refused the request as invalid (400). The service said: "Fields[0].FieldId: The FieldId field is required; ' +
        'Fields[2].Value: The Value field must be at most 10 characters; Fields[2].Value: Another (and 3 more)" ' +
        `(trace id ${traceId}: give it to the vendor's support).`,
    );
    expect(failure.error.fieldErrors).toEqual([
      { index: 0, input: 'fieldId', message: 'The FieldId field is required.' },
      { index: 2, input: 'value', message: 'The Value field must be at most 10 characters.' },
      { index: 2, input: 'value', message: 'Another.' },
      { index: 1, input: null, message: 'The JSON value could not be converted.' },
    ]);
  });

  it("maps the API's own validation details to fields too", () => {
    const failure = classifyStatus(
      answer(400, {
        error: {
          code: 'invalid_field_id',
          message: 'fields[1].fieldId must be a GUID.',
          details: [{ path: 'fields[1].fieldId', issue: 'must be a GUID' }],
        },
      }),
      { profile },
    );
    expect(failure.message).toBe(
      'The service refused the request as invalid (400). The service said: "fields[1].fieldId must be a GUID."',
    );
    expect(failure.error.fieldErrors).toEqual([{ index: 1, input: 'fieldId', message: 'must be a GUID' }]);
    expect(failure.errorFormat).toBe('api');
  });

  it('reads Problem Details only when the answer says it is application/problem+json', () => {
    const body = { title: 'Not Found', status: 404, traceId };
    expect(classifyStatus(answer(404, body), { profile }).errorFormat).toBeUndefined();
    expect(classifyStatus(answer(404, body), { profile }).message).not.toContain('Not Found');
    expect(classifyStatus(answer(404, ''), { profile }).errorFormat).toBeUndefined();
    expect(classifyStatus(answer(404, 'null', problemJson), { profile }).errorFormat).toBeUndefined();
  });

  it('never quotes a trace id that is not one, nor members of the wrong type', () => {
    const failure = classifyStatus(
      answer(404, { title: 42, detail: 'Gone.', status: '404', traceId: 'two words' }, problemJson),
      { profile },
    );
    expect(failure.errorFormat).toBe('problem-details');
    expect(failure.message).toContain('The service said: "Gone." Check the id');
    expect(failure.message).not.toContain('trace id');
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-06-03T09:00:00Z');
    expect(retryAfterSeconds('12', now)).toBe(12);
    expect(retryAfterSeconds('Wed, 03 Jun 2026 09:00:20 GMT', now)).toBe(20);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(undefined, now)).toBeUndefined();
  });

  it('never asks to wait more than a day, whatever a hostile service says', () => {
    const now = Date.parse('2026-06-03T09:00:00Z');
    expect(retryAfterSeconds('99999999999999999999', now)).toBe(86_400);
    expect(retryAfterSeconds('Fri, 31 Dec 9999 23:59:59 GMT', now)).toBe(86_400);
  });
});

describe('transport classification', () => {
  const context = { profile, sent: false, deadlineFired: false, cancelled: false };
  const error = (code: string) => Object.assign(new Error('x'), { code });

  it.each([
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout'],
    ['UND_ERR_BODY_TIMEOUT', 'timeout'],
    ['ECONNREFUSED', 'network'],
    ['ENOTFOUND', 'network'],
    ['ECONNRESET', 'network'],
    ['UND_ERR_SOCKET', 'network'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['UND_ERR_RES_EXCEEDED_MAX_SIZE', 'bad_response'],
  ])('maps %s to %s', (code, expected) => {
    expect(classifyTransportError(error(code), context).error.code).toBe(expected);
  });

  it('is ambiguous only when the request had been sent', () => {
    expect(classifyTransportError(error('ECONNRESET'), { ...context, sent: true }).ambiguous).toBe(true);
    expect(classifyTransportError(error('ECONNRESET'), context).ambiguous).toBe(false);
    expect(classifyTransportError(error('ECONNREFUSED'), context).message).toContain('connection refused');
  });

  it('tells a deadline from a cancel', () => {
    const abort = new DOMException('aborted', 'AbortError');
    expect(classifyTransportError(abort, { ...context, deadlineFired: true }).error.code).toBe('timeout');
    expect(classifyTransportError(abort, { ...context, cancelled: true }).error.code).toBe('cancelled');
  });

  it('finds codes inside AggregateError and causes', () => {
    expect(errorCode(new AggregateError([error('ECONNREFUSED')]))).toBe('ECONNREFUSED');
    expect(errorCode(new TypeError('fetch failed', { cause: error('ENOTFOUND') }))).toBe('ENOTFOUND');
  });
});
