import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { openBytes } from '../../../../../src-main/core/documents/open-document';
import { serviceRequestOfSize, serviceRequestXml } from './service-request-fixture';

const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('opening decoded bytes', () => {
  it('frees bytes it consumes once they are text, and opens the same document as without', () => {
    const xml = serviceRequestOfSize(64 * 1024);
    const kept = openBytes({ filename: 'a.xml', contentType: 'text/xml', bytes: Buffer.from(xml) });
    // Large enough to have a buffer of its own (not Node's shared pool): the worker's case.
    const bytes = Buffer.from(xml);
    const consumed = openBytes({ filename: 'a.xml', contentType: 'text/xml', bytes }, undefined, {
      consume: true,
    });
    expect(bytes.buffer.byteLength).toBe(0);
    expect(consumed).toEqual(kept);
    expect(consumed.size).toBe(Buffer.byteLength(xml));
  });

  it('leaves a small pooled buffer and an image’s bytes alone', () => {
    const small = Buffer.from(serviceRequestXml());
    const pool = small.buffer.byteLength;
    openBytes({ filename: 'a.xml', contentType: 'text/xml', bytes: small }, undefined, { consume: true });
    expect(small.buffer.byteLength).toBe(pool);
    expect(small.toString()).toBe(serviceRequestXml());
    const image = Buffer.alloc(8192);
    pngHeader.copy(image);
    const opened = openBytes({ filename: 'a.png', contentType: 'image/png', bytes: image }, undefined, {
      consume: true,
    });
    expect(opened.previewDataUrl).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(image.byteLength).toBe(8192);
  });
});
