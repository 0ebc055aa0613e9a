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

describe('typed calls', () => {
  it('requires the input of a call whose schema has no default', () => {
    const api = createApi(
      async () => ({ ok: true, value: null }),
      () => () => undefined,
    );
    // Compile-time checks (tsc -b runs over the tests): these lines must not type-check.
    const mistakes = () => {
      // @ts-expect-error steps.complete has no default input
      void api.steps.complete();
      // @ts-expect-error processes.get needs its profile and process
      void api.processes.get();
    };
    // A call whose schema has a default may be made without an input.
    const allowed = () => void api.app.info();
    expect([typeof mistakes, typeof allowed]).toEqual(['function', 'function']);
  });
});
