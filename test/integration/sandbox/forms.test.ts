import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestSandbox, type TestSandbox } from './helpers';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.stop());

const account = {
  accountId: '5b4e6a0c-7d1f-4e2a-9c3b-8f1d2e3a4b5c',
  reference: 'CUS-77',
  name: 'Ada Lovelace',
};
const parser = new XMLParser({ parseTagValue: false });

function submit(formCode: string, body: unknown) {
  return call(t.url, 'POST', `/forms/${formCode}/submissions`, { body });
}

async function documentOf(processId: string) {
  const process = (await t.call('GET', `/open-api/processes/${processId}`)).json;
  expect(process.documents).toHaveLength(1);
  const document = (await t.call('GET', process.documents[0].href)).json;
  return { process, document, xml: Buffer.from(document.contents, 'base64').toString('utf8') };
}

describe('form submissions', () => {
  it('report-fly-tipping without an account starts FT, maps answers to fields and attaches the XML', async () => {
    const reply = await submit('report-fly-tipping', {
      answers: {
        FirstName: 'Ada',
        LastName: "O'Brien & <Sons>",
        DOB: '1990-01-01',
        RequestSpecifics: 'Sofa "and" fridge',
      },
    });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.json).sort()).toEqual(['externalReference', 'processId']);
    expect(reply.json.externalReference).toMatch(/^FT-\d{6}$/);
    const { process, document, xml } = await documentOf(reply.json.processId);
    expect(process.accounts).toEqual([]);
    expect(process.fields.map((f: { code: string }) => f.code)).toEqual([
      'FirstName',
      'LastName',
      'DOB',
      'RequestSpecifics',
    ]);
    expect(process.fields.find((f: { code: string }) => f.code === 'DOB')).toMatchObject({
      value: '1990-01-01',
      confidential: true,
    });
    expect(document).toMatchObject({ filename: 'service-request.xml', contentType: 'text/xml' });
    expect(xml).toContain('<FirstName>Ada</FirstName>');
    expect(xml).toContain('<LastName>O&apos;Brien &amp; &lt;Sons&gt;</LastName>');
    expect(xml).toContain('<NINO></NINO>');

    const tree = parser.parse(xml);
    const request = tree.ServiceRequest.Request;
    expect(Object.keys(request)).toEqual([
      'RequestCategorisation',
      'ClientInfo',
      'ContactInfo',
      'PropertyInfo',
      'RequestInfo',
    ]);
    expect(request.RequestCategorisation).toEqual({
      FormType: 'Report fly-tipping',
      RequestType: 'Fly-tipping report',
      BackOfficeReference: reply.json.externalReference,
    });
    expect(Object.keys(request.ClientInfo)).toEqual([
      'Title',
      'FirstName',
      'LastName',
      'DOB',
      'NINO',
      'NHSNumber',
      'DrivingLicenceNumber',
    ]);
    expect(request.ClientInfo).toMatchObject({ FirstName: 'Ada', LastName: "O'Brien & <Sons>", NINO: '' });
    expect(Object.keys(request.ContactInfo)).toEqual(['Email', 'Mobile', 'Telephone']);
    expect(Object.keys(request.PropertyInfo)).toEqual([
      'AddressLine1',
      'AddressLine2',
      'AddressLine3',
      'AddressLine4',
      'PostCode',
    ]);
    expect(request.RequestInfo).toEqual({
      RequestType: '',
      RequestSpecifics: 'Sofa "and" fridge',
      RequestLocation: '',
    });
  });

  it('report-fly-tipping with an account links it', async () => {
    const reply = await submit('report-fly-tipping', { answers: { FirstName: 'Ada' }, account });
    expect(reply.status).toBe(201);
    const { process } = await documentOf(reply.json.processId);
    expect(process.accounts).toEqual([account]);
  });

  it('bulky-waste without an account is refused (422) and creates nothing; with one it starts BW', async () => {
    const refused = await submit('bulky-waste', { answers: { FirstName: 'Ada', AddressLine1: '1 High St' } });
    expect(refused.status).toBe(422);
    expect(refused.json.error.code).toBe('account_required');
    const accepted = await submit('bulky-waste', {
      answers: { FirstName: 'Ada', AddressLine1: '1 High St' },
      account,
    });
    expect(accepted.status).toBe(201);
    // The demo seed holds BW-000001 to BW-000008: the refused submission used no number.
    expect(accepted.json.externalReference).toBe('BW-000009');
    const { process, xml } = await documentOf(accepted.json.processId);
    expect(process).toMatchObject({ location: '1 High St', accounts: [account] });
    expect(process.steps[0]).toMatchObject({ name: 'Check request', kind: 'Standard' });
    expect(parser.parse(xml).ServiceRequest.Request.RequestCategorisation.FormType).toBe(
      'Book a bulky waste collection',
    );
  });

  it('refuses unknown forms, unknown questions and malformed answers', async () => {
    const unknownForm = await submit('no-such-form', { answers: {} });
    expect(unknownForm.status).toBe(404);
    expect(unknownForm.json.error.code).toBe('form_not_found');
    const unknownQuestion = await submit('report-fly-tipping', { answers: { Shoe: '42' } });
    expect(unknownQuestion.status).toBe(400);
    expect(unknownQuestion.json.error.code).toBe('unknown_question');
    const notText = await submit('report-fly-tipping', { answers: { FirstName: 42 } });
    expect(notText.status).toBe(400);
    expect(notText.json.error.message).toContain('answers.FirstName');
    const noAnswers = await submit('report-fly-tipping', {});
    expect(noAnswers.status).toBe(400);
    const badAccount = await submit('bulky-waste', {
      answers: {},
      account: { accountId: 'x', reference: 'r', name: 'n' },
    });
    expect(badAccount.status).toBe(400);
  });
});
