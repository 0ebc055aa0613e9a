/**
 * Reads one column of a CSV text (RFC 4180: quoted cells, doubled quotes, CRLF or LF), for making
 * a batch from a spreadsheet's export. The first row names the columns.
 */

/** The cells of the chosen column (header excluded), or the sentence saying why not. */
export type CsvColumn = { ok: true; cells: string[] } | { ok: false; message: string };

/** Takes the column named `column` (any case, surrounding spaces ignored) from `csv`. */
export function csvColumn(csv: string, column: string): CsvColumn {
  const rows = parseCsv(csv.replace(/^\uFEFF/, ''));
  const header = rows[0];
  if (!header || header.every((cell) => cell.trim() === '')) {
    return { ok: false, message: 'The CSV is empty; its first row must name the columns.' };
  }
  const wanted = column.trim().toLowerCase();
  const index = header.findIndex((cell) => cell.trim().toLowerCase() === wanted);
  if (index < 0) {
    const found = header.map((cell) => `"${cell.trim()}"`).join(', ');
    return {
      ok: false,
      message: `The CSV has no column "${column.trim()}"; its columns are ${found}. Choose one of them.`,
    };
  }
  return { ok: true, cells: rows.slice(1).map((row) => row[index] ?? '') };
}

/** Every row of a CSV text as cells; a trailing line end makes no empty row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
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
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
