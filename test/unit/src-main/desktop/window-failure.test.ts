import { describe, expect, it } from 'vitest';
import { loadUrlFailure, windowFailureSentence } from '../../../../src-main/desktop/window-failure';

const url = 'app://console/index.html';

describe('window failures before ready-to-show', () => {
  it('says why the page process ended', () => {
    expect(windowFailureSentence({ kind: 'gone', reason: 'crashed', exitCode: 133 })).toBe(
      "The console's window stopped before it was shown: its page process ended (crashed, exit code 133).",
    );
  });

  it('says which page could not load, and why', () => {
    expect(
      windowFailureSentence({
        kind: 'load',
        errorCode: -6,
        description: 'ERR_FILE_NOT_FOUND',
        url,
        isMainFrame: true,
      }),
    ).toBe(`The console's window could not load its page ${url}: ERR_FILE_NOT_FOUND (-6).`);
  });

  it('ignores subframes and aborted loads, which do not stop the window', () => {
    const load = { kind: 'load' as const, errorCode: -6, description: 'x', url, isMainFrame: false };
    expect(windowFailureSentence(load)).toBeNull();
    expect(windowFailureSentence({ ...load, isMainFrame: true, errorCode: -3 })).toBeNull();
  });

  it('reads a rejected loadURL', () => {
    const error = Object.assign(new Error("ERR_FAILED (-2) loading 'app://console/index.html'"), {
      errno: -2,
      code: 'ERR_FAILED',
      url,
    });
    expect(windowFailureSentence(loadUrlFailure(error, url))).toBe(
      `The console's window could not load its page ${url}: ERR_FAILED (-2).`,
    );
    expect(loadUrlFailure(new Error('boom'), url)).toMatchObject({ errorCode: 0, description: 'boom' });
  });
});
