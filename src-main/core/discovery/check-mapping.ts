import type { MappingCheck, MappingCheckItem } from '../../../src-shared/discovery';
import { endpointFor, fillPath } from '../../../src-shared/process-paths';
import type { Operation, Profile } from '../../../src-shared/profile';
import type { ApiClient } from '../client/api-client';
import { Failure } from '../failure';
import type { RequestLog } from '../request-log';

/** What "Check the mapping" needs. */
export interface MappingCheckDependencies {
  client: ApiClient;
  requests: RequestLog;
  profile: Profile;
}

/**
 * Runs the read operations of the endpoint map against one process the administrator names (by
 * reference, steps both ways, current step, its first document if it has one) and reports each
 * one's HTTP status and whether the answer had the fields the console reads. Never a change.
 */
export async function checkMapping(
  { client, requests, profile }: MappingCheckDependencies,
  externalReference: string,
): Promise<MappingCheck> {
  const items: MappingCheckItem[] = [];
  const run = async <T>(
    operation: Operation,
    params: Record<string, string>,
    read: () => Promise<T>,
    ok: (value: T) => string,
  ): Promise<T | null> => {
    const endpoint = endpointFor(profile.endpoints, operation);
    const item = { operation, method: endpoint.method, path: fillPath(endpoint.path, params) };
    try {
      const value = await read();
      items.push({ ...item, outcome: 'ok', status: statusOf(operation), fieldsOk: true, message: ok(value) });
      return value;
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      const status = error.error.status ?? statusOf(operation);
      // A 2xx answer the console could not read is the mapping's answer lacking fields.
      const fieldsOk = error.error.code === 'bad_response' && status !== null && status < 300 ? false : null;
      items.push({ ...item, outcome: 'failed', status, fieldsOk, message: error.error.message });
      return null;
    }
  };
  const statusOf = (operation: Operation) =>
    requests.list({ profileId: profile.id, limit: 20 }).find((entry) => entry.operation === operation)
      ?.status ?? null;

  const process = await run(
    'getProcessByReference',
    { externalReference },
    () => client.getProcessByReference(profile.id, externalReference),
    (found) => `Found process ${found.processId} (${found.status}).`,
  );
  const count = (steps: unknown[]) =>
    `${steps.length} step${steps.length === 1 ? '' : 's'}, each with the fields the console reads.`;
  await run(
    'getStepsByReference',
    { externalReference },
    () => client.listSteps(profile.id, { externalReference }),
    count,
  );
  if (!process) {
    for (const operation of ['getSteps', 'getCurrentStep', 'getDocument'] as const)
      items.push(skipped(profile, operation, 'The process was not read, so there is no id to ask with.'));
    return { externalReference, items };
  }
  const processId = process.processId;
  await run('getSteps', { processId }, () => client.listSteps(profile.id, { processId }), count);
  await run(
    'getCurrentStep',
    { processId },
    () => client.currentStep(profile.id, processId),
    (step) => (step ? `Current step "${step.name}".` : 'The process is complete: it has no current step.'),
  );
  const document = process.documents[0];
  if (!document) {
    items.push(skipped(profile, 'getDocument', 'The process has no document to read.'));
  } else {
    const documentId = document.documentId;
    await run(
      'getDocument',
      { documentId },
      () => client.getDocument(profile.id, { documentId }),
      (found) => `Read "${found.filename}" (${found.contentType}).`,
    );
  }
  return { externalReference, items };
}

function skipped(profile: Profile, operation: Operation, message: string): MappingCheckItem {
  const endpoint = endpointFor(profile.endpoints, operation);
  return {
    operation,
    method: endpoint.method,
    path: endpoint.path,
    outcome: 'skipped',
    status: null,
    fieldsOk: null,
    message,
  };
}
