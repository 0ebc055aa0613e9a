import { describe, expect, it } from 'vitest';
import { textMasker, type TextPiece } from '../../../src-shared/quoted-values';

const nino = { name: 'National Insurance number', value: 'QQ345678C' };
const dob = { name: 'Date of birth', value: '1966-12-09' };

/** The pieces as text, each masked piece in brackets, so a test reads what the view shows. */
function shown(pieces: TextPiece[]): string {
  return pieces.map((piece) => (piece.name ? `[${piece.text}]` : piece.text)).join('');
}

describe('textMasker', () => {
  it('masks a value inside a longer text and keeps the text around it', () => {
    const pieces = textMasker([nino])('  <NINO>QQ345678C</NINO>');
    expect(pieces).toEqual([
      { text: '  <NINO>' },
      { text: 'QQ345678C', name: 'National Insurance number' },
      { text: '</NINO>' },
    ]);
  });

  it('masks several values, and each occurrence of one, with its own name', () => {
    const pieces = textMasker([nino, dob])('QQ345678C born 1966-12-09, again QQ345678C');
    expect(shown(pieces)).toBe('[QQ345678C] born [1966-12-09], again [QQ345678C]');
    expect(pieces.filter((piece) => piece.name).map((piece) => piece.name)).toEqual([
      'National Insurance number',
      'Date of birth',
      'National Insurance number',
    ]);
  });

  it('merges overlapping values into one masked piece, so no part of either shows', () => {
    const mask = textMasker([
      { name: 'A', value: 'ABCD1234' },
      { name: 'B', value: 'XXABCD' },
    ]);
    expect(shown(mask('id XXABCD1234 end'))).toBe('id [XXABCD1234] end');
    // A value repeated into itself: every occurrence found, not only every other.
    expect(shown(textMasker([{ name: 'R', value: 'aaaa' }])('b aaaaaa b'))).toBe('b [aaaaaa] b');
  });

  it('finds a value as XML spells it: named and numeric references, in either hex case', () => {
    const mask = textMasker([{ name: 'Surname', value: "O'Brien & Sons <Ltd>" }]);
    expect(shown(mask('<N>O&apos;Brien &amp; Sons &lt;Ltd&gt;</N>'))).toBe(
      '<N>[O&apos;Brien &amp; Sons &lt;Ltd&gt;]</N>',
    );
    expect(shown(mask('<N>O&#39;Brien &#x26; Sons &#X3c;Ltd&#x3E;</N>'))).toBe(
      '<N>O&#39;Brien &#x26; Sons &#X3c;Ltd&#x3E;</N>',
    );
    expect(shown(mask('<N>O&#39;Brien &#x26; Sons &#x3c;Ltd&#x3E;</N>'))).toBe(
      '<N>[O&#39;Brien &#x26; Sons &#x3c;Ltd&#x3E;]</N>',
    );
    // The parsed value, as the form view and tree hold it.
    expect(shown(mask("O'Brien & Sons <Ltd>"))).toBe("[O'Brien & Sons <Ltd>]");
  });

  it('masks a value under 4 characters only where no letter or digit touches it', () => {
    const mask = textMasker([{ name: 'Initial', value: 'M' }]);
    expect(shown(mask('Mrs Mary Moss'))).toBe('Mrs Mary Moss');
    expect(shown(mask('<Initial>M</Initial>'))).toBe('<Initial>[M]</Initial>');
    expect(shown(textMasker([{ name: 'Code', value: '12' }])('(412) 12 120'))).toBe('(412) [12] 120');
    // Four characters or more: wherever it occurs, as redaction.ts does.
    expect(shown(textMasker([{ name: 'Pin', value: '1234' }])('x91234x'))).toBe('x9[1234]x');
  });

  it('never masks an empty or blank value, and trims the values it looks for', () => {
    expect(
      shown(
        textMasker([
          { name: 'Empty', value: '' },
          { name: 'Blank', value: '   ' },
        ])('a b  c'),
      ),
    ).toBe('a b  c');
    expect(shown(textMasker([{ name: 'NINO', value: ' QQ345678C ' }])('QQ345678C'))).toBe('[QQ345678C]');
  });

  it('matches case as the service keeps it, and looks for regex characters literally', () => {
    expect(shown(textMasker([nino])('qq345678c'))).toBe('qq345678c');
    expect(shown(textMasker([{ name: 'P', value: 'a.b*c' }])('axbbc a.b*c'))).toBe('axbbc [a.b*c]');
  });

  it('looks for a long value as written and as XML escapes it, quickly and without a pattern', () => {
    const long = `O'Brien & ${'x'.repeat(20_000)}`;
    const mask = textMasker([{ name: 'Long', value: long }]);
    const started = performance.now();
    expect(shown(mask(`a${long}b`))).toBe(`a[${long}]b`);
    const escaped = long.replace('&', '&amp;');
    expect(shown(mask(`<N>${escaped}</N>`))).toBe(`<N>[${escaped}]</N>`);
    // A 200,000-character value as one pattern took 18 s to fail, quoting the value in its error.
    expect(performance.now() - started).toBeLessThan(1_000);
    // The longest value still looked for in every spelling.
    const edge = `${'&'.repeat(50)}${'y'.repeat(50)}`;
    expect(shown(textMasker([{ name: 'Edge', value: edge }])(`-${edge.replace(/&/g, '&#38;')}-`))).toBe(
      `-[${edge.replace(/&/g, '&#38;')}]-`,
    );
  });
});
