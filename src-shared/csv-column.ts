/**
 * Reads one column of a CSV text (RFC 4180: quoted cells, doubled quotes, CRLF or LF), for making
 * a batch from a spreadsheet's export. The first row names the columns.
 */

/** The cells of the chosen column (header excluded), or the sentence saying why not. */
export type CsvColumn = { ok: true; cells: string[] } | { ok: false; message: string };

/** Takes the column named `column` (any case, surrounding spaces ignored) from `csv`. */
export function csvColumn(csv: string, column: string): CsvColumn {
  let header: string[] | undefined;
  let index = -1;
  const wanted = column.trim().toLowerCase();
  const cells: string[] = [];
  // Only the chosen cell of each row is kept: rows kept whole made a 16 MiB CSV of empty rows
  // (a sheet exported with its blank rows) take 3 GiB and 10 s of main's one thread.
  const unclosedQuoteRow = readCsv(csv, (row) => {
    if (header === undefined) {
      header = row;
      index = header.findIndex((cell) => cell.trim().toLowerCase() === wanted);
    } else if (index >= 0) cells.push(row[index] ?? '');
  });
  // A quote never closed swallows every row after it into one cell: the batch would be made from
  // the rows before it with one "bad line", thousands of rows dropped without a word.
  if (unclosedQuoteRow !== null) {
    return {
      ok: false,
      message: `Row ${unclosedQuoteRow.toLocaleString('en')} of the CSV opens a quote (") that is never closed, so every row after it would be read as one cell; close or remove that quote.`,
    };
  }
  if (!header || header.every((cell) => cell.trim() === '')) {
    return { ok: false, message: 'The CSV is empty; its first row must name the columns.' };
  }
  if (index < 0) {
    // Listed in part: a header of thousands of cells (a one-line list of ids saved as .csv) would
    // otherwise make a sentence of megabytes.
    const found = header
      .slice(0, shownColumns)
      .map((cell) => `"${clipName(cell.trim())}"`)
      .join(', ');
    const more =
      header.length > shownColumns ? ` and ${(header.length - shownColumns).toLocaleString('en')} more` : '';
    return {
      ok: false,
      message: `The CSV has no column "${column.trim()}"; its columns are ${found}${more}. Choose one of them.`,
    };
  }
  return { ok: true, cells };
}

/**
 * The column a batch takes unless the user picks another: the only column, or the only one named
 * like a process id or reference; else none, so the user picks. The first column was taken
 * unasked: a CSV of "Case,Owner,Reference" made a batch of case numbers and owner names, which
 * pass as references (letters and digits), and nobody had chosen them.
 */
export function likelyColumn(columns: readonly string[]): string {
  if (columns.length === 1) return columns[0]!;
  const named = columns.filter((name) => /process|reference|\bref\b|guid|\bid\b/i.test(name));
  return named.length === 1 ? named[0]! : '';
}

/** Columns named in the sentence for a column not found. */
const shownColumns = 20;

function clipName(name: string): string {
  return name.length > 40 ? `${name.slice(0, 37)}...` : name;
}

/** Every row of a CSV text as cells; a trailing line end makes no empty row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  readCsv(text, (row) => rows.push(row));
  return rows;
}

/** Hands each row to `onRow`; returns the 1-based row where a quote opened and was never closed, else null. */
function readCsv(csv: string, onRow: (row: string[]) => void): number | null {
  // A byte order mark (Excel's, or the console's own export) is not part of the first header.
  const text = csv.replace(/^\uFEFF/, '');
  let rowCount = 0;
  let openedOnRow = 0;
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') {
      quoted = true;
      openedOnRow = rowCount + 1;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      onRow(row);
      rowCount += 1;
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0 || quoted) onRow([...row, cell]);
  return quoted ? openedOnRow : null;
}
