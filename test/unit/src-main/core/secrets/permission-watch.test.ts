import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Failure } from '../../../../../src-main/core/failure';
import {
  createKeychainProbe,
  waitingForPermissionMessage,
} from '../../../../../src-main/core/keychain-probe';
import { createMemorySecretStore } from '../../../../../src-main/core/secrets/memory-secret-store';
import {
  settleWithin,
  watchForPermissionPrompts,
} from '../../../../../src-main/core/secrets/permission-watch';
import { keychainUnavailable, type SecretStore } from '../../../../../src-main/core/secrets/secret-store';

/** A keychain whose next get stays pending until the test answers it, like an open system prompt. */
function promptingStore() {
  const memory = createMemorySecretStore();
  const answers: { allow(): void; deny(reason: string): void }[] = [];
  let prompting = false;
  const store: SecretStore = {
    get: (account) =>
      prompting
        ? new Promise<string | null>((resolve, reject) =>
            answers.push({
              allow: () => void memory.get(account).then(resolve),
              deny: (reason) => reject(keychainUnavailable(reason)),
            }),
          )
        : memory.get(account),
    set: (account, value) => memory.set(account, value),
    delete: (account) => memory.delete(account),
  };
  return {
    store,
    prompt: () => (prompting = true),
    answer: (allow: boolean) => {
      prompting = false;
      for (const pending of answers.splice(0)) {
        if (allow) pending.allow();
        else pending.deny('access denied by the user');
      }
    },
  };
}

describe('keychain calls waiting on a system prompt', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('counts a call as waiting for permission only once it is past the threshold, until it answers', async () => {
    const keychain = promptingStore();
    const store = watchForPermissionPrompts(keychain.store, 5_000);
    keychain.prompt();
    const reading = store.get('p1');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(store.waitingForPermission()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.waitingForPermission()).toBe(true);
    keychain.answer(true);
    expect(await reading).toBeNull();
    expect(store.waitingForPermission()).toBe(false);
  });

  it('probe: available, then waiting while the prompt is open, then available when allowed', async () => {
    const keychain = promptingStore();
    const store = watchForPermissionPrompts(keychain.store, 50);
    const probe = createKeychainProbe(store, { intervalMs: 0, thresholdMs: 50 });
    expect(await probe()).toEqual({ state: 'available', message: null });

    keychain.prompt();
    const first = probe();
    await vi.advanceTimersByTimeAsync(50);
    expect(await first).toEqual({ state: 'waiting', message: waitingForPermissionMessage });
    // Asked again while the prompt is open: still waiting, answered at once, no second question.
    expect(await probe()).toEqual({ state: 'waiting', message: waitingForPermissionMessage });

    keychain.answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(await probe()).toEqual({ state: 'available', message: null });
  });

  it('probe: waiting, then unavailable only when the prompt ends in a real error', async () => {
    const keychain = promptingStore();
    const store = watchForPermissionPrompts(keychain.store, 50);
    const probe = createKeychainProbe(store, { intervalMs: 60_000, thresholdMs: 50 });
    keychain.prompt();
    const first = probe();
    await vi.advanceTimersByTimeAsync(60);
    expect((await first).state).toBe('waiting');
    keychain.answer(false);
    await vi.advanceTimersByTimeAsync(0);
    const after = await probe();
    expect(after.state).toBe('unavailable');
    expect(after.message).toMatch(/^The OS keychain is not available \(access denied by the user\)/);
  });

  it('probe: a quick error is unavailable straight away, never waiting', async () => {
    const failing: SecretStore = {
      get: () => Promise.reject(keychainUnavailable('no Secret Service')),
      set: () => Promise.reject(new Failure('keychain_unavailable', 'x')),
      delete: () => Promise.resolve(false),
    };
    const probe = createKeychainProbe(watchForPermissionPrompts(failing, 50), { thresholdMs: 50 });
    expect((await probe()).state).toBe('unavailable');
  });

  it('settleWithin gives the value in time, or null while the promise keeps running', async () => {
    expect(await settleWithin(Promise.resolve(7), 10)).toEqual({ value: 7 });
    const slow = new Promise((resolve) => setTimeout(resolve, 100, 'late'));
    const early = settleWithin(slow, 10);
    await vi.advanceTimersByTimeAsync(10);
    expect(await early).toBeNull();
    await vi.advanceTimersByTimeAsync(90);
    expect(await slow).toBe('late');
  });
});

describe('one keychain call at a time', () => {
  it('starts a call only when the one before it has answered, so a prompt holds one worker thread', async () => {
    const started: string[] = [];
    const release: (() => void)[] = [];
    const inner: SecretStore = {
      get: (account) =>
        new Promise<string | null>((resolve) => {
          started.push(account);
          release.push(() => resolve(`secret of ${account}`));
        }),
      set: async () => undefined,
      delete: async () => false,
    };
    const store = watchForPermissionPrompts(inner, 60_000);
    const first = store.get('a');
    const second = store.get('b');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a']);
    release.shift()!();
    expect(await first).toBe('secret of a');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b']);
    release.shift()!();
    expect(await second).toBe('secret of b');
  });

  it('goes on after a call that failed', async () => {
    let calls = 0;
    const inner: SecretStore = {
      get: async () => {
        calls += 1;
        if (calls === 1) throw keychainUnavailable('locked');
        return 'value';
      },
      set: async () => undefined,
      delete: async () => false,
    };
    const store = watchForPermissionPrompts(inner, 60_000);
    await expect(store.get('a')).rejects.toBeInstanceOf(Failure);
    expect(await store.get('b')).toBe('value');
  });
});
