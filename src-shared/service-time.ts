/**
 * A service timestamp in ms since the epoch, or null when it is none. Pure: main's batch table
 * and the renderer's durations read timestamps through this one rule.
 *
 * The service writes times without a zone (API.md). Those are UTC, and both ends of a duration
 * share the zone. A time with a zone is taken as written. The contract's date pattern also lets
 * through a zone of hours only ("+01"), which Date.parse refuses, so ":00" is added to it.
 */
export function serviceTimeMs(value: string | null | undefined): number | null {
  if (!value) return null;
  const hoursOnly = /[+-]\d\d$/.test(value) && /[T ]\d\d:\d\d/i.test(value);
  const zoned = hoursOnly ? `${value}:00` : /(?:Z|[+-]\d\d:?\d\d)$/i.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? null : ms;
}
