import { demoGuid, demoProcessTypeIds } from './demo-ids';
import type { SeedInput } from './seed-schema';

type DemoProcess = NonNullable<SeedInput['processes']>[number];
type DemoEvent = NonNullable<DemoProcess['history']>[number];

const connector = 'Back office connector';
const staff = 'Casey Worker';

const sent = (caseReference: string): DemoEvent => ({
  restCall: { status: 200, body: { caseReference, received: true } },
});
const refused: DemoEvent = {
  restCall: { error: 'Connection refused by https://back-office.example; is the receiver running?' },
};
const unavailable: DemoEvent = {
  restCall: { status: 503, body: { message: 'The back office is down for maintenance until 18:00.' } },
};
const note = (contents: string, author = connector, visibleToAccounts = false): DemoEvent => ({
  note: { contents, author, visibleToAccounts },
});
let fieldNumber = 0;
const complete = (values: Record<string, string> = {}): DemoEvent => ({
  complete: {
    fields: Object.entries(values).map(([code, value]) => ({
      code,
      value,
      fieldId: demoGuid(1, ++fieldNumber),
    })),
  },
});
const accepted = [note('Assessed: collection arranged.'), complete({ OUTCOME: 'Accepted' })];
const rejected = [note('Assessed: on private land, not ours to clear.'), complete({ OUTCOME: 'Rejected' })];

const people = [
  [
    'Ms',
    'Ada',
    'Lovelace',
    '1985-12-10',
    'QQ123456A',
    'ada@example.org',
    '07700 900001',
    "12 St James's Square",
    'SW1Y 4JH',
  ],
  [
    'Mr',
    'Alan',
    'Turing',
    '1972-06-23',
    'QQ234567B',
    'alan@example.org',
    '07700 900002',
    '2 Hollymeade',
    'SK9 5EB',
  ],
  [
    'Dr',
    'Grace',
    'Hopper',
    '1966-12-09',
    'QQ345678C',
    'grace@example.org',
    '07700 900003',
    '7 Arlington Road',
    'NW1 7HP',
  ],
  [
    'Mx',
    'Sam',
    "O'Neill & Sons",
    '1990-02-14',
    'QQ456789D',
    'sam@example.org',
    '07700 900004',
    '41 <Flat B> Mill Lane',
    'M1 2AB',
  ],
  [
    'Mrs',
    'Mary',
    'Somerville',
    '1958-03-01',
    'QQ567890E',
    'mary@example.org',
    '07700 900005',
    '3 Chester Place',
    'TD1 3LR',
  ],
] as const;
const sites = [
  ['Two mattresses and a fridge', 'Lane behind 14 Mill Road', '53.4808,-2.2426'],
  ['Builders rubble, about ten bags', 'Lay-by on the A56 northbound', '53.5001,-2.2500'],
  ['Broken sofa', 'Corner of Station Road and Elm Grove', '53.4723,-2.2935'],
  ['Garden waste and a child seat', 'Footpath by the canal, bridge 12', '53.4682,-2.2741'],
] as const;

/** Answers of a fly-tipping form from the nth demo reporter. */
function flyTippingAnswers(n: number): Record<string, string> {
  const [Title, FirstName, LastName, DOB, NINO, Email, Mobile, AddressLine1, PostCode] =
    people[n % people.length]!;
  const [RequestSpecifics, RequestLocation, GeoTag] = sites[n % sites.length]!;
  return {
    Title,
    FirstName,
    LastName,
    DOB,
    NINO,
    Email,
    Mobile,
    AddressLine1,
    AddressLine4: 'Manchester',
    PostCode,
    RequestType: 'Fly-tipping',
    RequestSpecifics,
    RequestLocation,
    GeoTag,
  };
}

function account(n: number): NonNullable<DemoProcess['accounts']> {
  const [, FirstName, LastName] = people[n % people.length]!;
  return [
    { accountId: demoGuid(2, n + 1), reference: `CUS-${10_021 + n}`, name: `${FirstName} ${LastName}` },
  ];
}

