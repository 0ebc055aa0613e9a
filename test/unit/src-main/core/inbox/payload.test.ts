import { describe, expect, it } from 'vitest';
import { Failure } from '../../../../../src-main/core/failure';
import { documentIdInLink, parseDeliveryPayload } from '../../../../../src-main/core/inbox/payload';

const processId = '3f2a9c1e-0b7d-4e5f-9a1b-2c3d4e5f6a7b';
const documentId = '0c9d8e7f-1a2b-4c3d-8e9f-a0b1c2d3e4f5';

/** The payload as the reference service sends it (the vendor's sample: Links under Documents). */
const vendorPayload = {
  SubscriptionId: '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0a01',
  ProcessId: processId,
  ExternalReference: 'FT-000042',
  GeoTag: null,
  Documents: [
    {
      Name: 'service-request.xml',
      ContentType: 'text/xml',
      Links: [{ Rel: 'self', Href: `/open-api/documents/${documentId}` }],
    },
  ],
  Fields: [
    { Label: 'First name', Code: 'FirstName', ValueAsString: 'Ada' },
    { Label: 'Postcode', Code: 'PostCode', ValueAsString: 'M1 1AA' },
  ],
};

function reasonOf(json: unknown): string {
  try {
    parseDeliveryPayload(json);
  } catch (error) {
    expect(error).toBeInstanceOf(Failure);
    expect((error as Failure).error.code).toBe('invalid_input');
    return (error as Failure).message;
  }
  throw new Error('the payload was accepted');
}

describe('parseDeliveryPayload', () => {
  it('reads the vendor shape (Links under Documents) into the normalised view', () => {
    expect(parseDeliveryPayload(vendorPayload)).toEqual({
      processId,
      externalReference: 'FT-000042',
      subscriptionId: '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0a01',
      geoTag: null,
      documents: [
        {
          name: 'service-request.xml',
          contentType: 'text/xml',
          href: `/open-api/documents/${documentId}`,
          documentId,
        },
      ],
      fields: [
        { label: 'First name', code: 'FirstName', value: 'Ada' },
        { label: 'Postcode', code: 'PostCode', value: 'M1 1AA' },
      ],
    });
  });

  it('reads the seed wording (Links at the top level) and a document carrying its own Href', () => {
    const view = parseDeliveryPayload({
      ProcessId: processId,
      ExternalReference: 'FT-000043',
      Documents: [{ Name: 'photo.jpg', ContentType: 'image/jpeg', Href: '/open-api/documents/photo-1' }],
      Links: [{ Rel: 'self', Href: `https://tenant.example/open-api/documents/${documentId}` }],
    });
    expect(view.documents).toEqual([
      {
        name: 'photo.jpg',
        contentType: 'image/jpeg',
        href: '/open-api/documents/photo-1',
        documentId: 'photo-1',
      },
      {
        name: '',
        contentType: '',
        href: `https://tenant.example/open-api/documents/${documentId}`,
        documentId,
      },
    ]);
    expect(view).toMatchObject({ subscriptionId: null, geoTag: null, fields: [] });
  });

  it('lists a document once when both shapes name the same link, and prefers the self link', () => {
    const view = parseDeliveryPayload({
      ...vendorPayload,
      Documents: [
        {
          Name: 'a.xml',
          ContentType: 'text/xml',
          Links: [
            { Rel: 'alternate', Href: '/elsewhere/1' },
            { Rel: 'Self', Href: `/open-api/documents/${documentId}` },
          ],
        },
      ],
      Links: [{ Rel: 'self', Href: `/open-api/documents/${documentId}` }],
    });
    expect(view.documents).toHaveLength(1);
    expect(view.documents[0]).toMatchObject({ name: 'a.xml', documentId });
  });

  it('ignores keys it does not know, reads a null ValueAsString as empty and shows any GeoTag as text', () => {
    const view = parseDeliveryPayload({
      ...vendorPayload,
      Extra: { anything: true },
      GeoTag: { lat: 53.48, lng: -2.24 },
      Fields: [{ Code: 'Empty', ValueAsString: null, Hint: 'x' }],
    });
    expect(view.fields).toEqual([{ label: '', code: 'Empty', value: '' }]);
    expect(view.geoTag).toBe('{"lat":53.48,"lng":-2.24}');
    expect(parseDeliveryPayload({ ...vendorPayload, GeoTag: '53.48,-2.24' }).geoTag).toBe('53.48,-2.24');
  });

  it('refuses a ProcessId that is not a GUID, naming the key', () => {
    expect(reasonOf({ ...vendorPayload, ProcessId: 'FT-000042' })).toMatch(/ProcessId must be a GUID/);
    expect(reasonOf({ ...vendorPayload, ProcessId: 42 })).toMatch(
      /ProcessId must be a string \(found a number\)/,
    );
  });

  it('names missing and mistyped keys with their path, case-sensitively', () => {
    const { ProcessId: _dropped, ...withoutId } = vendorPayload;
    expect(reasonOf({ ...withoutId, processId })).toMatch(/ProcessId is missing/);
    expect(reasonOf({ ...vendorPayload, ExternalReference: '' })).toMatch(
      /ExternalReference must not be empty/,
    );
    expect(reasonOf({ ...vendorPayload, Documents: [{ Name: 'x', Links: [{ Rel: 'self' }] }] })).toMatch(
      /Documents\[0\]\.Links\[0\]\.Href is missing/,
    );
    expect(reasonOf({ ...vendorPayload, Documents: {} })).toMatch(
      /Documents must be an array \(found an object\)/,
    );
    expect(reasonOf({ ...vendorPayload, Fields: [{ Label: 'x', ValueAsString: 1, Code: 'A' }] })).toMatch(
      /Fields\[0\]\.ValueAsString must be a string/,
    );
  });

  it('refuses anything but a JSON object', () => {
    for (const json of [null, [], 'text', 3]) expect(reasonOf(json)).toMatch(/must be a JSON object/);
  });
});

describe('documentIdInLink', () => {
  it('takes the id from a relative or absolute documents link', () => {
    expect(documentIdInLink('/open-api/documents/abc')).toBe('abc');
    expect(documentIdInLink('https://x.example/open-api/documents/abc/?download=1')).toBe('abc');
    expect(documentIdInLink('/open-api/documents/a%20b')).toBe('a b');
    expect(documentIdInLink('/')).toBeNull();
  });
});
