import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProfileStore } from '../../../../../src-main/core/profiles/profile-store';
import type { DescriptionRecord } from '../../../../../src-shared/discovery';

const record: DescriptionRecord = {
  url: 'https://tenant.example.com/swagger/v1/swagger.json',
  title: 'Tenant API',
  version: 'v1',
  format: 'Swagger 2.0',
  hash: 'a'.repeat(64),
  readAt: '2026-06-03T09:00:00.000Z',
  changedFrom: null,
};

describe('the description kept beside each profile', () => {
  it('loads a profiles.json written before descriptions (and header names) existed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-profiles-old-'));
    const id = '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01';
    const old = {
      version: 1,
      profiles: [
        {
          id,
          name: 'Old',
          baseUrl: 'https://tenant.example.com',
          environment: 'test',
          authScheme: 'headers',
          keyName: 'Key',
          endpoints: {},
          caFile: null,
          proxy: { mode: 'none' },
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    };
    writeFileSync(join(dir, 'profiles.json'), JSON.stringify(old));
    const store = createProfileStore(dir);
    expect(store.problem).toBeNull();
    expect(store.get(id)).toMatchObject({
      name: 'Old',
      authHeaders: { key: 'x-api-key', secret: 'x-api-secret' },
    });
    expect(store.description(id)).toBeNull();
  });

  it('keeps a description without touching the profile, reloads it, drops a damaged one alone, forgets it on delete', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-profiles-desc-'));
    const store = createProfileStore(dir);
    const a = store.save({
      name: 'A',
      baseUrl: 'https://a.example.com',
      environment: 'test',
      keyName: 'Key',
    });
    const b = store.save({
      name: 'B',
      baseUrl: 'https://b.example.com',
      environment: 'test',
      keyName: 'Key',
    });
    store.recordDescription(a.id, record);
    store.recordDescription(b.id, record);
    expect(store.get(a.id)).toEqual(a);
    expect(createProfileStore(dir).description(a.id)).toEqual(record);

    const path = join(dir, 'profiles.json');
    const file = JSON.parse(readFileSync(path, 'utf8'));
    file.descriptions[b.id].hash = 'not a hash';
    writeFileSync(path, JSON.stringify(file));
    const reloaded = createProfileStore(dir);
    expect(reloaded.problem).toBeNull();
    expect(reloaded.list()).toHaveLength(2);
    expect(reloaded.description(a.id)).toEqual(record);
    expect(reloaded.description(b.id)).toBeNull();

    reloaded.delete(a.id);
    expect(createProfileStore(dir).description(a.id)).toBeNull();
  });
});
