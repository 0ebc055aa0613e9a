import type { DiscoveryResult, SuggestedProfile } from './discovery';
import { defaultEndpoints, type Endpoint, type Operation, type Profile } from './profile';

/**
 * Applies chosen parts of a discovery to a profile, giving the `profiles.save` input. Pure and
 * shared: main builds `suggested` with every part chosen, the review with the rows ticked, so
 * the two cannot disagree. An endpoint equal to the default is dropped from the overrides.
 */
export function applyDiscovery(
  profile: Omit<Profile, 'createdAt' | 'updatedAt'>,
  result: Pick<DiscoveryResult, 'operations' | 'auth'>,
  chosen: { operations: readonly Operation[]; auth: boolean },
): SuggestedProfile {
  const endpoints: Partial<Record<Operation, Endpoint>> = { ...profile.endpoints };
  for (const proposal of result.operations) {
    if (!proposal.proposed || !chosen.operations.includes(proposal.operation)) continue;
    const proposed = proposal.proposed;
    const fallback = defaultEndpoints[proposal.operation];
    if (proposed.method === fallback.method && proposed.path === fallback.path) {
      delete endpoints[proposal.operation];
    } else {
      endpoints[proposal.operation] = { method: proposed.method, path: proposed.path };
    }
  }
  const auth = chosen.auth && result.auth.proposed ? result.auth.proposed : null;
  return {
    id: profile.id,
    name: profile.name,
    baseUrl: profile.baseUrl,
    environment: profile.environment,
    authScheme: auth?.scheme ?? profile.authScheme,
    authHeaders: auth ? { ...auth.headers } : { ...profile.authHeaders },
    keyName: profile.keyName,
    endpoints,
    timeouts: { ...profile.timeouts },
    caFile: profile.caFile,
    proxy: { ...profile.proxy },
  };
}

/** Every operation with a proposal that changes something: what "select all" ticks. */
export function changingOperations(result: Pick<DiscoveryResult, 'operations'>): Operation[] {
  return result.operations.filter((proposal) => proposal.changes).map((proposal) => proposal.operation);
}
