import { describe, expect, it } from 'vitest';
import type { SandboxStatus } from '../../../../src-shared/contract';
import { sandboxStatusLine, startEnded, startingSentence } from '../../../../src-renderer/app/sandbox-status';

const waiting = 'Waiting for permission to use the keychain: answer the system prompt.';
const status = (state: SandboxStatus['state'], message: string | null = null): SandboxStatus => ({
  state,
  url: state === 'running' ? 'http://127.0.0.1:4321' : null,
  profileId: 'p1',
  message,
});

describe('embedded service status line', () => {
  it('says it is starting, and adds the keychain sentence while a prompt is open', () => {
    expect(sandboxStatusLine(status('starting'))).toEqual({
      kind: 'starting',
      sentences: [startingSentence],
    });
    expect(sandboxStatusLine(status('starting', waiting))).toEqual({
      kind: 'starting',
      sentences: [startingSentence, waiting],
    });
  });

  it('says why it failed, and nothing once running, off or not known yet', () => {
    expect(sandboxStatusLine(status('failed', 'It could not start: no port'))).toEqual({
      kind: 'failed',
      sentences: ['It could not start: no port'],
    });
    for (const quiet of [status('running'), status('off'), undefined])
      expect(sandboxStatusLine(quiet)).toBeNull();
  });

  it('reloads the profiles when a start it saw has ended, not on every change', () => {
    expect(startEnded(status('starting'), status('running'))).toBe(true);
    expect(startEnded(status('starting', waiting), status('failed', 'x'))).toBe(true);
    expect(startEnded(status('starting'), status('starting', waiting))).toBe(false);
    expect(startEnded(undefined, status('running'))).toBe(false);
    expect(startEnded(status('running'), status('off'))).toBe(false);
  });
});
