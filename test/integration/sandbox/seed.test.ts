import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../src-sandbox/server';
import { call, field, staffAuth, startTestSandbox, tempDataDir, waitFor, type TestSandbox } from './helpers';
import { startReceiver, type Receiver } from './receiver';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A temporary folder removed after the file's tests. */
function folder(): string {
  const made = tempDataDir();
  folders.push(made);
  return made;
}

describe('the demo seed', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox();
  });
  afterAll(() => t.stop());

  const get = async (reference: string) =>
    (await t.call('GET', `/open-api/processes/external-reference/${reference}`)).json;

  it('holds about 30 processes, FT-000001 upward in creation order, and BW ones', async () => {
    const references = [
      ...Array.from({ length: 22 }, (_, i) => `FT-${String(i + 1).padStart(6, '0')}`),
      ...Array.from({ length: 8 }, (_, i) => `BW-${String(i + 1).padStart(6, '0')}`),
    ];
    const processes = await Promise.all(references.map(get));
    processes.forEach((process, i) => expect(process.externalReference, references[i]).toBe(references[i]));
    const ft = processes.slice(0, 22);
    for (let i = 1; i < ft.length; i++) expect(ft[i].startedDate >= ft[i - 1].startedDate).toBe(true);
    const states = new Set(
      processes.map((p) =>
        p.status === 'Completed'
          ? p.fields.some(
              (f: { code: string; value: string }) => f.code === 'OUTCOME' && f.value === 'Rejected',
            )
            ? 'rejected and completed'
            : 'completed'
          : p.steps.at(-1).restCall?.error
            ? 'waiting at a failed REST step'
            : p.steps.at(-1).name,
      ),
    );
    expect([...states]).toEqual(
      expect.arrayContaining([
        'completed',
        'rejected and completed',
        'waiting at a failed REST step',
        'Back office assessment',
        'Tell the customer',
        'Check request',
      ]),
    );
    const all = JSON.stringify(processes);
    expect(all).toContain('"author":"Back office connector"');
    expect(all).toContain('"author":"Casey Worker"');
    expect(processes.some((p) => p.accounts.length > 0)).toBe(true);
    expect(processes.some((p) => p.fields.some((f: { confidential: boolean }) => f.confidential))).toBe(true);
  });

  it('has FT-000003 waiting at "Back office assessment" with its form document', async () => {
    const process = await get('FT-000003');
    expect(process.status).toBe('InProgress');
    expect(process.steps.at(-1)).toMatchObject({ name: 'Back office assessment', completedOn: null });
    expect(process.documents).toEqual([
      expect.objectContaining({ filename: 'service-request.xml', contentType: 'text/xml' }),
    ]);
    const document = (await t.call('GET', process.documents[0].href)).json;
    expect(Buffer.from(document.contents, 'base64').toString()).toContain(
      '<BackOfficeReference>FT-000003</BackOfficeReference>',
    );
  });

  it('made staff passwords for this folder only, returned once', async () => {
    expect(Object.keys(t.passwords).sort()).toEqual(['admin', 'caseworker']);
    expect(t.passwords.admin).not.toBe(t.passwords.caseworker);
    expect(
      (await call(t.url, 'GET', '/admin/api-keys', { headers: staffAuth('admin', t.passwords.admin!) }))
        .status,
    ).toBe(200);
    const other = await startTestSandbox();
    try {
      expect(other.passwords.admin).not.toBe(t.passwords.admin);
    } finally {
      await other.stop();
    }
  });
});

