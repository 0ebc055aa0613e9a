import { describe, expect, it } from 'vitest';
import { pascalKeys } from '../../../src-shared/answer-keys';
import { keptBody, loggedBodyLimit, shownBody } from '../../../src-shared/logged-body';
import { credentialSecrets } from '../../../src-shared/credential-secrets';
import { redactHeaders } from '../../../src-shared/redaction';

/*
 * Review findings (s21h), each failing now: what the request log keeps of a service's answer
 * still shows a confidential value or a secret in these three shapes.
 */

const secrets = credentialSecrets({ apiKey: 'a1b2c3d4e5f6', apiSecret: 'S3cr+t/Value==' });

/** What the log view shows of a body, as requests.list hands it to the renderer. */
const shown = (text: string) => shownBody(keptBody(text, secrets).body!).text;

describe('the request log, given a service answering in another shape', () => {
  it('masks a confidential field in a PascalCase answer (the vendor dialect, .NET services)', () => {
    const process = {
      processId: 'p-1',
      steps: [
        {
          name: 'Back office assessment',
          fields: [{ code: 'NINO', value: 'AB123456C', confidential: true }],
        },
      ],
    };
    expect(shown(JSON.stringify(process))).not.toContain('AB123456C');
    expect(shown(JSON.stringify(pascalKeys(process)))).not.toContain('AB123456C');
  });

  it('cleans a secret spelled with JSON escapes out of an answer longer than the kept part', () => {
    // .NET writes `+` as \u002B; past 64 KiB the body is cut and never decoded before it is kept.
    const echo = `{"echo":"S3cr\\u002Bt\\/Value==","pad":"${'x'.repeat(loggedBodyLimit)}"}`;
    expect(shown(echo)).not.toContain('S3cr\\u002Bt\\/Value==');
  });

  it('cleans a secret URL-encoded with lowercase hex (.NET HttpUtility.UrlEncode) out of an answer', () => {
    expect(shown('invalid client secret S3cr%2bt%2fValue%3d%3d')).not.toContain('S3cr%2bt%2fValue%3d%3d');
  });

  it('cleans a secret out of a header name a service echoes it in', () => {
    const headers = redactHeaders({ 'x-echo-a1b2c3d4e5f6': '1' }, secrets);
    expect(Object.keys(headers).join(' ')).not.toContain('a1b2c3d4e5f6');
  });
});
