/**
 * The `vendor` dialect's route table: where a tenant shaped like the vendor's .NET service serves
 * each operation, and which reference-service route answers it. The paths API.md marks [doc] are
 * the same in both dialects; the ones marked [ours] differ here, as they may on a real tenant. The
 * table is the one place of these choices: the URL rewrite and the dialect's description read it.
 */

/** One operation of the vendor dialect. */
export interface VendorRoute {
  method: 'GET' | 'POST';
  /** The vendor's path template, `{placeholders}` as in its description. */
  path: string;
  /** The reference service's path template that answers it. */
  target: string;
  operationId: string;
  tag: 'Process' | 'Step' | 'Note' | 'Document';
  summary: string;
  /** The request body's schema name in the description (changes only). */
  body?: 'StartProcessRequest' | 'AddNoteRequest' | 'CompleteStepRequest';
}

/** The vendor dialect's API key headers (the default dialect's are X-Api-Key and X-Api-Secret). */
export const vendorKeyHeaders = { key: 'X-Api-Key-Id', secret: 'X-Api-Key-Secret' } as const;

/** Where the vendor dialect publishes its description, as Swashbuckle does. */
export const vendorDescriptionPath = '/swagger/v1/swagger.json';

export const vendorRoutes: readonly VendorRoute[] = [
  {
    method: 'POST',
    path: '/open-api/processes/start',
    target: '/open-api/processes',
    operationId: 'StartProcess',
    tag: 'Process',
    summary: 'Start a new process',
    body: 'StartProcessRequest',
  },
  {
    method: 'GET',
    path: '/open-api/processes/by-reference/{externalReference}',
    target: '/open-api/processes/external-reference/{externalReference}',
    operationId: 'GetProcessByExternalReference',
    tag: 'Process',
    summary: 'Get a process by its external reference',
  },
  {
    method: 'GET',
    path: '/open-api/processes/by-reference/{externalReference}/steps',
    target: '/open-api/processes/external-reference/{externalReference}/steps',
    operationId: 'GetProcessStepsByExternalReference',
    tag: 'Step',
    summary: 'Get the steps of a process by its external reference',
  },
  {
    method: 'GET',
    path: '/open-api/processes/{processId}/details',
    target: '/open-api/processes/{processId}',
    operationId: 'GetProcess',
    tag: 'Process',
    summary: 'Get a process by id',
  },
  {
    method: 'GET',
    path: '/open-api/processes/{processId}/step-list',
    target: '/open-api/processes/{processId}/steps',
    operationId: 'GetProcessSteps',
    tag: 'Step',
    summary: 'Get the steps of a process',
  },
  {
    method: 'GET',
    path: '/open-api/processes/{processId}/current-step',
    target: '/open-api/processes/{processId}/current-step',
    operationId: 'GetCurrentStep',
    tag: 'Step',
    summary: 'Get the current step of a process',
  },
  {
    method: 'POST',
    path: '/open-api/processes/{processId}/add-note',
    target: '/open-api/processes/{processId}/notes',
    operationId: 'AddNote',
    tag: 'Note',
    summary: 'Add a note to a process',
    body: 'AddNoteRequest',
  },
  {
    method: 'POST',
    path: '/open-api/processes/{processId}/steps/{stepId}/complete',
    target: '/open-api/processes/{processId}/steps/{stepId}/complete',
    operationId: 'CompleteStep',
    tag: 'Step',
    summary: 'Complete the current step of a process',
    body: 'CompleteStepRequest',
  },
  {
    method: 'GET',
    path: '/open-api/documents/{documentId}',
    target: '/open-api/documents/{documentId}',
    operationId: 'GetDocument',
    tag: 'Document',
    summary: 'Get a document',
  },
];

const compiled = vendorRoutes.map((route) => ({
  route,
  names: [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
  pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, '([^/]+)')}$`),
}));

/**
 * The reference-service path that answers a vendor request, query kept; null when the vendor
 * dialect serves nothing there. Path values are passed on as they came (still percent-encoded).
 */
export function targetOf(method: string, url: string): string | null {
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  const query = mark < 0 ? '' : url.slice(mark);
  for (const { route, names, pattern } of compiled) {
    if (route.method !== method) continue;
    const match = pattern.exec(path);
    if (!match) continue;
    let target = route.target;
    names.forEach((name, index) => (target = target.replace(`{${name}}`, match[index + 1]!)));
    return target + query;
  }
  return null;
}

/** The methods the vendor dialect serves at a URL's path (empty when it serves nothing there). */
export function vendorMethodsAt(url: string): Array<VendorRoute['method']> {
  const path = url.split('?')[0] ?? '';
  return [...new Set(compiled.filter(({ pattern }) => pattern.test(path)).map(({ route }) => route.method))];
}
