import { describe, expect, it } from 'vitest';
import type { XmlNode } from '../../../../../src-shared/documents';
import { serviceRequestView } from '../../../../../src-main/core/documents/service-request';
import { xmlTextWarning } from '../../../../../src-main/core/documents/xml-parser';
import { treeOfValidXml } from '../../../../../src-main/core/documents/xml-tree';
import { requestRecord, serviceRequestXml } from './service-request-fixture';

function rootOf(xml: string): XmlNode {
  const refused = xmlTextWarning(xml);
  if (refused !== undefined) throw new Error(refused);
  const built = treeOfValidXml(xml);
  if (!built.ok) throw new Error(built.warning);
  return built.tree.root;
}

describe('ServiceRequest form view', () => {
  it('shows the five groups in API.md order, empty and absent elements as empty values', () => {
    const view = serviceRequestView(rootOf(serviceRequestXml()));
    expect(view?.warnings).toEqual([]);
    expect(view?.form.groups).toEqual([
      {
        name: 'RequestCategorisation',
        fields: [
          { name: 'FormType', value: 'Report a repair' },
          { name: 'RequestType', value: 'Housing repair' },
          { name: 'BackOfficeReference', value: '007341' },
        ],
      },
      {
        name: 'ClientInfo',
        fields: [
          { name: 'Title', value: 'Mr' },
          { name: 'FirstName', value: 'Seán' },
          { name: 'LastName', value: "O'Brien & Sons <Ltd>" },
          { name: 'DOB', value: '1971-03-01' },
          { name: 'NINO', value: 'QQ123450C' },
          { name: 'NHSNumber', value: '' },
          { name: 'DrivingLicenceNumber', value: '' },
        ],
      },
      {
        name: 'ContactInfo',
        fields: [
          { name: 'Email', value: 'sean.obrien0@example.org' },
          { name: 'Mobile', value: '07700 900000' },
          { name: 'Telephone', value: '' },
        ],
      },
      {
        name: 'PropertyInfo',
        fields: [
          { name: 'AddressLine1', value: 'Flat 1, 12 Harbour Road' },
          { name: 'AddressLine2', value: 'Riverside' },
          { name: 'AddressLine3', value: '' },
          { name: 'AddressLine4', value: '' },
          { name: 'PostCode', value: 'AB1 2CD' },
        ],
      },
      {
        name: 'RequestInfo',
        fields: [
          { name: 'RequestType', value: 'Damp and mould' },
          {
            name: 'RequestSpecifics',
            value: expect.stringMatching(/^Black mould .* – tenant .* "the day before"\.$/),
          },
          { name: 'RequestLocation', value: 'Rear bedroom' },
          { name: 'PreferredContactTime', value: 'Mornings' },
        ],
      },
    ]);
  });

  it('shows a missing group with every field empty, and appends what the template added', () => {
    const root = rootOf(`<ServiceRequest><Request>
      <ClientInfo><Email>dup@example.org</Email><LastName>Shaw</LastName><Address><Line1>1 Quay</Line1></Address></ClientInfo>
      <Consent><Marketing>no</Marketing></Consent>
      <SubmittedOn>2026-06-03T09:14:22</SubmittedOn>
    </Request></ServiceRequest>`);
    const groups = serviceRequestView(root)?.form.groups ?? [];
    expect(groups.map((group) => group.name)).toEqual([
      'RequestCategorisation',
      'ClientInfo',
      'ContactInfo',
      'PropertyInfo',
      'RequestInfo',
      'Consent',
      'Request',
    ]);
    expect(groups[0].fields).toEqual([
      { name: 'FormType', value: '' },
      { name: 'RequestType', value: '' },
      { name: 'BackOfficeReference', value: '' },
    ]);
    expect(groups[1].fields.slice(2, 3)).toEqual([{ name: 'LastName', value: 'Shaw' }]);
    expect(groups[1].fields.slice(7)).toEqual([
      { name: 'Email', value: 'dup@example.org' },
      { name: 'Address', value: '' },
      { name: 'Address.Line1', value: '1 Quay' },
    ]);
    expect(groups[5].fields).toEqual([{ name: 'Marketing', value: 'no' }]);
    expect(groups[6].fields).toEqual([{ name: 'SubmittedOn', value: '2026-06-03T09:14:22' }]);
  });

  it('shows the first of several Request records and says so', () => {
    const root = rootOf(`<ServiceRequest>${requestRecord(0)}${requestRecord(1)}</ServiceRequest>`);
    const view = serviceRequestView(root);
    expect(view?.warnings).toEqual([
      'This ServiceRequest holds 2 Request records; the form view shows the first.',
    ]);
    expect(view?.form.groups[0].fields[2]).toEqual({ name: 'BackOfficeReference', value: '007341' });
  });

  it('has no form view for other documents', () => {
    expect(serviceRequestView(rootOf('<Invoice><Request/></Invoice>'))).toBeUndefined();
    expect(serviceRequestView(rootOf('<ServiceRequest><Other/></ServiceRequest>'))).toBeUndefined();
  });
});
