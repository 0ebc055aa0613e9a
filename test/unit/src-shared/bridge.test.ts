import { describe, expect, it } from 'vitest';
import { createApi } from '../../../src-shared/bridge';
import { callNames, eventNames } from '../../../src-shared/contract';

describe('window.api built from the contract', () => {
  it('offers one named function per call and one subscription per event, and nothing generic', async () => {
    const sent: [string, unknown][] = [];
    const subscribed: string[] = [];
    const api = createApi(
      async (name, input) => {
        sent.push([name, input]);
        return { ok: true, value: null };
      },
      (name) => {
        subscribed.push(name);
        return () => subscribed.splice(subscribed.indexOf(name), 1);
      },
    );
    const exposed = Object.entries(api).flatMap(([domain, members]) =>
      Object.keys(members as object).map((member) => `${domain}.${member}`),
    );
    const expected = [
      ...callNames,
      ...eventNames.map((name) =>
        name.replace(/\.(\w)/, (_match, first: string) => `.on${first.toUpperCase()}`),
      ),
    ];
    expect(exposed.sort()).toEqual(expected.sort());
    await api.app.info();
    expect(sent).toEqual([['app.info', {}]]);
    const unsubscribe = api.menu.onSaveDocument(() => undefined);
    expect(subscribed).toEqual(['menu.saveDocument']);
    unsubscribe();
    expect(subscribed).toEqual([]);
    expect(api).not.toHaveProperty('invoke');
  });
});
