import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BatchRow } from '../../../../../src-shared/batches';
import { parseCsv } from '../../../../../src-shared/csv-column';
import { batchExportTable, exportFileName, slices } from '../../../../../src-main/core/batches/batch-export';
import { streamTableExport } from '../../../../../src-main/core/table-export';

const dir = mkdtempSync(join(tmpdir(), 'pc-batch-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a hostile tenant may put in the names a batch's table shows. */
const hostile = [
  '=HYPERLINK("http://x")',
  '+1',
  '-2',
  '@SUM(A1)',
  '\t=1',
  '\r=1',
  'a\u2028b',
  'lone \ud800 half',
];

function row(rowNo: number): BatchRow {
  const text = hostile[rowNo % hostile.length]!;
  return {
    rowNo,
    input: `FT-${String(rowNo).padStart(6, '0')}`,
    inputKind: 'externalReference',
    processId: null,
    externalReference: `FT-${String(rowNo).padStart(6, '0')}`,
    processTypeId: null,
    processTypeName: text,
    status: 'Open',
    currentStep: { stepId: 's', name: text, kind: 'Human', startedOn: null },
    allocatedUser: text,
    restFailed: false,
    read: 'read',
    readError: null,
    readAt: null,
    action: 'failed',
    actionMessage: `${text}, "quoted"\nsecond line`,
  };
}

const rows = Array.from({ length: 10_000 }, (_, n) => row(n + 1));

describe("a batch's export of 10,000 rows with cells a spreadsheet would run", () => {
  it('writes a CSV in which no cell starts a formula and each row reads back whole', async () => {
    const path = join(dir, 'batch.csv');
    expect(await streamTableExport(path, 'csv', batchExportTable, slices(rows), rows.length)).toEqual({
      path,
      count: 10_000,
    });
    const text = readFileSync(path, 'utf8');
    // UTF-8 with a byte order mark, or Excel garbles every accented name; our own import drops it.
    expect(text.startsWith('\uFEFFrow,input,')).toBe(true);
    const [header, ...read] = parseCsv(text);
    expect(header![0]).toBe('row');
    expect(read).toHaveLength(10_000);
    const column = (name: string) => header!.indexOf(name);
    for (const [index, cells] of read.entries()) {
      const text = hostile[(index + 1) % hostile.length]!;
      for (const name of ['processType', 'currentStep', 'allocatedUser']) {
        const cell = cells[column(name)]!;
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        // Defused with a leading apostrophe; a lone surrogate cannot be written as UTF-8.
        expect(cell.replace(/^'/, '')).toBe(text.replace(/\ud800/, '\ufffd'));
      }
      expect(cells[column('outcomeMessage')]!.replace(/^'/, '')).toBe(
        `${text.replace(/\ud800/, '\ufffd')}, "quoted"\nsecond line`,
      );
    }
  });

  it('writes JSONL with one record per line, U+2028 kept and a lone surrogate escaped', async () => {
    const path = join(dir, 'batch.jsonl');
    await streamTableExport(path, 'jsonl', batchExportTable, slices(rows), rows.length);
    const file = readFileSync(path, 'utf8');
    expect(file).toContain('"lone \\ud800 half"');
    const lines = file.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line) as BatchRow)).toEqual(rows);
  });
});

describe("a batch export's file name", () => {
  it('keeps its extension whatever the batch is named', () => {
    expect(exportFileName('a'.repeat(200), 'csv')).toBe(`batch ${'a'.repeat(174)}.csv`);
    expect(exportFileName('x/..', 'jsonl')).toBe('batch x_.jsonl');
    expect(exportFileName('reports/2024', 'csv')).toBe('batch reports_2024.csv');
    expect(exportFileName('a\u0000b\u202Ec', 'csv')).toBe('batch a_b_c.csv');
    expect(exportFileName('Q3 2024.', 'csv')).toBe('batch Q3 2024.csv');
  });
});
