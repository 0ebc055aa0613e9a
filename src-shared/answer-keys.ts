/**
 * Key casing of JSON bodies. The API's documented names are camelCase; a .NET tenant answers in
 * PascalCase (API.md, "Real tenants"). The console's client folds every answer to camelCase
 * before its schema reads it, and the reference service's `vendor` dialect folds requests in and
 * answers out the other way, so both ends share one rule. Pure: no Node.
 */

/**
 * Keys whose values are data, not API objects: a recorded REST call's header names and bodies
 * keep their own spelling (.NET leaves dictionary keys alone too).
 */
const opaqueKeys = new Set(['headers', 'body']);

/** A body that spells one key two ways with different values: which one is meant is unknowable. */
export class KeySpellingConflict extends Error {
  constructor(
    /** Where the object is, e.g. `['steps', 2]`. */
    readonly path: readonly (string | number)[],
    /** The two spellings found, e.g. `['stepId', 'StepId']`. */
    readonly spellings: readonly [string, string],
  ) {
    super(`"${spellings[0]}" and "${spellings[1]}" are both present with different values`);
    this.name = 'KeySpellingConflict';
  }
}

/**
 * A copy of `value` with every object key's first letter lower-cased (`ProcessId` -> `processId`).
 * Both spellings of one key are accepted when their values agree; when they differ it throws
 * {@link KeySpellingConflict} rather than guess which one the service meant.
 */
export function camelKeys(value: unknown): unknown {
  return fold(value, lowerFirst, []);
}

/** `ProcessId` -> `processId`; a key already starting lower-case (the API's own) is kept as it is. */
function lowerFirst(key: string): string {
  const first = key.charCodeAt(0);
  if (first >= 97 && first <= 122) return key;
  if (first >= 65 && first <= 90) return String.fromCharCode(first + 32) + key.slice(1);
  return key.charAt(0).toLowerCase() + key.slice(1);
}

/** A copy of `value` with every object key's first letter upper-cased (`processId` -> `ProcessId`). */
export function pascalKeys(value: unknown): unknown {
  return fold(value, (key) => key.charAt(0).toUpperCase() + key.slice(1), []);
}

/**
 * The deepest nesting folded. The API's answers are a few levels deep; a hostile or broken answer
 * nested thousands of levels would overflow the stack here, an exception no caller expects.
 */
export const maxKeyDepth = 64;

/** A body nested deeper than {@link maxKeyDepth}: no answer of this API is. */
export class AnswerTooDeep extends Error {
  constructor() {
    super(`the answer is nested more than ${maxKeyDepth} levels deep`);
    this.name = 'AnswerTooDeep';
  }
}

/**
 * `path` is one stack shared by the whole walk (pushed and popped, copied only into an error):
 * a copy per node was the largest cost of reading a batch's answers.
 */
function fold(value: unknown, rename: (key: string) => string, path: (string | number)[]): unknown {
  if (path.length > maxKeyDepth) throw new AnswerTooDeep();
  if (Array.isArray(value)) return value.map((item, index) => foldAt(item, rename, path, index));
  if (value === null || typeof value !== 'object') return value;
  // Plain assignment and an own-key check: a Map and defineProperty per object were most of the
  // cost of folding a batch's answers. A second spelling is rare; its first is looked up then.
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const inner = (value as Record<string, unknown>)[key];
    const name = rename(key);
    const folded = opaqueKeys.has(name.toLowerCase()) ? inner : foldAt(inner, rename, path, name);
    if (Object.hasOwn(out, name)) {
      if (JSON.stringify(out[name]) !== JSON.stringify(folded)) {
        const earlier = Object.keys(value).find((other) => other !== key && rename(other) === name) ?? name;
        throw new KeySpellingConflict([...path], [earlier, key]);
      }
      continue;
    }
    // A key "__proto__" in a body must stay a plain key, never a prototype.
    if (name === '__proto__') {
      Object.defineProperty(out, name, {
        value: folded,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[name] = folded;
  }
  return out;
}

function foldAt(
  value: unknown,
  rename: (key: string) => string,
  path: (string | number)[],
  step: string | number,
): unknown {
  path.push(step);
  try {
    return fold(value, rename, path);
  } finally {
    path.pop();
  }
}
