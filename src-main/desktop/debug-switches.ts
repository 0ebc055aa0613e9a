/**
 * The installed console holds API keys in its main process, so it refuses to start with a
 * debugger door open. The fuses already make packaged Node ignore `--inspect`; Chromium's
 * `--remote-debugging-port` is not covered by any fuse, so it is checked here. Development builds
 * (`npm start`) may still be debugged.
 */

/** Command-line switches that open the app to a debugger. */
export const debugSwitches = [
  'remote-debugging-port',
  'remote-debugging-pipe',
  'inspect',
  'inspect-brk',
  'inspect-port',
] as const;

/** The sentence refusing to start, or null to go on. `hasSwitch` is Electron's `app.commandLine.hasSwitch`. */
export function debugSwitchRefusal(isPackaged: boolean, hasSwitch: (name: string) => boolean): string | null {
  if (!isPackaged) return null;
  const found = debugSwitches.find((name) => hasSwitch(name));
  return found
    ? `The installed console does not start with --${found}: a debugger could read the API keys it holds. Start it without that switch.`
    : null;
}
