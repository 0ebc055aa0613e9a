import { existsSync, renameSync } from 'node:fs';
import { basename } from 'node:path';
import { Failure } from './failure';

/**
 * The one way the console sets aside a file it cannot use, so that starting without it never
 * overwrites it: renamed to `<name>.corrupt-<time>` in its folder, never deleted or rewritten.
 */

/** Where a file was set aside, and the sentence that tells the user. */
export interface MovedAside {
  /** The file's new path. */
  movedTo: string;
  /** Names the file, why it was not used and where it now is. */
  problem: string;
}

/**
 * Renames `path` to a free `<path>.corrupt-<time>` and each existing `<path><suffix>` of
 * `companions` (a database's `-wal`, `-shm`) to the same new name plus its suffix, so the set stays
 * one database wherever it goes. `reason` completes "<name> could not be used because ...".
 * Throws a Failure naming the path when anything cannot be moved, after putting back what was:
 * starting empty beside it would let the next write replace it, or pair a new file with its old
 * companions.
 */
export function moveAside(path: string, reason: string, companions: readonly string[] = []): MovedAside {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  const taken = (stem: string) =>
    [stem, ...companions.map((suffix) => stem + suffix)].some((file) => existsSync(file));
  let target = `${path}.corrupt-${stamp}`;
  for (let n = 2; taken(target); n += 1) target = `${path}.corrupt-${stamp}-${n}`;
  const present = companions.filter((suffix) => existsSync(path + suffix));
  const moves: [string, string][] = [
    [path, target],
    ...present.map((suffix): [string, string] => [path + suffix, target + suffix]),
  ];
  const done: [string, string][] = [];
  try {
    for (const [from, to] of moves) {
      renameSync(from, to);
      done.push([from, to]);
    }
  } catch (error) {
    for (const [from, to] of done.reverse()) {
      try {
        renameSync(to, from);
      } catch {
        // Renaming back what was just renamed in the same folder: the sentence below still applies.
      }
    }
    const also = present.length
      ? ` (and ${present.map((suffix) => basename(path + suffix)).join(', ')} beside it)`
      : '';
    throw new Failure(
      'invalid_input',
      `${basename(path)} cannot be used because ${reason}, and it could not be moved aside ` +
        `(${(error as NodeJS.ErrnoException).code ?? 'unknown error'}). Fix or move ${path}${also} yourself, then start again.`,
    );
  }
  const beside = present.length
    ? `, with ${present.map((suffix) => basename(target + suffix)).join(' and ')} beside it`
    : '';
  return {
    movedTo: target,
    problem:
      `${basename(path)} could not be used because ${reason}. It was kept unchanged as ` +
      `${target}${beside}; the console started without it.`,
  };
}
