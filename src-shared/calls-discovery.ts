import { z } from 'zod';
import { call, externalReference, profileId } from './call-spec';
import type { DiscoveryResult, MappingCheck } from './discovery';

/**
 * Reading a tenant's API description and checking the endpoint map against it (issue 14).
 * Neither call changes a profile: a proposal is applied through `profiles.save`.
 */
export const discoveryCalls = {
  /** Reads `{base}/swagger` (and the usual description locations) and proposes a mapping. */
  'profiles.discover': call<DiscoveryResult>()(z.object({ profileId }).strict()),
  /** Runs only read operations against the process the administrator names. */
  'profiles.checkMapping': call<MappingCheck>()(z.object({ profileId, externalReference }).strict()),
} as const;
