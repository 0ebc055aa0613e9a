import { operations, type Profile } from '../../../src-shared/profile';
import { endpointFor } from '../client/endpoints';
import { Failure } from '../failure';

/**
 * What a run was reviewed and confirmed on: the tenant its changes go to (the base URL), the key
 * they are made under (its name is the author of every change), and whether that tenant is live
 * (then the count was typed). The client reads the profile afresh for every call, so a profile
 * edited while the run is paused or running would take the run's changes somewhere nobody confirmed.
 */
export interface RunTarget {
  environment: 'test' | 'live';
  baseUrl: string;
  keyName: string;
  /**
   * Each operation's method and path as the profile's endpoint map resolves them: on a gateway
   * that tells tenants apart by path, an edited map sends the changes to another tenant under the
   * same base URL. Absent from a run confirmed before it was kept (not compared then).
   */
  endpoints?: string;
}

/** The target of a run confirmed on `profile` now. */
export function targetOf(profile: Profile): RunTarget {
  return {
    environment: profile.environment,
    baseUrl: profile.baseUrl,
    keyName: profile.keyName,
    endpoints: operations
      .map((operation) => {
        const { method, path } = endpointFor(profile, operation);
        return `${operation} ${method} ${path}`;
      })
      .join('\n'),
  };
}

/**
 * Null while `profile` is still what the run was confirmed on; else the sentence saying what
 * changed and what to do. A run stored before targets were kept (null) may go on on a test
 * profile only: whether its count was typed for the live tenant the profile names now is unknown.
 */
export function targetChange(confirmed: RunTarget | null, profile: Profile): string | null {
  const now = targetOf(profile);
  const again = `Cancel it and run it again to review and confirm it${now.environment === 'live' ? ' for live' : ''}.`;
  if (confirmed === null) {
    if (now.environment !== 'live') return null;
    return `This run was started by an earlier version of the console, which did not keep the tenant it was confirmed on; the profile "${profile.name}" is live. ${again}`;
  }
  const changes = [
    confirmed.environment !== now.environment && `the profile is now ${now.environment}`,
    confirmed.baseUrl !== now.baseUrl && `it now points at ${now.baseUrl}`,
    confirmed.keyName !== now.keyName && `it now uses the key ${now.keyName}`,
    confirmed.endpoints !== undefined &&
      confirmed.endpoints !== now.endpoints &&
      'its endpoint map now sends requests to other paths',
  ].filter((change) => change !== false);
  if (changes.length === 0) return null;
  return (
    `This run was confirmed on the ${confirmed.environment} profile "${profile.name}" ` +
    `(${confirmed.baseUrl}, key ${confirmed.keyName}); ${changes.join(', and ')}. ${again}`
  );
}

/** Throws the sentence of {@link targetChange} (nothing is sent) unless the run may go on. */
export function checkTarget(confirmed: RunTarget | null, profile: Profile): void {
  const change = targetChange(confirmed, profile);
  if (change !== null) throw new Failure('conflict', change);
}
