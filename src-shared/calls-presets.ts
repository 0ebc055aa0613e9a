import { z } from 'zod';
import { call, profileId } from './call-spec';
import { stepText } from './step-text';

/**
 * Field presets for a step and the process types a profile has met: named field sets kept per
 * profile, process type and step name, the sets used before on that step (read from the audit),
 * and the types learned from every process read (the API has no list of them).
 */

/** A field of a preset. A confidential field keeps its name and code only: its value is never kept. */
export const presetFieldSchema = z.strictObject({
  name: z.string().trim().min(1, 'is required').max(200),
  code: z.string().trim().min(1, 'is required').max(200),
  value: z.string().max(10_000),
  confidential: z.boolean(),
});
/** One field of a preset. */
export type PresetField = z.infer<typeof presetFieldSchema>;

/** Which step a preset is for: the process type's id and the step's name, on one profile. */
const presetScope = {
  profileId,
  processTypeId: z.string().trim().min(1, 'is required').max(200),
  stepName: stepText('is required'),
};

/** A named field set, as saved, or a set used before on the step (`source: 'used'`). */
export interface FieldPreset {
  /** A UUID for a saved preset; `used:<n>` for a set read from the audit. */
  presetId: string;
  name: string;
  processTypeId: string;
  stepName: string;
  fields: PresetField[];
  /** When it was saved, or when the completion it comes from was sent. */
  at: string;
  source: 'saved' | 'used';
}

/** A process type the profile has met, by name. */
export interface KnownProcessType {
  processTypeId: string;
  processTypeName: string;
  lastSeenAt: string;
}

/** Presets kept per profile; field sets used before that are offered per step. */
export const presetLimits = { savedPerProfile: 200, usedOffered: 5, typesPerProfile: 200 } as const;

export const presetCalls = {
  /** Saved presets and the sets used before, for a step of a process type (or all of the profile's). */
  'presets.list': call<{ saved: FieldPreset[]; used: FieldPreset[] }>()(
    z
      .object({
        profileId,
        processTypeId: presetScope.processTypeId.optional(),
        stepName: presetScope.stepName.optional(),
      })
      .strict(),
  ),
  /** Saves the fields as a named preset; a preset of the same name for the step is replaced. */
  'presets.save': call<FieldPreset>()(
    z
      .object({
        ...presetScope,
        name: z.string().trim().min(1, 'is required: give the preset a name').max(100),
        fields: z.array(presetFieldSchema).min(1, 'needs at least one field').max(200),
      })
      .strict(),
  ),
  'presets.delete': call<{ deleted: boolean }>()(
    z.object({ profileId, presetId: z.uuid('is not a saved preset') }).strict(),
  ),
  /** The process types this profile has read, most recently seen first. */
  'processTypes.list': call<KnownProcessType[]>()(z.object({ profileId }).strict()),
} as const;
