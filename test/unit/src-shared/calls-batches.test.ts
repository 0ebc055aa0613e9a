import { afterEach, describe, expect, it } from 'vitest';
import { batchCalls } from '../../../src-shared/calls-batches';
import { describeIssues } from '../../../src-shared/input-errors';
import { killCreateChildren, parseCreateApart } from '../../support/create-input-apart';

const profileId = '6b1f3c2a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const create = (input: Record<string, unknown>) => batchCalls['batches.create'].input.safeParse(input);

describe('batches.create input', () => {
  it("numbers a CSV's bad lines as the spreadsheet numbers its rows (the header is row 1)", () => {
    const csv = 'Case,Reference\r\n1,FT-000001\r\n2,not a reference\r\n3,"FT-000003"\r\n';
    const parsed = create({ profileId, csv, column: 'reference' });
    expect(parsed.success && parsed.data.sorted).toMatchObject({
      lines: [{ input: 'FT-000001' }, { input: 'FT-000003' }],
      rejected: [{ line: 3, input: 'not a reference' }],
    });
  });

  it('numbers pasted lines from 1', () => {
    const parsed = create({ profileId, text: 'FT-000001\nnot a reference' });
    expect(parsed.success && parsed.data.sorted.rejected).toMatchObject([{ line: 2 }]);
  });

  it('numbers a bad line by the line it is on when commas or tabs separate items', () => {
    const parsed = create({ profileId, text: 'FT-000001,FT-000002\nFT-000003\tFT-000004\nnot a reference!' });
    expect(parsed.success && parsed.data.sorted.rejected).toMatchObject([
      { line: 3, input: 'not a reference!' },
    ]);
  });

  it('takes references the service takes that start like a GUID, and refuses a GUID cut short', () => {
    const parsed = create({
      profileId,
      text: '20240115-0001\nABCDEF12-7\n3f2b8c1e-0d4a\n3f2b8c1e-0d4a-4e8b\n3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b1',
    });
    expect(parsed.success && parsed.data.sorted.lines.map((line) => line.input)).toEqual([
      '20240115-0001',
      'ABCDEF12-7',
      // One dash: as much a reference as a GUID's start; a read that finds nothing says so.
      '3f2b8c1e-0d4a',
    ]);
    const cutShort = /^looks like a process id but is not a whole GUID/;
    expect(parsed.success && parsed.data.sorted.rejected).toMatchObject([
      { line: 4, message: expect.stringMatching(cutShort) },
      { line: 5, message: expect.stringMatching(cutShort) },
    ]);
  });

  it('takes more than 10,000 inbox deliveries, and refuses more than 100,000 with a sentence', () => {
    const deliveryIds = (count: number) => Array.from({ length: count }, (_, n) => `delivery-${n}`);
    // Main counts the processes they name (batch-sources.ts): many deliveries often name one process.
    expect(create({ profileId, deliveryIds: deliveryIds(10_001) }).success).toBe(true);
    const parsed = create({ profileId, deliveryIds: deliveryIds(100_001) });
    expect(parsed.success ? null : parsed.error.issues.map((issue) => issue.message)).toEqual([
      'A batch is made from at most 100,000 inbox deliveries (it holds 10,000 processes once repeats are dropped) and this one has 100,001; split it into smaller batches.',
    ]);
  });

  it('holds a batch to 10,000 lines once repeats are dropped', () => {
    const reference = (n: number) => `FT-${String(n).padStart(6, '0')}`;
    // 12,000 lines naming 6,000 processes, each twice.
    const twice = Array.from({ length: 12_000 }, (_, n) => reference(n % 6_000)).join('\n');
    const parsed = create({ profileId, text: twice });
    expect(parsed.success && [parsed.data.sorted.lines.length, parsed.data.sorted.duplicates]).toEqual([
      6_000, 6_000,
    ]);
    const tooMany = `${twice}\n${Array.from({ length: 4_001 }, (_, n) => reference(6_000 + n)).join('\n')}`;
    const refused = create({ profileId, text: tooMany });
    expect(refused.success ? null : refused.error.issues.map((issue) => issue.message)).toEqual([
      'A batch holds at most 10,000 lines and this one has 10,001; split it into smaller batches.',
    ]);
  });

  it('words a name or column that is too long as a sentence', () => {
    const tooLong = (input: Record<string, unknown>) => {
      const parsed = create(input);
      return parsed.success ? null : describeIssues(parsed.error.issues, input);
    };
    expect(tooLong({ profileId, name: 'n'.repeat(201), items: ['FT-000001'] })).toBe(
      'Name is longer than 200 characters; give the batch a shorter name.',
    );
    expect(tooLong({ profileId, csv: 'id\nFT-000001\n', column: 'c'.repeat(201) })).toBe(
      'Column is longer than 200 characters; no CSV column is named like that.',
    );
    expect(
      batchCalls['batches.rename'].input.safeParse({ batchId: crypto.randomUUID(), name: ' \t ' }).success,
    ).toBe(false);
  });

  it("keeps a run's step name as the service wrote it, and refuses one longer than a batch reads", () => {
    const batchId = crypto.randomUUID();
    const run = (stepName: string) =>
      batchCalls['batches.run'].input.safeParse({
        batchId,
        action: {
          kind: 'complete',
          stepName,
          fields: [{ name: 'O', code: 'O', value: 'x', fieldId: '{processId}' }],
        },
      });
    for (const stepName of ['Back office assessment ', ` ${'s'.repeat(1_000)}`]) {
      const parsed = run(stepName);
      expect(parsed.success && parsed.data.action.kind === 'complete' && parsed.data.action.stepName).toBe(
        stepName,
      );
    }
    const empty = run('');
    expect(empty.success ? null : describeIssues(empty.error.issues, {})).toBe(
      'Step to complete must be chosen: read the batch, then choose the step its rows wait at.',
    );
    const tooLong = run('s'.repeat(8 * 2 ** 20 + 1));
    expect(tooLong.success ? null : describeIssues(tooLong.error.issues, {})).toBe(
      'Step to complete is longer than the 8 MiB a batch reads for one process, so no row is at such a step.',
    );
  });

  it('takes each chosen row once', () => {
    const batchId = crypto.randomUUID();
    expect(batchCalls['batches.read'].input.parse({ batchId, rows: [2, 1, 2, 2] }).rows).toEqual([2, 1]);
  });
});

describe('batches.create input, one long line', () => {
  afterEach(killCreateChildren);

  // Each line's ends were trimmed with a regex that went back over every space inside the line at
  // each space: 100,000 spaces took 8 s of main's one thread, 16 MiB would have taken days.
  it('refuses a 16 MiB pasted line or CSV cell with spaces inside as too long', async () => {
    const line = (length: number) => `FT-1${' '.repeat(length - 5)}x`;
    const tooLong = {
      input: `FT-1${' '.repeat(73)}...`,
      message: 'is longer than an external reference can be (100 characters).',
    };
    const pasted = await parseCreateApart({ profileId, text: line(16 * 2 ** 20) });
    expect(pasted).toMatchObject({
      success: true,
      sorted: { lines: [], rejected: [{ line: 1, ...tooLong }] },
    });
    const csv = `Reference\n${line(16 * 2 ** 20 - 11)}\n`;
    const fromCsv = await parseCreateApart({ profileId, csv, column: 'Reference' });
    expect(fromCsv).toMatchObject({
      success: true,
      sorted: { lines: [], rejected: [{ line: 2, ...tooLong }] },
    });
  }, 60_000);
});
