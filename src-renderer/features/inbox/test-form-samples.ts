/**
 * The test forms' sample answers: what "Submit a test form" fills in. Kept apart from the panel so
 * a test can submit every one to the reference service and prove the defaults are accepted.
 */

export type FormCode = 'report-fly-tipping' | 'bulky-waste';

export const samples: Record<FormCode, Record<string, string>> = {
  'report-fly-tipping': {
    FirstName: 'Ada',
    LastName: 'Lovelace',
    Email: 'ada@example.org',
    Mobile: '07700 900123',
    AddressLine1: '12 Station Road',
    PostCode: 'M1 1AA',
    RequestSpecifics: 'Mattress and bin bags dumped by the bus stop',
    RequestLocation: 'Bus stop, Station Road',
  },
  'bulky-waste': {
    FirstName: 'Alan',
    LastName: 'Turing',
    Email: 'alan@example.org',
    AddressLine1: '3 Hollymeade',
    PostCode: 'SK9 5LU',
    RequestSpecifics: 'One sofa and a fridge',
  },
};

/** The bulky-waste form's sample customer account, valid as the service requires (a GUID id). */
export const sampleAccount = {
  accountId: '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f',
  reference: 'C-1001',
  name: 'Alan Turing',
};
