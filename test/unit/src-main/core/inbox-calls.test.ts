import { describe, expect, it } from 'vitest';
import { deliveryOfProfile } from '../../../../src-main/core/inbox-calls';
import type { Core } from '../../../../src-main/core/create-core';
import type { Delivery } from '../../../../src-shared/inbox';

const delivery = { id: 'd1', profileId: 'sandbox' } as Delivery;
const core = {
  inbox: { get: () => delivery },
  profiles: { list: () => [{ id: 'sandbox', name: 'Local sandbox' }] },
} as unknown as Pick<Core, 'profiles' | 'inbox'>;

describe('a walk runs only on its delivery’s profile', () => {
  it('hands the delivery over on its own profile', () => {
    expect(deliveryOfProfile(core, 'd1', 'sandbox')).toBe(delivery);
  });

  it('refuses another profile, naming the delivery’s and what to do', () => {
    expect(() => deliveryOfProfile(core, 'd1', 'live')).toThrow(
      'This delivery came to the profile "Local sandbox"; switch to that profile to walk it.',
    );
  });
});
