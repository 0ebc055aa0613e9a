import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../../../../src-shared/contract';
import { applyDiscovery, changingOperations } from '../../../../../src-shared/discovery-apply';
import { defaultAuthHeaders, defaultEndpoints, type Operation } from '../../../../../src-shared/profile';
import { describedApi } from '../../../../../src-main/core/discovery/described-operations';
import { matchOperations } from '../../../../../src-main/core/discovery/match-operations';
import { parseDescription } from '../../../../../src-main/core/discovery/parse-description';
import { readAuth } from '../../../../../src-main/core/discovery/read-auth';
import { startSandbox, type RunningSandbox } from '../../../../../src-sandbox/server';
import { makeProfile } from '../client/helpers';

const fixtures = join(import.meta.dirname, '../../../../fixtures/descriptions');
const headers = { scheme: 'headers' as const, headers: defaultAuthHeaders };

/** Reads a description as discover does and returns the mapping as "METHOD path" per operation. */
async function mapping(
  bytes: Buffer,
  contentType: string,
  baseUrl: string,
  url = `${baseUrl}/swagger/v1/swagger.json`,
) {
  const parsed = await parseDescription(bytes, contentType, url);
  const api = describedApi(parsed.document, url, baseUrl);
  const auth = readAuth(parsed.document, headers, baseUrl, url);
  const match = matchOperations(api, {}, auth.tokenPath);
  const table = Object.fromEntries(
    match.operations.map((entry) => [
      entry.operation,
      entry.proposed ? `${entry.proposed.method} ${entry.proposed.path} (${entry.confidence})` : null,
    ]),
  ) as Record<Operation, string | null>;
  return { parsed, api, auth, match, table };
}

const fixture = (name: string) => readFileSync(join(fixtures, name));

describe("the matcher on the reference service's own description", () => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pc-match-sandbox-'));
    sandbox = await startSandbox({ dataDir, port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('proposes exactly the default endpoints, each with high confidence, and the default headers', async () => {
    const base = sandbox.url.replace(/\/+$/, '');
    const served = await fetch(`${base}/swagger/openapi.json`);
    const { match, auth, api } = await mapping(
      Buffer.from(await served.arrayBuffer()),
      'application/json',
      base,
      `${base}/swagger/openapi.json`,
    );
    expect(api.prefix).toBe('');
    for (const entry of match.operations) {
      expect(entry.proposed, entry.operation).toEqual(defaultEndpoints[entry.operation]);
      expect(entry.confidence, entry.operation).toBe('high');
      expect(entry.changes).toBe(false);
    }
    expect(match.unmatched).toEqual([]);
    expect(match.extras.map((extra) => `${extra.method} ${extra.path}`)).toContain(
      'POST /forms/{formCode}/submissions',
    );
    expect(auth).toMatchObject({ proposed: headers, changes: false, confidence: 'high' });
    expect(auth.offered).toContain('API key in header X-Api-Key ("apiKey")');
  });
});

describe("the matcher on the vendor dialect's own description", () => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pc-match-vendor-'));
    sandbox = await startSandbox({ dataDir, port: 0, dialect: 'vendor' });
  });
  afterAll(async () => {
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("maps every operation to the vendor's path with its placeholders, and proposes its two key headers", async () => {
    const base = sandbox.url.replace(/\/+$/, '');
    const served = await fetch(`${base}/swagger/v1/swagger.json`);
    expect(served.status).toBe(200);
    const { table, match, auth, api, parsed } = await mapping(
      Buffer.from(await served.arrayBuffer()),
      'application/json',
      base,
    );
    expect(parsed.format).toBe('OpenAPI 3.0.1');
    expect(api.prefix).toBe('');
    // Written out rather than read from the dialect's route table, so a drift in either shows.
    // Two paths end in a word the console's own paths do not have (start, details): their shape
    // counts for less, so they come out medium and the review shows them as worth a look.
    expect(table).toEqual({
      startProcess: 'POST /open-api/processes/start (medium)',
      getProcess: 'GET /open-api/processes/{processId}/details (medium)',
      getProcessByReference: 'GET /open-api/processes/by-reference/{externalReference} (high)',
      getStepsByReference: 'GET /open-api/processes/by-reference/{externalReference}/steps (high)',
      getSteps: 'GET /open-api/processes/{processId}/step-list (high)',
      getCurrentStep: 'GET /open-api/processes/{processId}/current-step (high)',
      addNote: 'POST /open-api/processes/{processId}/add-note (high)',
      completeStep: 'POST /open-api/processes/{processId}/steps/{stepId}/complete (high)',
      getDocument: 'GET /open-api/documents/{documentId} (high)',
      token: null,
    });
    expect(match.unmatched).toEqual(['token']);
    expect(match.extras).toEqual([]);
    expect(auth).toMatchObject({
      proposed: { scheme: 'headers', headers: { key: 'X-Api-Key-Id', secret: 'X-Api-Key-Secret' } },
      changes: true,
    });
  });
});

