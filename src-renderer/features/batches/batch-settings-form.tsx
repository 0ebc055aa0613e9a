import { useState, type FormEvent } from 'react';
import type { BatchSettings } from '../../../src-shared/batches';
import { limits } from '../../../src-shared/limits';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { api } from '../../lib/api';
import { setRemote, useRemote } from '../../lib/cache';
import { currentValue } from '../../lib/remote';

/** How fast this profile's batches go: rows at once (1 to 32) and requests per second. */
export function BatchSettingsForm({ profileId }: { profileId: string }) {
  const [remote] = useRemote('batches.settings', { profileId });
  const settings = currentValue(remote);
  // Keyed by profile, not by the values: keyed by the values, a save mounted the form afresh and
  // took the focus off Save settings (to the page's body) with no word that it was saved.
  return settings ? <SettingsFields key={profileId} settings={settings} /> : null;
}

function SettingsFields({ settings }: { settings: BatchSettings }) {
  const [concurrency, setConcurrency] = useState(String(settings.concurrency));
  const [rate, setRate] = useState(String(settings.ratePerSecond));
  const [error, setError] = useState<CallFailure | null>(null);
  const [saved, setSaved] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    const { profileId } = settings;
    const result = await api.batches.settings({
      profileId,
      concurrency: Number(concurrency),
      ratePerSecond: Number(rate),
    });
    setSaved(result.ok);
    if (!result.ok) return setError(result.error);
    setError(null);
    setRemote('batches.settings', { profileId }, result.value);
  }
  return (
    <form aria-label="Batch settings" className="batch-settings" onSubmit={(event) => void save(event)}>
      <label className="field">
        <span>Rows at once</span>
        <input
          type="number"
          min={1}
          max={32}
          value={concurrency}
          onChange={(e) => {
            setConcurrency(e.target.value);
            setSaved(false);
          }}
        />
      </label>
      <label className="field">
        <span>Requests per second</span>
        <input
          type="number"
          min={0.1}
          max={limits.batchRatePerSecond}
          step="any"
          value={rate}
          onChange={(e) => {
            setRate(e.target.value);
            setSaved(false);
          }}
        />
      </label>
      <button type="submit">Save settings</button>
      <span role="status" className="muted">
        {saved ? 'Saved: this profile’s batches go at this pace from now on.' : ''}
      </span>
      {error && <CallError error={error} inline />}
    </form>
  );
}
