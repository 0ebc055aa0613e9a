import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import {
  presetFieldSchema,
  presetLimits,
  type FieldPreset,
  type KnownProcessType,
  type PresetField,
} from '../../../src-shared/calls-presets';
import { Failure } from '../failure';
import { readJsonFile, writeJsonFileAtomic } from '../json-file';
import { stepText } from '../../../src-shared/step-text';

/**
 * `<data>/presets.json`: per profile, the saved field presets and the process types met. Kept like
 * history.json (validated on load, an unreadable file moved aside, every change written whole and
 * atomically). A confidential field's value is never written: only its name and code.
 */

/** The format version of presets.json. */
export const presetsFileVersion = 1;

const text = z.string().max(500);
const savedPresetSchema = z.strictObject({
  presetId: z.uuid(),
  name: z.string().trim().min(1).max(100),
  processTypeId: z.string().trim().min(1).max(200),
  stepName: stepText('is required'),
  fields: z.array(presetFieldSchema).max(200),
  at: text,
});
const typeSchema = z.strictObject({
  processTypeId: z.string().trim().min(1).max(200),
  processTypeName: z.string().trim().min(1).max(500),
  lastSeenAt: text,
});
const profileEntrySchema = z.strictObject({
  presets: z.array(savedPresetSchema),
  processTypes: z.array(typeSchema),
});
const presetsFileSchema = z.object({ profiles: z.record(z.string(), profileEntrySchema) });
type ProfileEntry = z.infer<typeof profileEntrySchema>;

/** What a step's preset is for and holds, as the door validated it. */
export interface PresetToSave {
  processTypeId: string;
  stepName: string;
  name: string;
  fields: PresetField[];
}

export interface PresetStore {
  saved(profileId: string, scope: { processTypeId?: string; stepName?: string }): FieldPreset[];
  save(profileId: string, preset: PresetToSave): FieldPreset;
  delete(profileId: string, presetId: string): boolean;
  /** Remembers a process type a read showed (nothing when its name is empty). */
  learnType(profileId: string, type: { processTypeId: string; processTypeName: string }): void;
  types(profileId: string): KnownProcessType[];
  forget(profileId: string): void;
  /** A sentence when presets.json was unreadable and moved aside at start; null otherwise. */
  readonly problem: string | null;
}

/** Leaves out what a preset must never hold: a confidential field's value. */
export function withoutConfidentialValues(fields: readonly PresetField[]): PresetField[] {
  return fields.map((field) => (field.confidential ? { ...field, value: '' } : { ...field }));
}

/** Opens `<dataDir>/presets.json`, moving an unreadable file aside (see readJsonFile). */
export function createPresetStore(dataDir: string, now: () => Date = () => new Date()): PresetStore {
  const path = join(dataDir, 'presets.json');
  const loaded = readJsonFile(path, presetsFileVersion, presetsFileSchema);
  // A Map, not an object: a profile id can never reach Object.prototype.
  const profiles = new Map<string, ProfileEntry>(Object.entries(loaded.value?.profiles ?? {}));
  const entry = (profileId: string): ProfileEntry =>
    structuredClone(profiles.get(profileId) ?? { presets: [], processTypes: [] });

  function update(profileId: string, change: (current: ProfileEntry) => ProfileEntry): void {
    const next = new Map(profiles).set(profileId, change(entry(profileId)));
    writeJsonFileAtomic(path, presetsFileVersion, { profiles: Object.fromEntries(next) });
    profiles.set(profileId, next.get(profileId)!);
  }

  return {
    problem: loaded.problem,
    saved(profileId, { processTypeId, stepName }) {
      return entry(profileId)
        .presets.filter(
          (preset) =>
            (processTypeId === undefined || preset.processTypeId === processTypeId) &&
            (stepName === undefined || preset.stepName === stepName),
        )
        .map((preset) => ({ ...preset, source: 'saved' as const }));
    },
    save(profileId, input) {
      const current = entry(profileId).presets;
      const same = (preset: { processTypeId: string; stepName: string; name: string }) =>
        preset.processTypeId === input.processTypeId &&
        preset.stepName === input.stepName &&
        preset.name === input.name;
      if (!current.some(same) && current.length >= presetLimits.savedPerProfile) {
        throw new Failure(
          'invalid_input',
          `A profile keeps at most ${presetLimits.savedPerProfile} presets; delete one first.`,
        );
      }
      const preset = {
        presetId: current.find(same)?.presetId ?? randomUUID(),
        name: input.name,
        processTypeId: input.processTypeId,
        stepName: input.stepName,
        fields: withoutConfidentialValues(input.fields),
        at: now().toISOString(),
      };
      update(profileId, (old) => ({
        ...old,
        presets: [preset, ...old.presets.filter((other) => !same(other))],
      }));
      return { ...preset, source: 'saved' };
    },
    delete(profileId, presetId) {
      if (!entry(profileId).presets.some((preset) => preset.presetId === presetId)) return false;
      update(profileId, (old) => ({
        ...old,
        presets: old.presets.filter((preset) => preset.presetId !== presetId),
      }));
      return true;
    },
    learnType(profileId, { processTypeId, processTypeName }) {
      const parsed = typeSchema.safeParse({
        processTypeId,
        processTypeName,
        lastSeenAt: now().toISOString(),
      });
      if (!parsed.success) return;
      const known = entry(profileId).processTypes.find((type) => type.processTypeId === processTypeId);
      // Written only when something changed, not on every read of a process of a known type.
      if (known?.processTypeName === parsed.data.processTypeName) return;
      update(profileId, (old) => ({
        ...old,
        processTypes: [
          parsed.data,
          ...old.processTypes.filter((type) => type.processTypeId !== processTypeId),
        ].slice(0, presetLimits.typesPerProfile),
      }));
    },
    types: (profileId) => entry(profileId).processTypes,
    forget(profileId) {
      if (!profiles.has(profileId)) return;
      const next = new Map(profiles);
      next.delete(profileId);
      writeJsonFileAtomic(path, presetsFileVersion, { profiles: Object.fromEntries(next) });
      profiles.delete(profileId);
    },
  };
}