describe('the matcher on descriptions in other styles', () => {
  it('Swagger 2.0 with a basePath and two API-key headers', async () => {
    const { table, match, auth, parsed } = await mapping(
      fixture('swagger2-two-headers.json'),
      'application/json',
      'https://tenant.example.com',
    );
    expect(parsed.format).toBe('Swagger 2.0');
    expect(table).toEqual({
      startProcess: 'POST /api/v1/Processes (high)',
      getProcess: 'GET /api/v1/Processes/{processId} (high)',
      getProcessByReference: 'GET /api/v1/Processes/ByReference/{externalReference} (high)',
      getStepsByReference: 'GET /api/v1/Processes/ByReference/{externalReference}/Steps (high)',
      getSteps: 'GET /api/v1/Processes/{processId}/Steps (high)',
      getCurrentStep: 'GET /api/v1/Processes/{processId}/Steps/Current (high)',
      addNote: 'POST /api/v1/Processes/{processId}/Notes (high)',
      completeStep: 'POST /api/v1/Processes/{processId}/Steps/{stepId}/Complete (high)',
      getDocument: 'GET /api/v1/Documents/{documentId} (high)',
      token: null,
    });
    expect(match.unmatched).toEqual(['token']);
    expect(match.extras.map((extra) => `${extra.method} ${extra.path}`)).toEqual([
      'POST /api/v1/Processes/{id}/Documents',
      'POST /api/open-api/extracts/{fileDescriptorId}',
    ]);
    expect(match.operations.find((entry) => entry.operation === 'getProcess')?.reasons).toContain(
      '{id} read as {processId}',
    );
    // The reason names the end of the path proposed, as the tenant spells it.
    const reasons = (operation: Operation) =>
      match.operations.find((entry) => entry.operation === operation)?.reasons;
    expect(reasons('addNote')).toContain('path ends in /Notes');
    expect(reasons('getDocument')).toContain('path ends in /Documents/{id}');
    expect(auth.proposed).toEqual({
      scheme: 'headers',
      headers: { key: 'X-Tenant-Key', secret: 'X-Tenant-Secret' },
    });
    expect(auth.changes).toBe(true);
  });

  it('OpenAPI 3.0 in YAML with tags, operation ids and other paths, and a bearer scheme', async () => {
    const { table, match, auth } = await mapping(
      fixture('openapi30-tags.yaml'),
      'application/yaml',
      'https://acme.example.org',
    );
    expect(table).toEqual({
      startProcess: 'POST /cases (high)',
      getProcess: 'GET /cases/{processId} (high)',
      getProcessByReference: 'GET /cases/lookup/{externalReference} (medium)',
      getStepsByReference: 'GET /cases/lookup/{externalReference}/tasks (medium)',
      getSteps: 'GET /cases/{processId}/steps (high)',
      getCurrentStep: 'GET /cases/{processId}/steps/active (high)',
      addNote: 'POST /cases/{processId}/comments (high)',
      completeStep: 'PUT /cases/{processId}/steps/{stepId}/completion (high)',
      getDocument: 'GET /files/{documentId} (high)',
      token: 'POST /oauth/token (high)',
    });
    expect(match.extras.map((extra) => `${extra.method} ${extra.path}`)).toEqual(['DELETE /cases/{caseId}']);
    expect(auth.proposed).toEqual({ scheme: 'bearer', headers: defaultAuthHeaders });
  });

  it('a path prefix per tenant and OAuth2 client credentials', async () => {
    const base = 'https://api.example.net/tenants/acme';
    const { table, match, auth, api } = await mapping(fixture('prefix-oauth.json'), 'application/json', base);
    expect(api.prefix).toBe('/open-api');
    expect(table).toEqual({
      ...(Object.fromEntries(
        Object.entries(defaultEndpoints).map(([operation, endpoint]) => [
          operation,
          `${endpoint.method} ${endpoint.path} (high)`,
        ]),
      ) as Record<Operation, string>),
      token: 'POST /connect/token (high)',
    });
    expect(match.extras.map((extra) => `${extra.method} ${extra.path}`)).toEqual([
      'POST /open-api/processes/{processId}/documents',
      'POST /open-api/extracts/{fileDescriptorId}',
    ]);
    expect(auth).toMatchObject({ proposed: { scheme: 'bearer' }, tokenPath: '/connect/token' });
    // The base URL with the tenant's prefix already in it: nothing to add.
    const inside = await mapping(fixture('prefix-oauth.json'), 'application/json', `${base}/open-api`);
    expect(inside.table.getProcess).toBe('GET /processes/{processId} (high)');
  });

  it("suggests a whole profile that the contract's profiles.save accepts as it stands", async () => {
    const { match, auth } = await mapping(
      fixture('swagger2-two-headers.json'),
      'application/json',
      'https://tenant.example.com',
    );
    const profile = makeProfile('https://tenant.example.com', { name: 'Tenant' });
    const result = { operations: match.operations, auth };
    const suggested = applyDiscovery(profile, result, { operations: changingOperations(result), auth: true });
    const parsed = calls['profiles.save'].input.safeParse(suggested);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(suggested).toMatchObject({
      id: profile.id,
      authHeaders: { key: 'X-Tenant-Key', secret: 'X-Tenant-Secret' },
    });
    expect(suggested.endpoints.getProcess).toEqual({ method: 'GET', path: '/api/v1/Processes/{processId}' });
    // Choosing none changes nothing.
    const none = applyDiscovery(profile, result, { operations: [], auth: false });
    expect(none).toMatchObject({ endpoints: {}, authScheme: 'headers', authHeaders: defaultAuthHeaders });
  });
});
