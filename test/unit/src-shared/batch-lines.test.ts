import { describe, expect, it } from 'vitest';
import { numberItems, sortLines, splitBatchText, tooManyLines } from '../../../src-shared/batch-lines';
import { csvColumn, likelyColumn, parseCsv } from '../../../src-shared/csv-column';

describe('the lines of a batch', () => {
  it('splits on line ends, commas and tabs, drops blanks and repeats, and lists bad lines by the line they are on', () => {
    const text =
      'FT-000001\r\nft-000002,FT-000001\t3F2B8C1E-0D4A-4E8B-9C21-5A7F0E6D2B10\n\n3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10\nhello world\n3f2b8c1e-0d4a-4e8b';
    const sorted = sortLines(splitBatchText(text));
    expect(sorted.lines).toEqual([
      { input: 'FT-000001', inputKind: 'externalReference' },
      { input: 'ft-000002', inputKind: 'externalReference' },
      { input: '3F2B8C1E-0D4A-4E8B-9C21-5A7F0E6D2B10', inputKind: 'processId' },
    ]);
    expect(sorted.duplicates).toBe(2);
    expect(sorted.blankLines).toBe(1);
    expect(sorted.rejected).toEqual([
      {
        line: 5,
        input: 'hello world',
        message: expect.stringMatching(/^is neither a process id \(GUID\) nor an external reference/),
      },
      {
        line: 6,
        input: '3f2b8c1e-0d4a-4e8b',
        message: expect.stringMatching(/^looks like a process id but is not a whole GUID/),
      },
    ]);
  });

  it('takes a braced or upper-case GUID as the same process, and drops invisible characters at the ends', () => {
    const id = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';
    const sorted = sortLines(
      numberItems(
        [
          `{${id.toUpperCase()}}`,
          id,
          `"{${id}}"`,
          '\u200BFT-000003\u200B',
          '\uFEFF FT-000004\u00A0',
          'FT-\u200B000005',
        ],
        1,
      ),
    );
    expect(sorted.lines).toEqual([
      { input: id.toUpperCase(), inputKind: 'processId' },
      { input: 'FT-000003', inputKind: 'externalReference' },
      { input: 'FT-000004', inputKind: 'externalReference' },
    ]);
    expect(sorted.duplicates).toBe(2);
    // Inside a reference an invisible character is still refused, not silently removed.
    expect(sorted.rejected).toMatchObject([{ line: 6, input: 'FT-\u200B000005' }]);
  });

  it('drops the direction marks, isolates and soft hyphens a copy from Windows or a web page adds at the ends', () => {
    const wrapped = [
      '\u202AFT-000006\u202C',
      '\u200EFT-000007\u200F',
      '\u2066FT-000008\u2069',
      'FT-000009\u00AD',
    ];
    const sorted = sortLines(numberItems(wrapped, 1));
    expect(sorted.lines.map((line) => line.input)).toEqual([
      'FT-000006',
      'FT-000007',
      'FT-000008',
      'FT-000009',
    ]);
    expect(sorted.rejected).toEqual([]);
  });

  it('counts blank items without keeping them, and keeps no more than it is asked to', () => {
    expect(splitBatchText('FT-1,,FT-2\r\n \u200B\t\nFT-3', 2)).toEqual({
      items: [
        { text: 'FT-1', line: 1 },
        { text: 'FT-2', line: 1 },
      ],
      blankLines: 3,
      count: 3,
    });
  });

  it('says how many lines are too many', () => {
    expect(tooManyLines(10_000)).toBeNull();
    expect(tooManyLines(10_001)).toBe(
      'A batch holds at most 10,000 lines and this one has 10,001; split it into smaller batches.',
    );
  });
});

describe('a CSV column', () => {
  it('reads quoted cells, doubled quotes, CRLF and LF, and a missing last line end', () => {
    expect(parseCsv('a,"b ""x"", c"\r\n1,"2\n3"\n4,5')).toEqual([
      ['a', 'b "x", c'],
      ['1', '2\n3'],
      ['4', '5'],
    ]);
  });

  it('names the columns it has when asked for another', () => {
    expect(csvColumn('\uFEFFid,ref\n1,FT-1\n', 'Ref')).toEqual({ ok: true, cells: ['FT-1'] });
    expect(csvColumn('id,ref\n', 'reference')).toEqual({
      ok: false,
      message: 'The CSV has no column "reference"; its columns are "id", "ref". Choose one of them.',
    });
    expect(csvColumn('', 'ref')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The CSV is empty/),
    });
  });

  it('refuses a quote never closed instead of reading every row after it as one cell', () => {
    const csv = 'id,ref\r\n1,FT-1\r\n2,"FT-2\r\n3,FT-3\r\n4,FT-4\r\n';
    expect(csvColumn(csv, 'ref')).toEqual({
      ok: false,
      message:
        'Row 3 of the CSV opens a quote (") that is never closed, so every row after it would be read as one cell; close or remove that quote.',
    });
  });

  it('names only the first columns of a very wide header, so the sentence stays short', () => {
    const header = Array.from({ length: 10_000 }, (_, n) => `column ${n} ${'x'.repeat(100)}`).join(',');
    const answer = csvColumn(`${header}\n`, 'reference');
    expect(answer.ok).toBe(false);
    const message = answer.ok ? '' : answer.message;
    expect(message).toMatch(/^The CSV has no column "reference"; its columns are "column 0 x+\.\.\.", /);
    expect(message).toMatch(/"column 19 x+\.\.\." and 9,980 more\. Choose one of them\.$/);
    expect(message.length).toBeLessThan(1_200);
  });

  it('offers a column only when it is plain which one holds the processes', () => {
    expect(likelyColumn(['Reference'])).toBe('Reference');
    expect(likelyColumn(['Case', 'External reference', 'Owner'])).toBe('External reference');
    expect(likelyColumn(['case', 'Process id', 'owner'])).toBe('Process id');
    // Neither named like one, or two that are: the user picks.
    expect(likelyColumn(['Case', 'Owner', 'Date'])).toBe('');
    expect(likelyColumn(['Process id', 'External reference'])).toBe('');
  });
});
