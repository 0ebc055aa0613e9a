import type { ReactNode } from 'react';

/** From this share of a limit on, a long input shows how much of it is used. */
const showFrom = 0.8;

/**
 * "18,250 of 20,000 characters" under a long input once it nears its limit (or from the first
 * character, `whileTyping`), so a person trims before a save fails; past the limit the schema's
 * sentence (the children) takes its place.
 */
export function LengthCounter({
  id,
  length,
  limit,
  whileTyping = false,
  children,
}: {
  id: string;
  length: number;
  limit: number;
  /** Show the count as soon as there is text, not only near the limit. */
  whileTyping?: boolean;
  children?: ReactNode;
}) {
  if (children) {
    return (
      <span id={id} className="field-error" role="alert">
        {children}
      </span>
    );
  }
  if (length === 0 || (!whileTyping && length < limit * showFrom)) return <span id={id} hidden />;
  return (
    <span id={id} className="hint" aria-live="polite">
      {length.toLocaleString('en')} of {limit.toLocaleString('en')} characters
    </span>
  );
}
