import { describe, expect, it } from 'vitest';
import { createApi } from '../../../src-shared/bridge';
import { callNames } from '../../../src-shared/contract';

describe('window.api built from the contract', () => {
  it('offers one named function per call, grouped by domain, and nothing generic', async () => {
    const sent: [string, unknown][] = [];
    const api = createApi(async (name, input) => {
      sent.push([name, input]);
      return { ok: true, value: null };
    });
    const exposed = Object.entries(api).flatMap(([domain, verbs]) =>
      Object.keys(verbs).map((verb) => `${domain}.${verb}`),
    );
    expect(exposed.sort()).toEqual([...callNames].sort());
    await api.app.info();
    expect(sent).toEqual([['app.info', {}]]);
    expect(api).not.toHaveProperty('invoke');
  });
});
