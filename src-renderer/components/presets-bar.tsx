import { useId, useState, type FormEvent } from 'react';
import type { FieldPreset, PresetField } from '../../src-shared/calls-presets';
import type { CallError as CallFailure } from '../../src-shared/result';
import { CallError } from './call-error';
import { api } from '../lib/api';
import { useRemote } from '../lib/cache';
import { focusFirstProblem } from '../lib/focus-first-problem';
import { currentValue } from '../lib/remote';

/**
 * The field sets this step took before (from the audit) and the presets saved for it, each one
 * click; and saving the current fields as a named preset. Presets are kept per profile, process
 * type and step name; a confidential field keeps its name and code, never its value.
 */
export function PresetsBar({
  profileId,
  processTypeId,
  stepName,
  fields,
  onApply,
}: {
  profileId: string;
  processTypeId: string;
  stepName: string;
  /** The fields as they are now, for Save. */
  fields: PresetField[];
  onApply: (fields: PresetField[]) => void;
}) {
  const [remote, reload] = useRemote('presets.list', { profileId, processTypeId, stepName });
  const [name, setName] = useState('');
  const [error, setError] = useState<CallFailure | null>(null);
  const [saveError, setSaveError] = useState<CallFailure | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const lists = currentValue(remote);
  const errorId = useId();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const result = await api.presets.save({ profileId, processTypeId, stepName, name, fields });
    if (!result.ok) {
      // The name box is marked and focused, its sentence read with it, so the user sees why at once.
      setSaveError(result.error);
      return focusFirstProblem(form);
    }
    setSaveError(null);
    setSaved(result.value.name);
    setName('');
    reload();
  }

  async function remove(preset: FieldPreset) {
    const result = await api.presets.delete({ profileId, presetId: preset.presetId });
    if (!result.ok) return setError(result.error);
    reload();
  }

  return (
    <section className="presets" aria-label="Field presets">
      <p className="hint">
        {lists && lists.used.length + lists.saved.length > 0
          ? 'Fill a set of fields used before on this step, or a saved preset, in one click.'
          : 'The fields this step is completed with, and presets you save, are offered here from then on.'}{' '}
        Confidential values are never kept in presets: type them each time.
      </p>
      {remote.status === 'error' && <CallError error={remote.error} inline onRetry={reload} />}
      {lists && lists.used.length > 0 && (
        <div className="preset-group" role="group" aria-label="Used before on this step">
          <span className="small muted">Used before on this step</span>
          {lists.used.map((preset) => (
            <button
              key={preset.presetId}
              type="button"
              className="small-button"
              onClick={() => onApply(preset.fields)}
            >
              {preset.name}
            </button>
          ))}
        </div>
      )}
      {lists && lists.saved.length > 0 && (
        <div className="preset-group" role="group" aria-label="Saved presets">
          <span className="small muted">Saved presets</span>
          {lists.saved.map((preset) => (
            <span key={preset.presetId} className="preset">
              <button type="button" className="small-button" onClick={() => onApply(preset.fields)}>
                {preset.name}
              </button>
              <button
                type="button"
                className="small-button danger"
                aria-label={`Delete preset ${preset.name}`}
                onClick={() => void remove(preset)}
              >
                ×
              </button>
            </span>
          ))}
        </div>
      )}
      {fields.length > 0 && (
        <form className="preset-save" onSubmit={save} aria-label="Save as preset">
          <label className="field">
            <span>Preset name</span>
            <input
              value={name}
              maxLength={100}
              aria-invalid={saveError ? true : undefined}
              aria-describedby={saveError ? errorId : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setSaveError(null);
              }}
            />
          </label>
          <button type="submit" disabled={!name.trim()}>
            Save fields as preset
          </button>
          {saved && (
            <span role="status" className="small">
              Saved “{saved}” for {stepName}.
            </span>
          )}
        </form>
      )}
      {saveError && (
        <div id={errorId}>
          <CallError error={saveError} inline />
        </div>
      )}
      {error && <CallError error={error} inline />}
    </section>
  );
}
