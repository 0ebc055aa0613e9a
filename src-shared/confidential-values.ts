/**
 * Which values of a JSON value are confidential, given the codes of a process's confidential
 * fields: the one rule behind every view that shows a payload, a recorded REST call, a review or
 * a service's answer. Views mask what it names and reveal one at a time on request.
 */

/** A step into a JSON value: an object key or an array index. */
export type JsonPathStep = string | number;

/** A value to mask: where it is, and the field code that makes it confidential. */
export interface ConfidentialSpot {
  path: JsonPathStep[];
  code: string;
}

/** The codes of a process's confidential fields. */
export function confidentialCodes(fields: readonly { code: string; confidential?: boolean }[]): Set<string> {
  return new Set(fields.filter((field) => field.confidential).map((field) => field.code));
}

/** The values of a process's confidential fields, named for their Reveal buttons (quoted-values.ts). */
export function confidentialFieldValues(
  fields: readonly { name: string; value: string; confidential?: boolean }[],
): { name: string; value: string }[] {
  return fields.filter((field) => field.confidential).map(({ name, value }) => ({ name, value }));
}

/**
 * The mark as it can appear in a JSON text, in either spelling isMarkedConfidential reads: a cheap
 * search that is never false where the mark is (short of a unicode escape, which callers check).
 */
export const confidentialMarkInText = /"[Cc]onfidential"\s*:\s*true/;

/**
 * Whether a field-shaped object marks itself confidential: `confidential: true` as the API writes
 * it, or `Confidential: true` as the reference service's vendor dialect and .NET tenants do.
 */
export function isMarkedConfidential(record: Readonly<Record<string, unknown>>): boolean {
  return record.confidential === true || record.Confidential === true;
}

/** The code of a field-shaped object, in either spelling (`code` of the API, `Code` of .NET). */
function codeOf(record: Readonly<Record<string, unknown>>): string | null {
  return typeof record.Code === 'string' ? record.Code : typeof record.code === 'string' ? record.code : null;
}

/** The codes of every field marked confidential anywhere inside `value` (either spelling). */
export function markedConfidentialCodes(value: unknown): Set<string> {
  const codes = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(collect);
    if (!isObject(node)) return;
    const code = codeOf(node);
    if (code !== null && isMarkedConfidential(node)) codes.add(code);
    Object.values(node).forEach(collect);
  };
  collect(value);
  return codes;
}

/** The value keys that sit beside a code in a field-shaped object, PascalCase payload and API Field. */
const valueKeys = ['ValueAsString', 'Value', 'value'] as const;

/**
 * Every place in `value` that holds a confidential value, depth first:
 * - a field-shaped object (`{Code, ValueAsString}` of the REST payload, `{code, value}` of the API,
 *   or one marked `confidential: true` / `Confidential: true`) whose code is confidential: its value;
 * - a plain `{CODE: value}` entry (a response mapping, a form's answers): the entry's value.
 * Codes match exactly, as the API's field codes are case-sensitive.
 */
export function confidentialSpots(value: unknown, codes: ReadonlySet<string>): ConfidentialSpot[] {
  const spots: ConfidentialSpot[] = [];
  visit(value, [], codes, spots);
  return spots;
}

function visit(value: unknown, path: JsonPathStep[], codes: ReadonlySet<string>, spots: ConfidentialSpot[]) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => visit(item, [...path, index], codes, spots));
    return;
  }
  if (!isObject(value)) return;
  const code = codeOf(value);
  const fieldIsConfidential = code !== null && (codes.has(code) || isMarkedConfidential(value));
  for (const [key, child] of Object.entries(value)) {
    const childPath = [...path, key];
    if (fieldIsConfidential && (valueKeys as readonly string[]).includes(key) && isLeaf(child)) {
      spots.push({ path: childPath, code: code! });
    } else if (codes.has(key) && isLeaf(child)) {
      spots.push({ path: childPath, code: key });
    } else {
      visit(child, childPath, codes, spots);
    }
  }
}

/** The key under which views remember a spot (revealed or not). */
export function spotKey(path: readonly JsonPathStep[]): string {
  return JSON.stringify(path);
}

/** A copy of `value` with every spot replaced by `mask`: for text that cannot reveal (logs, copies). */
export function maskedCopy(value: unknown, spots: readonly ConfidentialSpot[], mask: string): unknown {
  const masked = new Set(spots.map((spot) => spotKey(spot.path)));
  const copy = (node: unknown, path: JsonPathStep[]): unknown => {
    if (masked.has(spotKey(path))) return mask;
    if (Array.isArray(node)) return node.map((item, index) => copy(item, [...path, index]));
    if (!isObject(node)) return node;
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, copy(child, [...path, key])]));
  };
  return copy(value, []);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value a mask can stand for; an object under a confidential key is searched instead. */
function isLeaf(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
