import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Failure } from '../../../../../src-main/core/failure';
import { createProfileStore } from '../../../../../src-main/core/profiles/profile-store';
import type { ProfileInput } from '../../../../../src-shared/profile';
import { makeCertificate } from './certificate-fixture';

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'pc-profiles-'));
}

const tenant: ProfileInput = {
  name: 'Tenant test',
  baseUrl: 'https://tenant.example.com/',
  environment: 'test',
  keyName: 'Console key',
};

function failureOf(action: () => unknown): Failure['error'] {
  try {
    action();
  } catch (error) {
    if (error instanceof Failure) return error.error;
    throw error;
  }
  throw new Error('expected a Failure');
}

describe('profile store', () => {
  it('saves with defaults, lists, reloads from disk and deletes', () => {
    const dir = folder();
    const store = createProfileStore(dir, () => new Date('2026-06-03T09:00:00Z'));
    expect(store.problem).toBeNull();
    const saved = store.save(tenant);
    expect(saved).toMatchObject({
      name: 'Tenant test',
      baseUrl: 'https://tenant.example.com',
      authScheme: 'headers',
      endpoints: {},
      caFile: null,
      // A new profile follows the system's proxy settings.
      proxy: { mode: 'system' },
      createdAt: '2026-06-03T09:00:00.000Z',
    });
    expect(saved.timeouts.connectMs).toBe(5_000);
    const reopened = createProfileStore(dir);
    expect(reopened.list()).toEqual([saved]);
    expect(reopened.get(saved.id)).toEqual(saved);
    expect(JSON.parse(readFileSync(join(dir, 'profiles.json'), 'utf8')).version).toBe(1);
    expect(reopened.delete(saved.id)).toBe(true);
    expect(reopened.delete(saved.id)).toBe(false);
    expect(createProfileStore(dir).list()).toEqual([]);
  });

  it('keeps a profile stored before the proxy setting existed going direct', () => {
    const dir = folder();
    const saved = createProfileStore(dir).save(tenant);
    const file = join(dir, 'profiles.json');
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { profiles: Record<string, unknown>[] };
    delete stored.profiles[0]!.proxy;
    writeFileSync(file, JSON.stringify(stored));
    const reopened = createProfileStore(dir);
    expect(reopened.problem).toBeNull();
    expect(reopened.get(saved.id).proxy).toEqual({ mode: 'none' });
  });

  it('updates in place, keeping id and creation time', () => {
    let clock = new Date('2026-06-03T09:00:00Z');
    const store = createProfileStore(folder(), () => clock);
    const first = store.save(tenant);
    clock = new Date('2026-06-04T09:00:00Z');
    const second = store.save({ ...tenant, id: first.id, environment: 'live', authScheme: 'bearer' });
    expect(second).toMatchObject({
      id: first.id,
      createdAt: first.createdAt,
      updatedAt: '2026-06-04T09:00:00.000Z',
    });
    expect(store.list()).toEqual([second]);
  });

  it('returns copies, so a caller cannot change the stored profile', () => {
    const store = createProfileStore(folder());
    const saved = store.save(tenant);
    saved.name = 'changed';
    store.list()[0]!.endpoints.getProcess = { method: 'GET', path: '/x/{processId}' };
    expect(store.get(saved.id)).toMatchObject({ name: 'Tenant test', endpoints: {} });
  });

  it('requires https except on loopback addresses', () => {
    const store = createProfileStore(folder());
    expect(failureOf(() => store.save({ ...tenant, baseUrl: 'http://tenant.example.com' }))).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/^baseUrl: must use https/),
    });
    for (const baseUrl of ['http://127.0.0.1:8080', 'http://localhost:3000', 'http://[::1]:4000']) {
      expect(store.save({ ...tenant, name: baseUrl, baseUrl }).baseUrl).toBe(baseUrl);
    }
    expect(() => store.save({ ...tenant, name: 'x', baseUrl: 'ftp://tenant.example.com' })).toThrow(
      /must use https/,
    );
  });

  it('keeps the placeholders of an overridden endpoint', () => {
    const store = createProfileStore(folder());
    const endpoints = { completeStep: { method: 'POST', path: '/api/p/{processId}/s/complete' } } as const;
    expect(failureOf(() => store.save({ ...tenant, endpoints }))).toMatchObject({
      code: 'invalid_input',
      message: 'endpoints.completeStep.path: must keep the {stepId} placeholder',
    });
    const kept = { getProcess: { method: 'GET', path: '/v2/process/{processId}' } } as const;
    expect(store.save({ ...tenant, endpoints: kept }).endpoints).toEqual(kept);
  });

  it('rejects a second profile with the same name in any case', () => {
    const store = createProfileStore(folder());
    const first = store.save(tenant);
    expect(failureOf(() => store.save({ ...tenant, name: 'TENANT TEST' }))).toEqual({
      code: 'invalid_input',
      message: 'A profile named "Tenant test" already exists; choose another name.',
    });
    expect(store.save({ ...tenant, id: first.id, name: 'tenant TEST' }).name).toBe('tenant TEST');
  });

  it('validates the CA file when saved, naming it', () => {
    const dir = folder();
    const { certificate, key } = makeCertificate(dir);
    const store = createProfileStore(dir);
    expect(store.save({ ...tenant, caFile: certificate }).caFile).toBe(certificate);
    expect(failureOf(() => store.save({ ...tenant, name: 'other', caFile: key }))).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining(key),
    });
  });

  it('reports an unknown id as not found', () => {
    const store = createProfileStore(folder());
    const unknown = '3f2b8c1e-0d4a-4e8b-9c21-5a7f0e6d2b10';
    expect(failureOf(() => store.get(unknown)).code).toBe('not_found');
    expect(failureOf(() => store.save({ ...tenant, id: unknown })).code).toBe('not_found');
  });

  it('drops properties it does not know, such as a secret sent by mistake', () => {
    const dir = folder();
    const store = createProfileStore(dir);
    store.save({ ...tenant, apiSecret: 'do-not-store-me' } as ProfileInput);
    expect(readFileSync(join(dir, 'profiles.json'), 'utf8')).not.toContain('do-not-store-me');
  });

  it('moves a corrupt file aside, reports it, and never overwrites it', () => {
    const dir = folder();
    writeFileSync(join(dir, 'profiles.json'), '{"version":1,"profiles":[{"name":');
    const store = createProfileStore(dir);
    expect(store.problem).toMatch(
      /^profiles\.json could not be used because it is not valid JSON\. It was kept/,
    );
    expect(store.list()).toEqual([]);
    store.save(tenant);
    const aside = readdirSync(dir).filter((name) => name.startsWith('profiles.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe('{"version":1,"profiles":[{"name":');
  });
});
