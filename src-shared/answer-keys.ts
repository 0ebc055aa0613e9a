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
const opaqueLengths = new Set([...opaqueKeys].map((key) => key.length));

/** Whether a key names data kept as it came; the length test spares a lower-cased copy of every key. */
function isOpaque(name: string): boolean {
  return opaqueLengths.has(name.length) && opaqueKeys.has(name.toLowerCase());
}

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
 * a copy per node was the largest cost of reading a batch's answers. A node whose keys are all
 * spelled as wanted already (the API's own camelCase) is handed back as it is, not copied: an
 * object is copied only from its first renamed key or changed value on.
 */
function fold(value: unknown, rename: (key: string) => string, path: (string | number)[]): unknown {
  if (path.length > maxKeyDepth) throw new AnswerTooDeep();
  if (Array.isArray(value)) return foldArray(value, rename, path);
  if (value === null || typeof value !== 'object') return value;
  // Plain assignment and an own-key check: a Map and defineProperty per object were most of the
  // cost of folding a batch's answers. A second spelling is rare; its first is looked up then.
  let out: Record<string, unknown> | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const inner = (value as Record<string, unknown>)[key];
    const name = rename(key);
    const folded = isOpaque(name) ? inner : foldAt(inner, rename, path, name);
    if (out === undefined) {
      if (name === key && folded === inner) continue;
      out = copyUntil(value as Record<string, unknown>, key);
    }
    if (Object.hasOwn(out, name)) {
      if (JSON.stringify(out[name]) !== JSON.stringify(folded)) {
        const earlier = Object.keys(value).find((other) => other !== key && rename(other) === name) ?? name;
        throw new KeySpellingConflict([...path], [earlier, key]);
      }
      continue;
    }
    setKey(out, name, folded);
  }
  return out ?? value;
}

/** A new object with the own keys of `value` that come before `stop`, unchanged. */
function copyUntil(value: Record<string, unknown>, stop: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (key === stop) break;
    if (Object.hasOwn(value, key)) setKey(out, key, value[key]);
  }
  return out;
}

/** A key "__proto__" in a body must stay a plain key, never a prototype. */
function setKey(out: Record<string, unknown>, name: string, value: unknown): void {
  if (name === '__proto__') {
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  } else out[name] = value;
}

/** `items` folded item by item; the same array when no item changed. */
function foldArray(items: unknown[], rename: (key: string) => string, path: (string | number)[]): unknown[] {
  let out: unknown[] | undefined;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    const folded = foldAt(item, rename, path, index);
    if (out === undefined && folded !== item) out = items.slice(0, index);
    out?.push(folded);
  }
  return out ?? items;
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
