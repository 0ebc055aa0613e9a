import { describe, expect, it } from 'vitest';
import { debugSwitchRefusal } from '../../../../src-main/desktop/debug-switches';

describe('debugger switches', () => {
  it('refuses them in the installed console, with a sentence naming the switch', () => {
    const has = (names: string[]) => (name: string) => names.includes(name);
    expect(debugSwitchRefusal(true, has(['remote-debugging-port']))).toMatch(/--remote-debugging-port/);
    expect(debugSwitchRefusal(true, has(['inspect']))).toMatch(/does not start with --inspect:/);
    expect(debugSwitchRefusal(true, has([]))).toBeNull();
  });

  it('allows them in development', () => {
    expect(debugSwitchRefusal(false, () => true)).toBeNull();
  });
});
