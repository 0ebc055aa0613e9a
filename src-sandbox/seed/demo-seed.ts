import { demoProcessTypeIds } from './demo-ids';
import { demoProcesses } from './demo-processes';
import type { SeedInput } from './seed-schema';
import { serviceRequestQuestionCodes, serviceRequestTemplate } from './service-request-template';

const labels: Record<string, string> = {
  Title: 'Title',
  FirstName: 'First name',
  LastName: 'Last name',
  DOB: 'Date of birth',
  NINO: 'National Insurance number',
  NHSNumber: 'NHS number',
  DrivingLicenceNumber: 'Driving licence number',
  Email: 'Email address',
  Mobile: 'Mobile number',
  Telephone: 'Telephone number',
  AddressLine1: 'Address line 1',
  AddressLine2: 'Address line 2',
  AddressLine3: 'Address line 3',
  AddressLine4: 'Town or city',
  PostCode: 'Postcode',
  RequestType: 'What kind of request is it?',
  RequestSpecifics: 'Tell us more',
  RequestLocation: 'Where is it?',
};
const confidentialCodes = new Set(['DOB', 'NINO', 'NHSNumber', 'DrivingLicenceNumber']);

const questions = Object.values(serviceRequestQuestionCodes)
  .flat()
  .map((code) => ({ code, label: labels[code] ?? code, confidential: confidentialCodes.has(code) }));

/**
 * The demo seed, loaded into a new data folder unless `--seed FILE` names another. It is a module,
 * not a file read at run time, because the console bundles this code. Its JSON form is the seed
 * format documented in src-sandbox/README.md.
 */
export const demoSeed: SeedInput = {
  version: 1,
  name: 'Process Console demo',
  processTypes: [
    {
      processTypeId: demoProcessTypeIds.flyTipping,
      name: 'Report fly-tipping',
      referencePrefix: 'FT',
      customerAccountMandatory: false,
      locationField: 'RequestLocation',
      geoTagField: 'GeoTag',
      steps: [
        {
          name: 'Send to back office',
          kind: 'RestApi',
          allocatedUser: 'Integration service',
          rest: {
            method: 'POST',
            includeFields: true,
            subscriptionId: '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0a01',
            headers: [
              { name: 'X-Back-Office-Key', value: 'demo-back-office-key-not-a-real-secret', secret: true },
            ],
            responseMapping: [
              { path: 'caseReference', code: 'BACK_OFFICE_REF', name: 'Back office reference' },
            ],
            failureUser: 'Back office support',
          },
        },
        {
          name: 'Back office assessment',
          kind: 'Standard',
          allocatedUser: 'Back office team',
          rules: [{ field: 'OUTCOME', operator: 'equals', value: 'Rejected', goTo: 'Tell the customer' }],
        },
        {
          name: 'Arrange collection',
          kind: 'Standard',
          allocatedUser: 'Street cleansing',
          endsProcess: true,
        },
        {
          name: 'Tell the customer',
          kind: 'Standard',
          allocatedUser: 'Customer services',
          endsProcess: true,
        },
      ],
    },
    {
      processTypeId: demoProcessTypeIds.bulkyWaste,
      name: 'Bulky waste collection',
      referencePrefix: 'BW',
      customerAccountMandatory: true,
      locationField: 'AddressLine1',
      steps: [
        { name: 'Check request', kind: 'Standard', allocatedUser: 'Waste services' },
        { name: 'Book slot', kind: 'Standard', allocatedUser: 'Waste services' },
      ],
    },
  ],
  forms: [
    {
      formCode: 'report-fly-tipping',
      title: 'Report fly-tipping',
      processTypeId: demoProcessTypeIds.flyTipping,
      customerAccountMandatory: false,
      questions: [...questions, { code: 'GeoTag', label: 'Map position (latitude, longitude)' }],
      document: { filename: 'service-request.xml', template: serviceRequestTemplate('Fly-tipping report') },
    },
    {
      formCode: 'bulky-waste',
      title: 'Book a bulky waste collection',
      processTypeId: demoProcessTypeIds.bulkyWaste,
      customerAccountMandatory: true,
      questions,
      document: {
        filename: 'service-request.xml',
        template: serviceRequestTemplate('Bulky waste collection'),
      },
    },
  ],
  staff: {
    groups: [
      { name: 'Integration admins', permissions: ['Api Admin'] },
      { name: 'Caseworkers', permissions: [] },
    ],
    users: [
      { userName: 'admin', displayName: 'Integration administrator', groups: ['Integration admins'] },
      { userName: 'caseworker', displayName: 'Casey Worker', groups: ['Caseworkers'] },
    ],
  },
  processes: demoProcesses,
};
