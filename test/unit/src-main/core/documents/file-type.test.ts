import { describe, expect, it } from 'vitest';
import { savedExtension } from '../../../../../src-main/core/documents/file-type';
import {
  zoneIdentifierContent,
  markFromInternet,
} from '../../../../../src-main/core/documents/zone-identifier';

const text = (value: string) => new TextEncoder().encode(value);

describe('the extension a saved document gets', () => {
  it('follows the content, not the label', () => {
    expect(savedExtension(text('<?xml version="1.0"?><ServiceRequest/>'), 'application/x-msdownload')).toBe(
      '.xml',
    );
    expect(savedExtension(text('<ServiceRequest><Request/></ServiceRequest>'), 'text/xml')).toBe('.xml');
    expect(savedExtension(text('%PDF-1.7\n'), 'text/xml')).toBe('.pdf');
    expect(savedExtension(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'x')).toBe(
      '.png',
    );
    expect(savedExtension(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0]), 'image/png')).toBe('.jpg');
    expect(savedExtension(text('plain words'), 'application/hta')).toBe('.txt');
    expect(savedExtension(Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0]), 'application/pdf')).toBe('.bin');
  });

  it('saves markup the service did not call XML as text, so HTML cannot open in a browser', () => {
    expect(savedExtension(text('<html><script>alert(1)</script></html>'), 'text/html')).toBe('.txt');
    expect(savedExtension(text('<html><script>alert(1)</script></html>'), 'application/octet-stream')).toBe(
      '.txt',
    );
  });
});

describe("Windows' mark of the web", () => {
  it('says Internet zone in the format Windows writes', () => {
    expect(zoneIdentifierContent()).toBe('[ZoneTransfer]\r\nZoneId=3\r\n');
  });

  it('is written on Windows only', async () => {
    expect(await markFromInternet('/nonexistent/file.xml', 'linux')).toBe(false);
  });
});
