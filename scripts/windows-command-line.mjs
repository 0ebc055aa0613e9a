// One command line for cmd.exe, quoted so that every argument arrives whole: a path with spaces
// (`--data "C:\Users\Ada Lovelace\pc"`), quotes, `&`, `%` or `^` in it. Spawning with
// `shell: true` joins the arguments unquoted (and Node 24 warns, DEP0190). The rules are
// cross-spawn's (lib/util/escape.js, MIT), which Node's child_process docs point to for .cmd files.
// Plain JavaScript without dependencies: with-node24.mjs runs it on whatever Node npm has.

/** Characters cmd.exe treats specially outside quotes; each is escaped with `^`. */
const metaChars = /([()\][%!^"`<>&|;, *?])/g;

/**
 * One argument as a program's C runtime reads it back (backslashes before a quote doubled, the
 * quote escaped, the whole in quotes), then escaped for cmd.exe: twice when the command is a .cmd
 * shim (node_modules/.bin), which hands its `%*` through cmd.exe once more.
 * @param {string} arg
 * @param {boolean} [doubleEscape]
 * @returns {string}
 */
export function quoteWindowsArgument(arg, doubleEscape = false) {
  let quoted = String(arg)
    .replace(/(\\*)"/g, '$1$1\\"')
    .replace(/(\\*)$/, '$1$1');
  quoted = `"${quoted}"`.replace(metaChars, '^$1');
  return doubleEscape ? quoted.replace(metaChars, '^$1') : quoted;
}

/**
 * The file and arguments to spawn (with `windowsVerbatimArguments: true`) so that cmd.exe runs
 * `command` with `args`, each one whole.
 * @param {string} command
 * @param {string[]} args
 * @param {{ shim?: boolean, comspec?: string }} [options]
 * @returns {{ file: string, args: string[] }}
 */
export function windowsShellSpawn(command, args, options = {}) {
  const line = [command.replace(metaChars, '^$1')]
    .concat(args.map((arg) => quoteWindowsArgument(arg, options.shim)))
    .join(' ');
  return { file: options.comspec || 'cmd.exe', args: ['/d', '/s', '/c', `"${line}"`] };
}
