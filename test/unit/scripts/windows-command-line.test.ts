import { describe, expect, it } from 'vitest';
import { quoteWindowsArgument, windowsShellSpawn } from '../../../scripts/windows-command-line.mjs';

/** What cmd.exe does to a line whose quotes are all escaped: `^x` becomes `x`. */
function cmdUnescape(line: string): string {
  return line.replace(/\^(.)/g, '$1');
}

/** How a program's C runtime splits its command line (CommandLineToArgvW's rules). */
function argvOf(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (char === '\\') {
      let count = 0;
      while (line[i] === '\\') {
        count += 1;
        i += 1;
      }
      if (line[i] === '"') {
        current += '\\'.repeat(Math.floor(count / 2));
        if (count % 2 === 1) current += '"';
        else quoted = !quoted;
      } else {
        current += '\\'.repeat(count);
        i -= 1;
      }
      started = true;
    } else if (char === '"') {
      quoted = !quoted;
      started = true;
    } else if (char === ' ' && !quoted) {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += char;
      started = true;
    }
  }
  if (started) args.push(current);
  return args;
}

const hard = [
  'C:\\Users\\Ada Lovelace\\pc',
  'say "hi"',
  'trailing\\',
  'a & b | c > d',
  '100%PATH%',
  'caret^',
  '',
  '!bang!',
];

describe('Windows command line for with-node24', () => {
  it('keeps a folder with a space in one argument', () => {
    expect(quoteWindowsArgument('C:\\Users\\Ada Lovelace\\pc')).toBe('^"C:\\Users\\Ada^ Lovelace\\pc^"');
  });

  it('brings every argument back whole through cmd.exe', () => {
    const spawn = windowsShellSpawn('node', ['--data', ...hard], {
      comspec: 'C:\\Windows\\system32\\cmd.exe',
    });
    expect(spawn.file).toBe('C:\\Windows\\system32\\cmd.exe');
    expect(spawn.args.slice(0, 3)).toEqual(['/d', '/s', '/c']);
    // `/s /c "…"`: cmd.exe drops the outer quotes, then reads the carets.
    const line = cmdUnescape(spawn.args[3]!.slice(1, -1));
    expect(argvOf(line)).toEqual(['node', '--data', ...hard]);
  });

  it('escapes twice for a .cmd shim, which passes %* through cmd.exe again', () => {
    const spawn = windowsShellSpawn('vitest', hard, { shim: true });
    expect(spawn.file).toBe('cmd.exe');
    const line = cmdUnescape(cmdUnescape(spawn.args[3]!.slice(1, -1)));
    expect(argvOf(line)).toEqual(['vitest', ...hard]);
  });
});