describe('a seed file (--seed)', () => {
  let back: Receiver;
  beforeAll(async () => {
    back = await startReceiver('ok', { result: { items: [{ id: 'X-9' }] } });
  });
  afterAll(() => back.close());

  function writeSeed(dir: string, url: string) {
    const seed = {
      version: 1,
      name: 'Branching rehearsal',
      processTypes: [
        {
          processTypeId: 'aaaaaaaa-0000-4000-8000-000000000001',
          name: 'Licence check',
          referencePrefix: 'LC',
          steps: [
            {
              name: 'Ask the register',
              kind: 'RestApi',
              rest: {
                url,
                headers: [{ name: 'Authorization', value: 'Bearer s3cret', secret: true }],
                responseMapping: [{ path: 'result.items.0.id', code: 'REGISTER_ID' }],
                failureUser: 'Licensing team',
              },
            },
            {
              name: 'Review',
              kind: 'Standard',
              rules: [
                { field: 'DECISION', operator: 'isEmpty', goTo: 'Review' },
                { field: 'DECISION', operator: 'notEquals', value: 'Grant', goTo: 'Refuse' },
              ],
            },
            { name: 'Grant', kind: 'Standard', endsProcess: true },
            { name: 'Refuse', kind: 'Standard' },
          ],
        },
      ],
      staff: {
        groups: [{ name: 'Admins', permissions: ['Api Admin'] }],
        users: [{ userName: 'ops', displayName: 'Ops', groups: ['Admins'] }],
      },
    };
    const file = join(dir, 'seed.json');
    writeFileSync(file, JSON.stringify(seed));
    return file;
  }

  it('loads the types it names instead of the demo, and runs their rules', async () => {
    const dataDir = folder();
    const t = await startTestSandbox({ dataDir, seedFile: writeSeed(folder(), back.url) });
    try {
      expect(Object.keys(t.passwords)).toEqual(['ops']);
      const demo = await t.call('GET', '/open-api/processes/external-reference/FT-000001');
      expect(demo.status).toBe(404);
      const started = await t.call('POST', '/open-api/processes', {
        body: {
          processTypeId: 'aaaaaaaa-0000-4000-8000-000000000001',
          accounts: [],
          documents: [],
          notes: [],
          fields: [],
        },
      });
      expect(started.json.externalReference).toBe('LC-000001');
      const id = started.json.processId;
      const review = await waitFor(async () => {
        const step = (await t.call('GET', `/open-api/processes/${id}/current-step`)).json;
        return step.name === 'Review' ? step : undefined;
      }, 'the REST step to succeed');
      const process = (await t.call('GET', `/open-api/processes/${id}`)).json;
      expect(process.fields).toContainEqual(expect.objectContaining({ code: 'REGISTER_ID', value: 'X-9' }));
      expect(process.steps[0].restCall.request.headers.authorization).toBe('[redacted]');
      expect(back.received.at(-1)!.body).not.toHaveProperty('Fields');
      const path = (stepId: string) => `/open-api/processes/${id}/steps/${stepId}/complete`;
      const empty = await t.call('POST', path(review.stepId), { body: { fields: [] } });
      expect(empty.json.currentStep.name).toBe('Review');
      const refused = await t.call('POST', path(empty.json.currentStep.stepId), {
        body: { fields: [field('DECISION', 'Maybe')] },
      });
      expect(refused.json.currentStep.name).toBe('Refuse');
      const last = await t.call('POST', path(refused.json.currentStep.stepId), { body: {} });
      expect(last.json.process.status).toBe('Completed');
    } finally {
      await t.stop();
    }
    // On a folder that already has data, --seed is not loaded, and the operator is told.
    const again = await startSandbox({ dataDir, port: 0, seedFile: writeSeed(folder(), back.url) });
    expect(again.firstRunPasswords).toBeUndefined();
    expect(again.notices.join(' ')).toContain('was not loaded');
    await again.close();
  });

  it('refuses an invalid seed with a message naming the problem', async () => {
    const dir = folder();
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        name: 'x',
        processTypes: [{ processTypeId: 'nope', name: 'T', referencePrefix: 'lower', steps: [] }],
        staff: { groups: [], users: [] },
      }),
    );
    await expect(startSandbox({ dataDir: folder(), port: 0, seedFile: file })).rejects.toThrow(
      /processTypes\[0\]\.referencePrefix/,
    );
    writeFileSync(file, '{ not json');
    await expect(startSandbox({ dataDir: folder(), port: 0, seedFile: file })).rejects.toThrow(
      /not valid JSON/,
    );
    const dangling = {
      version: 1,
      name: 'x',
      processTypes: [
        {
          processTypeId: 'aaaaaaaa-0000-4000-8000-000000000001',
          name: 'T',
          referencePrefix: 'T',
          steps: [
            { name: 'A', kind: 'Standard', rules: [{ field: 'F', operator: 'isEmpty', goTo: 'Nowhere' }] },
          ],
        },
      ],
      staff: { groups: [], users: [] },
    };
    writeFileSync(file, JSON.stringify(dangling));
    await expect(startSandbox({ dataDir: folder(), port: 0, seedFile: file })).rejects.toThrow(
      /no step named "Nowhere"/,
    );
  });
});
