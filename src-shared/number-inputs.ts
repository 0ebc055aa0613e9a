import { z } from 'zod';

/**
 * A whole number typed into a form, with one sentence for every way it can be wrong (empty, not a
 * number, a fraction, out of range), so the person is told the range at once and not one bound at a
 * time: "enter a number of milliseconds between 500 and 60,000". A bound may keep a sentence of its
 * own (`tooSmall`, `tooBig`) where one is already worded.
 */
export function wholeNumber(
  min: number,
  max: number,
  unit?: string,
  options: { shown?: { min: string; max: string }; tooSmall?: string; tooBig?: string } = {},
) {
  const what = unit ? `a number of ${unit}` : 'a whole number';
  const range = options.shown ?? { min: min.toLocaleString('en'), max: max.toLocaleString('en') };
  const error = `enter ${what} between ${range.min} and ${range.max}`;
  // A fraction or a number past the safe integers stops at the range sentence (abort), so the
  // person reads one sentence, not "whole" and "too big" twice.
  return z
    .number({ error })
    .int({ error, abort: true })
    .min(min, { error: options.tooSmall ?? error })
    .max(max, { error: options.tooBig ?? error });
}
