/** One argument quoted for a C runtime, then escaped for cmd.exe (twice for a .cmd shim). */
export function quoteWindowsArgument(arg: string, doubleEscape?: boolean): string;
/** The file and arguments that make cmd.exe run `command` with `args`, each one whole. */
export function windowsShellSpawn(
  command: string,
  args: string[],
  options?: { shim?: boolean; comspec?: string },
): { file: string; args: string[] };
