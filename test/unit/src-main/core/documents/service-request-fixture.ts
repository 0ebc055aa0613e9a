import { Buffer } from 'node:buffer';
import type { RawDocumentInput } from '../../../../../src-main/core/documents/decode-document';
import { answerBytes } from '../../../../../src-main/core/documents/document-answer';
import type { DocumentJob } from '../../../../../src-main/core/documents/worker-protocol';

type OpenJob = Extract<DocumentJob, { type: 'open' }>;

/*
 * ServiceRequest documents laid out as the vendor's form mapping writes them (API.md section 8):
 * five groups, some elements empty (both <X/> and <X></X>), one absent, one added by the
 * template, and values that need XML escaping. Shared by the unit tests, the worker test and the
 * benchmark.
 */

const specifics =
  'Black mould on the ceiling &amp; walls of the rear bedroom since October; the extractor fan in ' +
  'the bathroom does not work &#8211; tenant has tried bleach &amp; a dehumidifier. Contractor ' +
  '&lt;Harbour Maintenance&gt; visited on 14/11 but could not gain access, so a further visit is ' +
  'needed; the tenant works shifts and asks for a call &quot;the day before&quot;. ';

/** One Request record; `index` varies the values the way a batch of real submissions would. */
export function requestRecord(index = 0, specificsRepeat = 1): string {
  return `  <Request>
    <RequestCategorisation>
      <FormType>Report a repair</FormType>
      <RequestType>Housing repair</RequestType>
      <BackOfficeReference>${String(7341 + index).padStart(6, '0')}</BackOfficeReference>
    </RequestCategorisation>
    <ClientInfo>
      <Title>Mr</Title>
      <FirstName>Seán</FirstName>
      <LastName>O&apos;Brien &amp; Sons &lt;Ltd&gt;</LastName>
      <DOB>1971-03-0${(index % 9) + 1}</DOB>
      <NINO>QQ12345${index % 10}C</NINO>
      <NHSNumber/>
      <DrivingLicenceNumber></DrivingLicenceNumber>
    </ClientInfo>
    <ContactInfo>
      <Email>sean.obrien${index}@example.org</Email>
      <Mobile>07700 900${String(index % 1000).padStart(3, '0')}</Mobile>
      <Telephone />
    </ContactInfo>
    <PropertyInfo>
      <AddressLine1>Flat ${(index % 40) + 1}, 12 Harbour Road</AddressLine1>
      <AddressLine2>Riverside</AddressLine2>
      <AddressLine3/>
      <PostCode>AB1 2CD</PostCode>
    </PropertyInfo>
    <RequestInfo>
      <RequestType>Damp and mould</RequestType>
      <RequestSpecifics>${specifics.repeat(specificsRepeat).trim()}</RequestSpecifics>
      <RequestLocation>Rear bedroom</RequestLocation>
      <PreferredContactTime>Mornings</PreferredContactTime>
    </RequestInfo>
  </Request>
`;
}

/** A one-record ServiceRequest document, as a form submission produces it. */
export function serviceRequestXml(): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<ServiceRequest>\n${requestRecord()}</ServiceRequest>\n`;
}

/** A ServiceRequest-style document of at least `bytes` UTF-8 bytes: repeated records, varied lengths. */
export function serviceRequestOfSize(bytes: number): string {
  const parts = ['<?xml version="1.0" encoding="utf-8"?>\n<ServiceRequest>\n'];
  let size = Buffer.byteLength(parts[0]);
  for (let index = 0; size < bytes; index++) {
    const record = requestRecord(index, 1 + (index % 6));
    parts.push(record);
    size += Buffer.byteLength(record);
  }
  parts.push('</ServiceRequest>\n');
  return parts.join('');
}

/** Wraps text or bytes as the documents operation returns them. */
export function rawDocument(
  content: string | Uint8Array,
  contentType = 'text/xml',
  filename = 'ServiceRequest.xml',
): RawDocumentInput {
  return { filename, contentType, contents: Buffer.from(content).toString('base64') };
}

/** The worker's job that opens `raw`, handed over as the bytes of its JSON answer (as main does). */
export function openJob(raw: unknown, secrets: readonly string[] = []): OpenJob {
  return {
    type: 'open',
    answer: { bytes: answerBytes(raw), secrets, profileName: 'Test', operation: 'reading a document' },
  };
}
