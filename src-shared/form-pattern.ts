/**
 * One search for any of many literal strings (a secret's forms), for redaction.ts. Pure: no Node.
 */

/** The longest list of forms searched with one pattern (API keys and tokens are far shorter). */
export const maxPatternChars = 4096;

/** `value` as a pattern that matches exactly it. */
export function escapeForPattern(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A pattern matching any of `forms`, or null where a search per form must do: no forms, forms
 * longer than {@link maxPatternChars} together, or a pattern V8 refuses to compile (a long
 * confidential value with many characters to escape; its error would quote the value, so it is
 * never let out). No `u` flag: forms match code unit by code unit, as includes() does.
 */
export function patternOfForms(forms: readonly string[]): RegExp | null {
  const total = forms.reduce((sum, form) => sum + form.length, 0);
  if (forms.length === 0 || total > maxPatternChars) return null;
  try {
    return new RegExp(forms.map(escapeForPattern).join('|'));
  } catch {
    return null;
  }
}
