import type { DomainHandlers } from './handler-types';
import { usedFieldSets } from '../core/presets/used-field-sets';

/** Field presets for a step, and the process types a profile has met. */
export const presetsHandlers: DomainHandlers<'presets' | 'processTypes'> = {
  'presets.list': async (core, { profileId, processTypeId, stepName }) => {
    const id = core.profiles.get(profileId).id;
    const saved = core.presets.saved(id, { processTypeId, stepName });
    // Sets used before are offered for one step of one type; a wider question lists saved ones only.
    const used =
      processTypeId !== undefined && stepName !== undefined
        ? await usedFieldSets(core.audit, id, processTypeId, stepName)
        : [];
    return { saved, used };
  },
  'presets.save': (core, { profileId, ...preset }) =>
    core.presets.save(core.profiles.get(profileId).id, preset),
  'presets.delete': (core, { profileId, presetId }) => ({
    deleted: core.presets.delete(core.profiles.get(profileId).id, presetId),
  }),
  'processTypes.list': (core, { profileId }) => core.presets.types(core.profiles.get(profileId).id),
};
