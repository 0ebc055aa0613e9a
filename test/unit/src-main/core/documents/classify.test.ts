import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { classifyDocument, looksLikeXml, sniffMagic } from '../../../../../src-main/core/documents/classify';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const webp = Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1');
const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj', 'latin1');

describe('document classification', () => {
  it('knows images and PDFs by their first bytes', () => {
    expect(sniffMagic(png)).toBe('image/png');
    expect(sniffMagic(jpeg)).toBe('image/jpeg');
    expect(sniffMagic(gif)).toBe('image/gif');
    expect(sniffMagic(webp)).toBe('image/webp');
    expect(sniffMagic(pdf)).toBe('application/pdf');
    expect(sniffMagic(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeUndefined();
    expect(classifyDocument(png, 'image/png')).toEqual({
      kind: 'image',
      mediaType: 'image/png',
      warnings: [],
    });
    expect(classifyDocument(pdf, 'application/pdf')).toEqual({ kind: 'pdf', warnings: [] });
  });

  it('lets the bytes win over the label, and says so', () => {
    const labelledXml = classifyDocument(pdf, 'text/xml; charset=utf-8');
    expect(labelledXml.kind).toBe('pdf');
    expect(labelledXml.warnings).toEqual([
      'The service labelled this document "text/xml; charset=utf-8", but its content is a PDF; it is shown as such.',
    ]);
    const fakeImage = classifyDocument(Buffer.from('<a>1</a>'), 'image/png');
    expect(fakeImage.kind).toBe('xml');
    expect(fakeImage.mediaType).toBeUndefined();
    expect(fakeImage.warnings[0]).toMatch(/labelled this document "image\/png", but its content is XML/);
  });

  it('tells XML from plain text by label first, then by content', () => {
    expect(classifyDocument(Buffer.from('<a/>'), 'application/octet-stream').kind).toBe('xml');
    expect(classifyDocument(Buffer.from('<?xml version="1.0"?><a/>'), '').kind).toBe('xml');
    expect(classifyDocument(Buffer.from('<a/>'), 'application/soap+xml').kind).toBe('xml');
    expect(classifyDocument(Buffer.from('<3 thanks'), 'text/plain').kind).toBe('text');
    expect(classifyDocument(Buffer.from('<b>bold</b>'), 'text/plain').kind).toBe('text');
    // HTML is never rendered: it is text.
    expect(classifyDocument(Buffer.from('<html><body/></html>'), 'text/html').kind).toBe('text');
    const csv = classifyDocument(Buffer.from('ref,name\n007,Seán\n'), 'text/csv');
    expect(csv).toEqual({ kind: 'text', text: 'ref,name\n007,Seán\n', warnings: [] });
    expect(looksLikeXml('  \n<!-- note --><a/>')).toBe(true);
    expect(looksLikeXml('a < b')).toBe(false);
  });

  it('treats bytes that are not text as binary', () => {
    expect(classifyDocument(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]), 'application/zip')).toEqual({
      kind: 'binary',
      warnings: [],
    });
    expect(classifyDocument(Buffer.from([0xc3, 0x28, 0x41]), 'text/plain').kind).toBe('binary');
    expect(classifyDocument(Buffer.from('abc\u0000def'), '').kind).toBe('binary');
  });

  it('reads UTF-8 with a byte-order mark, UTF-16 with one, and declared Latin-1', () => {
    const bom = classifyDocument(Buffer.from('\ufeff<a>Seán</a>'), 'text/xml');
    expect(bom.text).toBe('<a>Seán</a>');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<a>Seán</a>', 'utf16le')]);
    expect(classifyDocument(utf16, 'text/xml').text).toBe('<a>Seán</a>');
    const latin = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>Se\xe1n</a>', 'latin1');
    expect(classifyDocument(latin, 'text/xml').text).toContain('<a>Seán</a>');
    // Invalid UTF-8 without such a declaration stays binary.
    expect(classifyDocument(Buffer.from('<a>Se\xe1n</a>', 'latin1'), 'text/xml').kind).toBe('binary');
  });

  it('keeps an empty document as empty text of its labelled kind', () => {
    expect(classifyDocument(Buffer.alloc(0), 'text/plain')).toEqual({ kind: 'text', text: '', warnings: [] });
    expect(classifyDocument(Buffer.alloc(0), 'text/xml').kind).toBe('xml');
  });
});
