import { describe, expect, it } from 'vitest';
import { targetChange, targetOf } from '../../../../../src-main/core/batches/run-target';
import { makeProfile } from '../client/helpers';

const confirmedOn = makeProfile('https://test.tenant.example', { name: 'Tenant', keyName: 'batch-bot' });
const again = 'Cancel it and run it again to review and confirm it';

describe('what a run confirmed on a profile may go on with', () => {
  it('goes on while the profile names the same tenant, key and environment, whatever else changed', () => {
    const renamed = {
      ...confirmedOn,
      name: 'Renamed',
      timeouts: { ...confirmedOn.timeouts, overallMs: 9_000 },
    };
    expect(targetChange(targetOf(confirmedOn), renamed)).toBeNull();
  });

  it('stops when the key is another, and says each thing that changed', () => {
    expect(targetChange(targetOf(confirmedOn), { ...confirmedOn, keyName: 'someone-else' })).toBe(
      `This run was confirmed on the test profile "Tenant" (https://test.tenant.example, key batch-bot); it now uses the key someone-else. ${again}.`,
    );
    const moved = { ...confirmedOn, environment: 'live' as const, baseUrl: 'https://live.tenant.example' };
    expect(targetChange(targetOf(confirmedOn), moved)).toBe(
      'This run was confirmed on the test profile "Tenant" (https://test.tenant.example, key batch-bot); ' +
        `the profile is now live, and it now points at https://live.tenant.example. ${again} for live.`,
    );
  });

  it('stops a live run whose profile was marked test: the tenant is no longer the one confirmed', () => {
    const live = { ...confirmedOn, environment: 'live' as const };
    expect(targetChange(targetOf(live), confirmedOn)).toBe(
      `This run was confirmed on the live profile "Tenant" (https://test.tenant.example, key batch-bot); the profile is now test. ${again}.`,
    );
  });

  it('lets a run stored by an earlier version go on on a test profile only', () => {
    expect(targetChange(null, confirmedOn)).toBeNull();
    expect(targetChange(null, { ...confirmedOn, environment: 'live' })).toBe(
      'This run was started by an earlier version of the console, which did not keep the tenant it was confirmed on; ' +
        `the profile "Tenant" is live. ${again} for live.`,
    );
  });
});
