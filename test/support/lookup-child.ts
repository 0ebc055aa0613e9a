import { createApiClient } from '../../src-main/core/client/api-client';
import { Failure } from '../../src-main/core/failure';
import { makePorts, makeProfile } from '../unit/src-main/core/client/helpers';

/*
 * One lookup by the console's client in a process of its own, which reads the OS trust store
 * afresh (it is read once per process). Input on stdin: the profile's base URL, proxy and key;
 * output: the process's reference, or the failure's code and sentence.
 */
let text = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => (text += chunk));
process.stdin.on('end', () => {
  const input = JSON.parse(text) as {
    baseUrl: string;
    proxyUrl: string;
    keyName: string;
    apiKey: string;
    apiSecret: string;
  };
  const profile = makeProfile(input.baseUrl, {
    name: 'Council tenant',
    keyName: input.keyName,
    proxy: { mode: 'url', url: input.proxyUrl },
  });
  const client = createApiClient(makePorts([profile], { apiKey: input.apiKey, apiSecret: input.apiSecret }));
  client
    .getProcessByReference(profile.id, 'FT-000003')
    .then(
      (found) => ({ ok: true, reference: found.externalReference }),
      (error: unknown) =>
        error instanceof Failure
          ? { ok: false, code: error.error.code, message: error.message }
          : { ok: false, code: 'bug', message: String(error) },
    )
    .then(async (answer) => {
      await client.close();
      process.stdout.write(JSON.stringify(answer));
    });
});
