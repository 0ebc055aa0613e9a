import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../../src-main/core/client/api-client';
import { Failure } from '../../../../../src-main/core/failure';
import { valid } from '../../../../support/valid-input';
import { json, makePorts, makeProfile, processBody, startFake, step } from './helpers';

/*
 * A .NET tenant's validation answer quotes what it was sent: ASP.NET Core's model binding says
 * "The value 'x' is not valid", and a tenant's own detail may echo a header. The reference
 * service never quotes a credential or a field value, so a fake of the test's own does. The
 * sentence and the fields' messages must keep the trace id and lose the secret and the value.
 */

const processId = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';
const stepId = '9a1d6c3e-2b4f-4e8a-8c1d-7f2e5b0a9c44';
const traceId = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00';
const credentials = { apiKey: 'key-7f3a9c2e', apiSecret: 'Sup3r-s3cret-Value' };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function failureOf(promise: Promise<unknown>): Promise<Failure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Failure);
  return error as Failure;
}

describe('a Problem Details refusal that quotes a secret and a confidential value', () => {
  it('shows the trace id and the refused field, and neither the secret nor the value', async () => {
    const fake = await startFake((request, response) => {
      if (request.method === 'GET')
        return json(response, 200, processBody(processId, [step(stepId, 'Assess')]));
      const sent = (JSON.parse(request.body) as { fields: { value: string }[] }).fields[0]!.value;
      return json(
        response,
        400,
        {
          type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
          title: 'One or more validation errors occurred.',
          status: 400,
          errors: {
            'Fields[0].Value': [`The value '${sent}' is not valid for Value.`],
            'Fields[0].FieldId': [
              `Key ${credentials.apiKey} with secret ${credentials.apiSecret} may not set it.`,
            ],
          },
          traceId,
        },
        { 'content-type': 'application/problem+json; charset=utf-8' },
      );
    });
    const profile = makeProfile(fake.url);
    const client = createApiClient({
      ...makePorts([profile], credentials),
      random: () => 0,
      readBackDelayMs: 0,
    });
    cleanups.push(
      () => fake.close(),
      () => client.close(),
    );

    const failure = await failureOf(
      client.completeStep(
        profile.id,
        valid('steps.complete', {
          processId,
          stepId,
          fields: [
            { name: 'NINO', code: 'NINO', value: 'QQ123456C', fieldId: processId, confidential: true },
          ],
        }),
      ),
    );
    expect(failure.error.code).toBe('invalid_input');
    expect(failure.message).toContain(`(trace id ${traceId}: give it to the vendor's support)`);
    expect(failure.error.fieldErrors?.map(({ index, input }) => ({ index, input }))).toEqual([
      { index: 0, input: 'value' },
      { index: 0, input: 'fieldId' },
    ]);
    const shown = JSON.stringify(failure.error);
    for (const secret of [credentials.apiKey, credentials.apiSecret, 'QQ123456C']) {
      expect(shown).not.toContain(secret);
    }
  });
});
