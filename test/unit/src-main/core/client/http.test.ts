import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../../src-main/core/client/api-client';
import { Failure } from '../../../../../src-main/core/failure';
import type { Profile } from '../../../../../src-shared/profile';
import { apiError, json, makePorts, makeProfile, processBody, startFake, step } from './helpers';
import { waitFor } from '../../../../support/wait-for';
import { valid } from '../../../../support/valid-input';

const id = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup(
  handler: Parameters<typeof startFake>[0],
  overrides: Parameters<typeof makeProfile>[1] = {},
) {
  const fake = await startFake(handler);
  const profile = makeProfile(fake.url, overrides);
  const ports = makePorts([profile]);
  const client = createApiClient({ ...ports, random: () => 0, readBackDelayMs: 0 });
  cleanups.push(
    () => fake.close(),
    () => client.close(),
  );
  return { fake, profile, ports, client };
}

async function failureOf(promise: Promise<unknown>): Promise<Failure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Failure);
  return error as Failure;
}

describe('API client over HTTP', () => {
  it('sends the headers scheme and records a redacted exchange', async () => {
    const { fake, client, profile, ports } = await setup((_request, response) =>
      json(response, 200, processBody(id, [step(id, 'One')])),
    );
    const process = await client.getProcess(profile.id, id);
    expect(process.steps[0]!.name).toBe('One');
    expect(fake.seen[0]!.headers).toMatchObject({
      'x-api-key': 'key-1234',
      'x-api-secret': 's3cret-value',
      accept: 'application/json',
    });
    const entry = ports.requests[0]!;
    expect(entry).toMatchObject({
      operation: 'getProcess',
      method: 'GET',
      path: `/open-api/processes/${id}`,
      status: 200,
      attempt: 1,
      errorCode: null,
    });
    expect(entry.requestHeaders['x-api-key']).toBe('[redacted]');
    expect(entry.requestHeaders['x-api-secret']).toBe('[redacted]');
    expect(JSON.stringify(ports.requests)).not.toContain('s3cret-value');
    expect(entry.responseBytes).toBeGreaterThan(100);
  });

  it('sends HTTP Basic for the basic scheme', async () => {
    const { fake, client, profile, ports } = await setup(
      (_r, response) => json(response, 200, processBody(id, [])),
      { authScheme: 'basic' },
    );
    await client.getProcess(profile.id, id);
    expect(fake.seen[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('key-1234:s3cret-value').toString('base64')}`,
    );
    expect(ports.requests[0]!.requestHeaders.authorization).toBe('[redacted]');
  });

  it('fetches a bearer token once, caches it, and refreshes it once on 401', async () => {
    let tokens = 0;
    let refuseNext = false;
    const { fake, client, profile } = await setup(
      (request, response) => {
        if (request.url === '/open-api/token') {
          tokens += 1;
          return json(response, 200, {
            access_token: `tok-${tokens}`,
            token_type: 'Bearer',
            expires_in: 3600,
            scope: 'x',
          });
        }
        if (refuseNext && request.headers.authorization === 'Bearer tok-1') {
          return json(response, 401, apiError('token_expired', 'The access token has expired.'));
        }
        return json(response, 200, processBody(id, []));
      },
      { authScheme: 'bearer' },
    );
    await Promise.all([client.getProcess(profile.id, id), client.getProcess(profile.id, id)]);
    await client.getProcess(profile.id, id);
    expect(tokens).toBe(1);
    const tokenRequest = fake.seen.find((request) => request.url === '/open-api/token')!;
    expect(tokenRequest.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'key-1234',
      client_secret: 's3cret-value',
    });
    refuseNext = true;
    await client.getProcess(profile.id, id);
    expect(tokens).toBe(2);
    expect(fake.seen.at(-1)!.headers.authorization).toBe('Bearer tok-2');
  });

  it('reports a refused token request as unauthorized', async () => {
    const { client, profile } = await setup(
      (_request, response) =>
        json(response, 401, apiError('invalid_credentials', 'The API key or secret is not recognised.')),
      { authScheme: 'bearer' },
    );
    const failure = await failureOf(client.getProcess(profile.id, id));
    expect(failure.error.code).toBe('unauthorized');
    expect(failure.message).toContain('The service said: "The API key or secret is not recognised."');
  });

  it('retries a GET on 503 at most 3 times in all', async () => {
    let calls = 0;
    const { client, profile, ports } = await setup((_r, response) => {
      calls += 1;
      return calls < 3
        ? json(response, 503, apiError('busy', 'Busy.'))
        : json(response, 200, [step(id, 'One')]);
    });
    expect(await client.listSteps(profile.id, { processId: id })).toHaveLength(1);
    expect(ports.requests.map((entry) => [entry.attempt, entry.status])).toEqual([
      [1, 503],
      [2, 503],
      [3, 200],
    ]);
    calls = -10;
    const failure = await failureOf(client.listSteps(profile.id, { processId: id }));
    expect(failure.error).toMatchObject({ code: 'server_error', status: 503, retryable: true });
    expect(calls).toBe(-7);
  });

  it('honours Retry-After up to 30 s and refuses to wait longer', async () => {
    let calls = 0;
    let wait = '1';
    const { client, profile } = await setup(
      (_r, response) => {
        calls += 1;
        return calls % 2 === 1
          ? json(response, 429, apiError('rate', 'Slow down.'), { 'retry-after': wait })
          : json(response, 200, { steps: [] });
      },
      { timeouts: { overallMs: 5_000 } },
    );
    const started = performance.now();
    expect(await client.listSteps(profile.id, { externalReference: 'FT-000003' })).toEqual([]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    wait = '120';
    const failure = await failureOf(client.listSteps(profile.id, { externalReference: 'FT-000003' }));
    expect(failure.error.code).toBe('server_error');
    expect(failure.message).toMatch(
      /The service said: "Slow down\." .*asked to wait 120 s; try again after \d\d:\d\d:\d\d/,
    );
  });

  it('never retries a POST blindly', async () => {
    const { fake, client, profile, ports } = await setup((_r, response) =>
      json(response, 503, apiError('busy', 'Busy.')),
    );
    const failure = await failureOf(
      client.startProcess(
        profile.id,
        valid('processes.start', { processTypeId: id, externalReference: 'FT-9' }),
      ),
    );
    expect(failure.error.code).toBe('server_error');
    expect(fake.seen.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(ports.lines.map((line) => line.kind)).toEqual(['intent', 'outcome']);
    expect(ports.lines[1]).toMatchObject({ outcome: 'failed', status: 503, errorCode: 'server_error' });
  });

  it('does not follow a redirect, so credentials stay on the profile origin', async () => {
    const elsewhere = await startFake((_r, response) => json(response, 200, processBody(id, [])));
    cleanups.push(() => elsewhere.close());
    const { client, profile } = await setup((_r, response) => {
      response.writeHead(302, { location: `${elsewhere.url}/steal?key=1` });
      response.end();
    });
    const failure = await failureOf(client.getProcess(profile.id, id));
    expect(failure.message).toBe(
      `The service answered with a redirect to ${elsewhere.url}/steal; credentials are only sent to the profile's own address. Check the base URL of profile "Test tenant".`,
    );
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('reports malformed JSON and oversized answers as bad_response', async () => {
    let big = false;
    const { client, profile } = await setup((_r, response) => {
      if (!big) {
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end('{"processId": ');
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i < 33; i += 1) response.write(chunk);
      response.end();
    });
    expect((await failureOf(client.getProcess(profile.id, id))).message).toMatch(
      /answer to reading a process is not valid JSON/,
    );
    big = true;
    const failure = await failureOf(client.getProcess(profile.id, id));
    expect(failure.error.code).toBe('bad_response');
    expect(failure.message).toContain('larger than 32 MiB');
  });

  it('times out a stalled service and tells a cancel apart', async () => {
    // undici checks a headers timeout of 1 s or more on a coarse (~0.5 s) clock, so it can fire well
    // after 1 s; with the deadline at 1.5 s the deadline won whenever this test ran alone (-t).
    const { client, profile, fake } = await setup(() => undefined, {
      timeouts: { headersMs: 1_000, overallMs: 2_500 },
    });
    const failure = await failureOf(client.getProcess(profile.id, id));
    expect(failure.error.code).toBe('timeout');
    expect(failure.message).toMatch(/did not start answering within 1 s/);
    const controller = new AbortController();
    const seenBefore = fake.seen.length;
    const cancelled = failureOf(client.getProcess(profile.id, id, { signal: controller.signal }));
    await waitFor(() => fake.seen.length > seenBefore, { what: 'the request to reach the stalled service' });
    controller.abort();
    expect((await cancelled).error.code).toBe('cancelled');
  });

  it('reports a refused connection as network, naming the address', async () => {
    const fake = await startFake(() => undefined);
    await fake.close();
    const profile = makeProfile(fake.url);
    const ports = makePorts([profile]);
    const client = createApiClient({ ...ports, random: () => 0 });
    cleanups.push(() => client.close());
    const failure = await failureOf(client.getProcess(profile.id, id));
    expect(failure.error.code).toBe('network');
    expect(ports.requests.map((entry) => [entry.attempt, entry.status, entry.errorCode])).toEqual([
      [1, null, 'network'],
      [2, null, 'network'],
      [3, null, 'network'],
    ]);
    expect(failure.message).toBe(
      `Nothing is answering at ${fake.url} (connection refused). Check that the service is running and the base URL of profile "Test tenant".`,
    );
  });

  it('answers null for no current step and not_found otherwise', async () => {
    let missing = false;
    const { client, profile } = await setup((_r, response) =>
      missing
        ? json(response, 404, apiError('process_not_found', 'No process has this id.'))
        : json(response, 404, apiError('no_current_step', 'The process is complete.')),
    );
    expect(await client.currentStep(profile.id, id)).toBeNull();
    missing = true;
    const failure = await failureOf(client.currentStep(profile.id, id));
    expect(failure.error.code).toBe('not_found');
    expect(failure.message).toContain(
      `There is no process ${id} on profile "Test tenant" (404). The service said: "No process has this id."`,
    );
  });

  it('opens a document by link and proves a connection with the nil GUID', async () => {
    let html404 = false;
    const { fake, client, profile } = await setup((request, response) => {
      if (request.url.startsWith('/open-api/documents/'))
        return json(response, 200, { filename: 'a.xml', contents: 'PGEvPg==', contentType: 'text/xml' });
      if (html404) {
        response.writeHead(404, { 'content-type': 'text/html' });
        return void response.end('<h1>Not found</h1>');
      }
      return json(response, 404, apiError('process_not_found', 'No process has this id.'));
    });
    expect((await client.getDocument(profile.id, { href: `/open-api/documents/${id}` })).filename).toBe(
      'a.xml',
    );
    expect(fake.seen[0]!.url).toBe(`/open-api/documents/${id}`);
    expect(await client.testConnection(profile.id)).toMatchObject({ authenticated: true });
    html404 = true;
    expect((await failureOf(client.testConnection(profile.id))).error.code).toBe('bad_response');
  });

  it('rejects (never throws synchronously) for a bad id or an unknown profile, sending nothing', async () => {
    const { fake, client } = await setup((_r, response) => json(response, 200, processBody(id, [])));
    // A bad id never reaches the client: the contract's door refuses it with this sentence.
    expect(() => valid('processes.get', { processId: 'FT-000003' })).toThrowError(
      'The process id "FT-000003" is not a GUID like 3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10.',
    );
    const unknown = client.listSteps('no-such-profile', { externalReference: 'FT-1' });
    expect(unknown).toBeInstanceOf(Promise);
    expect((await failureOf(unknown)).error.code).toBe('not_found');
    expect(fake.seen).toHaveLength(0);
  });

  it('turns a keychain that throws into keychain_unavailable', async () => {
    const profile: Profile = makeProfile('http://127.0.0.1:9');
    const ports = makePorts([profile]);
    const client = createApiClient({
      ...ports,
      credentials: { get: () => Promise.reject(new Error('dbus down')) },
    });
    cleanups.push(() => client.close());
    const failure = await failureOf(client.getProcess(profile.id, id));
    expect(failure.error.code).toBe('keychain_unavailable');
    expect(failure.message).not.toContain('dbus');
  });
});

describe('a change answered 2xx without a readable result', () => {
  const stepA = '0b7c6a1e-4d3f-4b2a-9e8d-7c6b5a4f3e21';
  const intentId = '5d7a9f0e-2c4b-4e6a-8f1d-3b5c7e9a1f20';

  /** A service whose completion answers `body`; a colleague's completion lands meanwhile. */
  async function completedByColleague(body: string, contentType: string) {
    let completed = false;
    const { client, profile } = await setup((request, response) => {
      if (request.method === 'POST') {
        completed = true;
        response.writeHead(200, { 'content-type': contentType });
        return void response.end(body);
      }
      json(
        response,
        200,
        processBody(id, [step(stepA, 'Back office assessment', completed ? '2026-06-03T10:00:00' : null)], {
          // The colleague's completion: other values than the ones this console sends.
          fields: completed
            ? [{ code: 'OUTCOME', value: 'Rejected', name: 'Outcome', fieldId: id, fieldType: 'Text' }]
            : [],
        }),
      );
    });
    return client.completeStep(
      profile.id,
      valid('steps.complete', {
        processId: id,
        stepId: stepA,
        fields: [{ name: 'Outcome', value: 'Accepted', fieldId: id, code: 'OUTCOME' }],
        intentId,
      }),
    );
  }

  it('does not claim a colleague completion as its own when an HTML page said 200', async () => {
    const failure = await failureOf(completedByColleague('<html>Welcome</html>', 'text/html'));
    expect(failure.error.code).not.toBe('bad_response');
    expect(failure.message).toContain('not with the field values this console sent');
  });

  it('counts a completed step as its own after the API answered {} (the vendor documents it)', async () => {
    const result = await completedByColleague('{}', 'application/json');
    expect(result.completedStep.stepId).toBe(stepA);
  });

  it.each([
    [500, 'nested more than 64 levels deep'],
    // Deeper than the stack can walk: nothing of it can be checked for secrets, none of it is kept.
    [200_000, 'is not valid JSON'],
  ])('reports an answer nested %i levels deep as bad_response, not a crash', async (depth, words) => {
    const { client, profile } = await setup((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('['.repeat(depth) + ']'.repeat(depth));
    });
    const failure = await failureOf(client.getProcess(profile.id, id));
    expect(failure.message).toContain(words);
    expect(failure.error.code).toBe('bad_response');
  });
});
