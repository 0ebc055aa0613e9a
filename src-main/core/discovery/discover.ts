import { applyDiscovery, changingOperations } from '../../../src-shared/discovery-apply';
import type { DescriptionRecord, DiscoveryResult } from '../../../src-shared/discovery';
import type { Profile } from '../../../src-shared/profile';
import { describedApi } from './described-operations';
import type { DescriptionTransport } from './fetch-text';
import { locateDescription } from './locate-description';
import { matchOperations } from './match-operations';
import { readAuth } from './read-auth';

/** What discovery needs: the profile, its transport, and where the last description read is kept. */
export interface DiscoveryDependencies {
  profile: Profile;
  transport: DescriptionTransport;
  previous: DescriptionRecord | null;
  now: () => Date;
}

/**
 * Reads the tenant's description and proposes the endpoint map and auth setting; changes nothing
 * in the profile (the caller records the description read, which is not part of the profile).
 */
export async function discover({
  profile,
  transport,
  previous,
  now,
}: DiscoveryDependencies): Promise<DiscoveryResult> {
  const deadline = AbortSignal.timeout(profile.timeouts.overallMs);
  const found = await locateDescription(profile, transport, deadline);
  const api = describedApi(found.document, found.url, profile.baseUrl);
  const auth = readAuth(
    found.document,
    { scheme: profile.authScheme, headers: profile.authHeaders },
    profile.baseUrl,
    found.url,
  );
  const match = matchOperations(api, profile.endpoints, auth.tokenPath);
  const readAt = now().toISOString();
  const description: DescriptionRecord = {
    url: found.url,
    title: found.title,
    version: found.version,
    format: found.format,
    hash: found.hash,
    readAt,
    changedFrom:
      previous && previous.hash !== found.hash ? { hash: previous.hash, readAt: previous.readAt } : null,
  };
  const proposal = { operations: match.operations, auth };
  return {
    description,
    operations: match.operations,
    unmatched: match.unmatched,
    auth,
    extras: match.extras,
    prefix: api.prefix,
    notes: [...found.notes, ...api.notes],
    suggested: applyDiscovery(profile, proposal, {
      operations: changingOperations(proposal),
      auth: auth.changes,
    }),
  };
}