function flyTipping(n: number, history: DemoEvent[], withAccount = false): DemoProcess {
  return {
    processTypeId: demoProcessTypeIds.flyTipping,
    form: 'report-fly-tipping',
    answers: flyTippingAnswers(n),
    accounts: withAccount ? account(n) : [],
    history,
  };
}

/** A process started through the API (no form, no document), with a confidential field. */
function flyTippingByApi(n: number, history: DemoEvent[]): DemoProcess {
  const [RequestSpecifics, RequestLocation] = sites[n % sites.length]!;
  return {
    processTypeId: demoProcessTypeIds.flyTipping,
    startedBy: 'Street scene app',
    fields: [
      {
        code: 'RequestSpecifics',
        name: 'Tell us more',
        value: RequestSpecifics,
        fieldId: demoGuid(3, 3 * n + 1),
      },
      {
        code: 'RequestLocation',
        name: 'Where is it?',
        value: RequestLocation,
        fieldId: demoGuid(3, 3 * n + 2),
      },
      {
        code: 'REPORTER_PHONE',
        name: 'Reporter phone',
        value: '07700 900099',
        fieldId: demoGuid(3, 3 * n + 3),
        confidential: true,
      },
    ],
    history,
  };
}

function bulkyWaste(n: number, history: DemoEvent[]): DemoProcess {
  const { GeoTag: _notAsked, ...answers } = flyTippingAnswers(n);
  return {
    processTypeId: demoProcessTypeIds.bulkyWaste,
    form: 'bulky-waste',
    answers: {
      ...answers,
      RequestType: 'Bulky waste',
      RequestSpecifics: 'Wardrobe and two armchairs',
      RequestLocation: 'Front garden',
    },
    accounts: account(n),
    history,
  };
}

const fixedTimeline: DemoProcess[] = [
  flyTipping(0, [sent('BO-1001'), ...accepted, complete()]),
  flyTipping(1, [sent('BO-1002'), ...rejected, note('Letter sent to the customer.', staff), complete()]),
  // FT-000003: waiting at "Back office assessment" with its form document, for the console's first run.
  flyTipping(2, [sent('BO-1003'), note('Received in the back office as BO-1003.')]),
  flyTippingByApi(3, [refused]),
  flyTipping(4, [unavailable]),
  flyTipping(5, [sent('BO-1006'), note('Customer rang to add: bags are split.', staff, true)], true),
  flyTipping(6, [sent('BO-1007'), ...rejected]),
  flyTipping(7, [sent('BO-1008'), ...accepted]),
  flyTipping(8, [
    refused,
    note('Back office was down; step completed by hand.', staff),
    complete({ BACK_OFFICE_REF: 'BO-1009' }),
  ]),
  bulkyWaste(0, []),
  bulkyWaste(1, [note('Items checked: all collectable.', staff), complete()]),
  bulkyWaste(2, [
    complete(),
    note('Slot booked for Tuesday.', connector, true),
    complete({ SLOT: 'Tuesday AM' }),
  ]),
];

/** About 30 demo processes in every state, oldest first; FT references count up in this order. */
export const demoProcesses: DemoProcess[] = [
  ...fixedTimeline,
  ...[9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map((n) =>
    n % 4 === 0
      ? flyTipping(n, [sent(`BO-10${n}`), ...accepted, complete()], n % 3 === 0)
      : n % 4 === 1
        ? flyTipping(n, [sent(`BO-10${n}`)], true)
        : n % 4 === 2
          ? flyTippingByApi(n, [unavailable])
          : flyTipping(n, [sent(`BO-10${n}`), ...rejected, complete()]),
  ),
  ...[3, 4, 5, 6].map((n) => bulkyWaste(n, n % 2 === 0 ? [complete()] : [])),
  bulkyWaste(7, [complete(), complete({ SLOT: 'Friday PM' })]),
  // The newest report has not been sent yet: the first start's sweep calls its REST step.
  flyTipping(21, []),
].map((process, index, all) => ({ ...process, minutesAgo: (all.length - index) * 7 * 60 }));
