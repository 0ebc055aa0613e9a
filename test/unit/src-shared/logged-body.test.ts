import { describe, expect, it } from 'vitest';
import { keptBody, logBody, loggedBodyLimit } from '../../../src-shared/logged-body';
import { confidentialMask } from '../../../src-shared/logs';
import { redacted } from '../../../src-shared/redaction';

describe('a body as the request log keeps it', () => {
  it('is pretty-printed, cleaned of secrets and masks confidential values', () => {
    const sent = JSON.stringify({
      fields: [
        { code: 'NINO', value: 'AB123456C', confidential: true },
        { code: 'OUTCOME', value: 'Accepted', confidential: false },
      ],
      echo: 'key-1234-secret',
    });
    const { body } = logBody(sent, ['key-1234-secret']);
    expect(body?.text).toContain('\n  "fields": [');
    expect(body?.text).toContain(`"value": "${confidentialMask}"`);
    expect(body?.text).toContain('"value": "Accepted"');
    expect(body?.text).not.toContain('AB123456C');
    expect(body?.text).toContain(redacted);
    expect(body?.truncated).toBe(false);
  });

  it('masks a confidential value however the mark is spaced or escaped', () => {
    for (const sent of [
      '{"fields":[{"code":"NINO","value":"AB123456C","confidential" :\n true}]}',
      '{"fields":[{"code":"NINO","value":"AB123456C","\\u0063onfidential":true}]}',
    ]) {
      const { body } = logBody(sent, []);
      expect(body?.text).not.toContain('AB123456C');
      expect(body?.text).toContain(confidentialMask);
    }
    expect(logBody('{"code":"NINO","value":"AB123456C","confidential":false}', []).body?.text).toContain(
      'AB123456C',
    );
  });

  it("masks a change's confidential value however a body it cuts or cannot parse spells it", () => {
    const confidential = ['Zoë Ødegaard'];
    const spellings = ['Zo\\u00eb \\u00D8degaard', 'Zo%c3%ab+%C3%98degaard', 'Zo\\u00EB%20\\u00d8degaard'];
    for (const spelled of spellings) {
      const long = `{"value":"${spelled}","pad":"${'x'.repeat(loggedBodyLimit)}"}`;
      const cut = keptBody(long, [], { confidential }).body!;
      expect(cut.truncated).toBe(true);
      expect(cut.text).toContain(`{"value":"${confidentialMask}","pad":"xxx`);
      expect(keptBody(`Surname ${spelled} is not valid.`, [], { confidential }).body!.text).toBe(
        `Surname ${confidentialMask} is not valid.`,
      );
    }
  });

  it('is cut at the limit and says so, with the whole size', () => {
    const big = 'x'.repeat(loggedBodyLimit * 3);
    const { body } = logBody(big, [], big.length);
    expect(body).toEqual({ text: 'x'.repeat(loggedBodyLimit), bytes: big.length, truncated: true });
  });

  it('names the process an answer carries, by id and reference', () => {
    const answer = JSON.stringify({ process: { processId: 'p-1', externalReference: 'FT-000003' } });
    expect(logBody(answer, []).processRefs).toEqual(['p-1', 'FT-000003']);
    expect(logBody(undefined, [])).toEqual({ body: null, processRefs: [] });
  });
});
