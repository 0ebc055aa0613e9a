import { describe, expect, it } from 'vitest';
import {
  describeDownloadFailure,
  describeEarlyExit,
  desktopReadyLine,
  errorCode,
  installerLineShown,
} from '../../../scripts/start-failure';
import { desktopReadyLine as printedByTheWindow } from '../../../src-main/desktop/ready-line';

describe('npm start: why the desktop window did not open', () => {
  it('says offline for DNS and connection errors', () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ENETUNREACH'])
      expect(describeDownloadFailure({ code }), code).toMatch(/cannot reach its download server \(offline/);
  });

  it('says refused for HTTP errors', () => {
    expect(describeDownloadFailure({ status: 403 })).toBe(
      'The Electron runtime could not be downloaded: its download server refused the request (HTTP 403).',
    );
    expect(describeDownloadFailure({ status: 404 })).toMatch(/refused the request \(HTTP 404\)/);
  });

  it('says timed out for our timer and for timeout codes', () => {
    expect(describeDownloadFailure({ timedOut: true })).toMatch(/timed out/);
    expect(describeDownloadFailure({ code: 'UND_ERR_CONNECT_TIMEOUT' })).toMatch(/timed out/);
    expect(describeDownloadFailure({ code: 'ETIMEDOUT' })).toMatch(/timed out/);
  });

  it("gives the installer's last message when its server was reachable", () => {
    const installerStderr =
      "Downloading electron...\nRequestError: EACCES: permission denied, mkdir '/root/.cache/electron'\n\n";
    expect(describeDownloadFailure({ installerStderr })).toBe(
      "The Electron runtime could not be downloaded: RequestError: EACCES: permission denied, mkdir '/root/.cache/electron'.",
    );
    expect(describeDownloadFailure({ installerStderr: 'Error: checksum mismatch.\r\n' })).toBe(
      'The Electron runtime could not be downloaded: Error: checksum mismatch.',
    );
    expect(describeDownloadFailure({ installerStderr: ' \n' })).toBe(
      'The Electron runtime could not be downloaded.',
    );
  });

  it('still gives one sentence when the cause is unknown', () => {
    expect(describeDownloadFailure({})).toBe('The Electron runtime could not be downloaded.');
    expect(describeDownloadFailure({ code: 'EPROTO' })).toBe(
      'The Electron runtime could not be downloaded (EPROTO).',
    );
  });

  it("finds the code in undici's cause chain", () => {
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND github.com'), { code: 'ENOTFOUND' });
    expect(errorCode(new TypeError('fetch failed', { cause: dns }))).toBe('ENOTFOUND');
    expect(errorCode(new DOMException('timed out', 'TimeoutError'))).toBe('TimeoutError');
    expect(errorCode(new Error('plain'))).toBeUndefined();
  });

  it('explains an early exit and points at the browser shell', () => {
    expect(
      describeEarlyExit({
        code: 127,
        signal: null,
        stderr: 'electron: error while loading shared libraries: libnss3.so: cannot open shared object file',
      }),
    ).toBe(
      'The desktop window could not start: a system library it needs is missing (libnss3.so); it exited with code 127. Open the console in your browser instead: npm run web',
    );
    expect(
      describeEarlyExit({ code: 1, signal: null, stderr: '[123:ERROR] Missing X server or $DISPLAY\n' }),
    ).toMatch(/no display to open a window on; it exited with code 1\./);
    expect(describeEarlyExit({ code: null, signal: 'SIGTRAP', stderr: 'boom\nlast words\n' })).toBe(
      'The desktop window could not start: it was stopped by SIGTRAP (last message: last words). Open the console in your browser instead: npm run web',
    );
  });

  it('waits for the same ready line the window prints', () => {
    expect(desktopReadyLine).toBe(printedByTheWindow);
  });
});

describe("npm start: the installer's own output", () => {
  it('shows its progress and keeps its raw errors for the sentence', () => {
    expect(installerLineShown('Downloading electron-v45.4.1-linux-x64.zip: [====    ] 40%')).toBe(true);
    for (const raw of [
      'TypeError: fetch failed',
      '    at node:internal/deps/undici/undici:13502:13',
      '  [cause]: Error: getaddrinfo ENOTFOUND github.com',
      'HTTPError: Response code 403 (Forbidden)',
    ])
      expect(installerLineShown(raw), raw).toBe(false);
  });
});
