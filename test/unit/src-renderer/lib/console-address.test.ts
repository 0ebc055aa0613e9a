import { describe, expect, it } from 'vitest';
import { formatRoute, parseAddress, routeOf } from '../../../../src-renderer/lib/console-address';

const profileId = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';

describe('parseAddress', () => {
  it('reads a deep link, ignoring what follows its question mark', () => {
    const route = { ok: true, value: { name: 'process', profileId, lookup: 'FT-000003' } };
    expect(parseAddress(`#/profiles/${profileId}/processes/FT-000003`)).toEqual({ route });
    expect(parseAddress(`#/profiles/${profileId}/processes/FT-000003?from=mail`)).toEqual({ route });
  });

  it('decodes a reference holding a slash, a space or a question mark', () => {
    const link = formatRoute({ name: 'process', profileId, lookup: 'A/B ?c' });
    expect(parseAddress(link).route).toEqual({
      ok: true,
      value: { name: 'process', profileId, lookup: 'A/B ?c' },
    });
  });

  it('reads the screens an address names, and home from no fragment', () => {
    expect(parseAddress('#/audit').route).toEqual({ ok: true, value: { name: 'screen', screen: 'audit' } });
    expect(parseAddress('').route).toEqual({ ok: true, value: { name: 'home' } });
  });

  it('says in a sentence why an address is not a page of the console', () => {
    expect(parseAddress('#/nowhere').route).toEqual({
      ok: false,
      message: 'The address #/nowhere is not a page of this console.',
    });
    expect(parseAddress(`#/profiles/${profileId}/processes/%20`).route).toEqual({
      ok: false,
      message: 'This link cannot open: The external reference is empty; enter one like FT-000042.',
    });
    expect(parseAddress(`#/profiles/${profileId}/processes/%E0%A4%A`).route).toMatchObject({
      ok: false,
      message: expect.stringContaining('not properly encoded'),
    });
  });

  it('keeps the sentence for a huge hostile address short, quoting only its start', () => {
    const route = parseAddress(`#/${'x'.repeat(2_000_000)}`).route;
    expect(route.ok).toBe(false);
    if (route.ok) return;
    expect(route.message.length).toBeLessThan(120);
    expect(route.message).toMatch(/^The address #\/x+… is not a page of this console\.$/);
  });
});

describe('routeOf and formatRoute', () => {
  it('gives a process its deep link, home no fragment and a walk its inbox', () => {
    expect(formatRoute(routeOf({ name: 'process', lookup: 'FT-1' }, profileId))).toBe(
      `#/profiles/${profileId}/processes/FT-1`,
    );
    expect(formatRoute(routeOf({ name: 'home' }, profileId))).toBe('');
    expect(formatRoute(routeOf({ name: 'walk', deliveryId: 'd' }, profileId))).toBe('#/inbox');
    expect(formatRoute(routeOf({ name: 'process', lookup: 'FT-1' }, null))).toBe('');
  });
});
