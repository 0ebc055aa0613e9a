import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPresetStore } from '../../../../../src-main/core/presets/preset-store';

const folder = () => mkdtempSync(join(tmpdir(), 'pc-presets-'));
const step = { processTypeId: 'type-1', stepName: 'Back office assessment' };
const fields = [
  { name: 'Outcome', code: 'OUTCOME', value: 'Accepted', confidential: false },
  { name: 'Phone', code: 'PHONE', value: '07700 900099', confidential: true },
];

describe('preset store', () => {
  it('keeps presets per profile, type and step, and never writes a confidential value', () => {
    const dir = folder();
    const store = createPresetStore(dir);
    const saved = store.save('a', { ...step, name: 'Accept', fields });
    expect(saved.fields[1]).toEqual({ name: 'Phone', code: 'PHONE', value: '', confidential: true });
    expect(readFileSync(join(dir, 'presets.json'), 'utf8')).not.toContain('07700 900099');
    // Saving the same name for the step replaces it.
    store.save('a', { ...step, name: 'Accept', fields: fields.slice(0, 1) });
    const reopened = createPresetStore(dir);
    expect(reopened.saved('a', step)).toHaveLength(1);
    expect(reopened.saved('a', { ...step, stepName: 'Other step' })).toEqual([]);
    expect(reopened.saved('b', step)).toEqual([]);
    expect(reopened.delete('a', saved.presetId)).toBe(true);
    expect(reopened.saved('a', step)).toEqual([]);
  });

  it('learns process types by name, newest first, and ignores a read without a name', () => {
    const store = createPresetStore(folder());
    store.learnType('a', { processTypeId: 't1', processTypeName: 'Report fly-tipping' });
    store.learnType('a', { processTypeId: 't2', processTypeName: 'Bulky waste' });
    store.learnType('a', { processTypeId: 't3', processTypeName: '' });
    expect(store.types('a').map((type) => type.processTypeName)).toEqual([
      'Bulky waste',
      'Report fly-tipping',
    ]);
  });

  it('moves an invalid file aside on load and says so', () => {
    const dir = folder();
    writeFileSync(join(dir, 'presets.json'), JSON.stringify({ version: 1, profiles: { a: { presets: 7 } } }));
    const store = createPresetStore(dir);
    expect(store.problem).toMatch(/presets\.json/);
    expect(store.saved('a', step)).toEqual([]);
    expect(readdirSync(dir).some((name) => name.startsWith('presets.json.corrupt-'))).toBe(true);
  });
});
