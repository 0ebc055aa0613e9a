import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { decodeDocument } from '../../../../../src-main/core/documents/decode-document';
import { doctypeWarning } from '../../../../../src-main/core/documents/xml-parser';
import { Failure } from '../../../../../src-main/core/failure';
import { rawDocument, serviceRequestXml } from './service-request-fixture';

const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('decoding a document', () => {
  it('turns a ServiceRequest into text, tree, pretty text and form view, as plain JSON', () => {
    const xml = serviceRequestXml();
    const decoded = decodeDocument(rawDocument(xml), '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10');
    expect(decoded).toMatchObject({
      documentId: '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10',
      filename: 'ServiceRequest.xml',
      contentType: 'text/xml',
      size: Buffer.byteLength(xml),
      kind: 'xml',
      warnings: [],
      text: xml,
      nodeCount: 28,
    });
    expect(decoded.tree?.name).toBe('ServiceRequest');
    expect(decoded.pretty).toMatch(/^<ServiceRequest>\n {2}<Request>\n/);
    expect(decoded.form?.groups).toHaveLength(5);
    expect(JSON.parse(JSON.stringify(decoded))).toEqual(decoded);
    expect(decodeDocument(rawDocument(xml))).not.toHaveProperty('documentId');
  });

  it('shows malformed XML and DOCTYPE documents as raw text with a warning, without throwing', () => {
    const broken = decodeDocument(rawDocument('<ServiceRequest><Request></ServiceRequest>'));
    expect(broken.kind).toBe('xml');
    expect(broken.text).toBe('<ServiceRequest><Request></ServiceRequest>');
    expect(broken.tree).toBeUndefined();
    expect(broken.pretty).toBeUndefined();
    expect(broken.warnings).toEqual([
      expect.stringMatching(/^This XML is not well-formed \(line 1, column \d+: /),
    ]);
    const doctype = decodeDocument(rawDocument('<!DOCTYPE r [<!ENTITY e "x">]><r>&e;</r>'));
    expect(doctype.warnings).toEqual([doctypeWarning]);
    expect(doctype.text).toContain('<!ENTITY e "x">');
    expect(doctype.warnings[0]).toBe(
      'This document declares a DOCTYPE or entities; it is shown as raw text and not parsed, for safety.',
    );
  });

  it('previews images up to 5 MiB from the sniffed type, never the declared one', () => {
    const small = decodeDocument(
      rawDocument(Buffer.concat([pngHeader, Buffer.alloc(100)]), 'text/html', 'x.png'),
    );
    expect(small.kind).toBe('image');
    expect(small.previewDataUrl).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(small.text).toBeUndefined();
    const large = decodeDocument(
      rawDocument(Buffer.concat([pngHeader, Buffer.alloc(5 * 1024 * 1024)]), 'image/png'),
    );
    expect(large.kind).toBe('image');
    expect(large.previewDataUrl).toBeUndefined();
  });

  it('gives PDFs and binary documents their size only', () => {
    const pdf = decodeDocument(rawDocument('%PDF-1.4\n%\u00e2\u00e3', 'application/pdf', 'letter.pdf'));
    expect(pdf).toEqual({
      filename: 'letter.pdf',
      contentType: 'application/pdf',
      size: 14,
      kind: 'pdf',
      warnings: [],
    });
    expect(decodeDocument(rawDocument(Buffer.from([0, 1, 2, 3]), 'application/octet-stream')).kind).toBe(
      'binary',
    );
  });

  it('refuses an answer that is not a document with a bad_response Failure', () => {
    for (const raw of [
      null,
      'text',
      { filename: 'a', contentType: 'text/xml' },
      { ...rawDocument('<a/>'), contents: 7 },
    ]) {
      expect(() => decodeDocument(raw as never)).toThrowError(Failure);
    }
    try {
      decodeDocument({ filename: 'a', contentType: 'text/xml' } as never);
    } catch (error) {
      expect(error).toBeInstanceOf(Failure);
      expect((error as Failure).error).toEqual({
        code: 'bad_response',
        message: `The service's document has no text "contents", so it cannot be shown.`,
      });
    }
  });
});
