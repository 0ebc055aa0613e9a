/** The service's notion of "now"; tests and the seed replace it to place events in time. */
export type Clock = () => Date;

/** The real clock. */
export const systemClock: Clock = () => new Date();

/**
 * ISO 8601 without a time-zone designator and without fractions (`2026-06-03T09:14:22`), as the
 * vendor shows step dates. Every date the service writes is UTC in this form.
 */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** The pattern every GUID the API accepts must match (any version, either case). */
export const guidPattern = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

const guidRegex = new RegExp(guidPattern);

/** True when the text is in GUID format. */
export function isGuid(text: string): boolean {
  return guidRegex.test(text);
}
