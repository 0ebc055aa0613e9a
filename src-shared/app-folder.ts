/**
 * The OS's per-user application data folder for the console, as path segments for the Node side
 * to join. Both the console (its data folder) and the reference service's CLI (its default data,
 * inside the console's) read it here, so the rule has one home.
 */
export function appDataSegments(
  platform: string,
  env: Record<string, string | undefined>,
  home: string,
): string[] {
  if (platform === 'win32') return [env.APPDATA ?? `${home}\\AppData\\Roaming`, 'Process Console'];
  if (platform === 'darwin') return [home, 'Library', 'Application Support', 'Process Console'];
  // XDG asks for an absolute path; a relative one is ignored as the spec says.
  const xdg = env.XDG_CONFIG_HOME;
  return xdg && xdg.startsWith('/') ? [xdg, 'process-console'] : [home, '.config', 'process-console'];
}
