import { randomUUID } from 'node:crypto';
import { processSchema, type Process } from '../../../src-shared/api';
import type { ValidInput } from '../../../src-shared/contract';
import { maskFields } from '../../../src-shared/logs';
import { confirmProcessType } from '../../../src-shared/live-confirmation';
import type { Profile } from '../../../src-shared/profile';
import { ClientFailure } from './client-failure';
import type { ChangeContext } from './complete-step';
import { requireLiveConfirmation } from './live-confirmation';
import { changeIntent } from './change-audit';
import { runChange } from './safe-change';

/** Starting a process, as the door validated it: API.md operation 1's body, plus the intent's id. */
export type StartProcessInput = Omit<ValidInput<'processes.start'>, 'profileId'>;

/**
 * Starts a process, audited like every change. It is sent once: with no step to read back, only
 * an external reference chosen by the user lets an ambiguous failure be settled by a lookup, and
 * a resend could start a second process on a service that ignores Idempotency-Key.
 */
export async function startProcess(
  context: ChangeContext,
  profile: Profile,
  input: StartProcessInput,
  signal?: AbortSignal,
): Promise<Process> {
  const { intentId = randomUUID(), confirmation, ...body } = input;
  requireLiveConfirmation(profile, confirmProcessType(body.processTypeId), confirmation);
  const reference = body.externalReference;
  const release = context.inFlight.claim([`intent:${intentId}`], 'This process is already being started.');
  // The service may quote them back (an error, a read-back's fields it does not mark confidential).
  const confidentialValues = body.fields.filter((field) => field.confidential).map((field) => field.value);
  try {
    return await runChange(context, {
      intent: changeIntent(context.now(), profile, intentId, {
        action: 'process.start',
        externalReference: reference ?? null,
        processTypeId: body.processTypeId,
        fields: maskFields(body.fields),
      }),
      send: () =>
        context.http.call({
          profile,
          operation: 'startProcess',
          body: { ...body, documents: [] },
          headers: { 'idempotency-key': intentId },
          schema: processSchema,
          subject: `process type ${body.processTypeId}`,
          confidentialValues,
          signal,
        }),
      readBack:
        reference === undefined
          ? undefined
          : async () => {
              try {
                const found = await context.http.call({
                  profile,
                  operation: 'getProcessByReference',
                  params: { externalReference: reference },
                  schema: processSchema,
                  confidentialValues,
                });
                return { state: 'done', value: found };
              } catch (error) {
                // Not found right after an ambiguous send is not proof either way (it may still be
                // committing), so it is reported as unknown rather than resent.
                if (error instanceof ClientFailure && error.error.code === 'not_found') {
                  return { state: 'other', description: `no process with reference ${reference} yet` };
                }
                throw error;
              }
            },
      notIdentified:
        `Without an external reference the console cannot look the new process up: look for a process of type ` +
        `${body.processTypeId} started just now before starting it again, and give an external reference next time ` +
        'so that the console can confirm the start itself.',
      whatToCheck:
        reference === undefined
          ? 'Look for a process of this type started just now before starting it again.'
          : `Look up reference ${reference} before starting it again: if it exists, the start went through.`,
      processIdOf: (value) => value.processId,
      referenceOf: (value) => value.externalReference,
      confidentialValues,
      successStatus: 201,
    });
  } finally {
    release();
  }
}
