import { useState, type FormEvent } from 'react';
import type { BatchSummary, NeededValue } from '../../../src-shared/batches';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { api } from '../../lib/api';
import { invalidate } from '../../lib/cache';

/**
 * A paused run whose confidential values main no longer holds (the console restarted): one masked
 * input per field the run needs, by name and code, and Resume sends them as `fields`. Main checks
 * them against the run's own fields; the values stay in this form's state and are dropped on send.
 */
export function BatchResumeValues({ batch, needed }: { batch: BatchSummary; needed: NeededValue[] }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<CallFailure | null>(null);
  const missing = needed.filter((field) => !values[field.code]);

  async function resume(event: FormEvent) {
    event.preventDefault();
    if (missing.length > 0) return;
    setSending(true);
    const fields = needed.map((field) => ({
      name: field.name,
      code: field.code,
      value: values[field.code]!,
      // Main takes only code and value from a resume; the field id is the run's own.
      fieldId: '{processId}',
      confidential: true,
    }));
    const result = await api.batches.resume({ batchId: batch.batchId, fields });
    setSending(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setValues({});
    invalidate('batches.get', (input) => input.batchId === batch.batchId);
    invalidate('batches.list');
  }

  return (
    <form aria-label="Values to resume with" className="resume-values" onSubmit={(e) => void resume(e)}>
      {needed.map((field) => (
        <label key={field.code} className="field">
          <span>
            {field.name} <code>{field.code}</code>
          </span>
          <input
            type="password"
            autoComplete="off"
            value={values[field.code] ?? ''}
            onChange={(event) => setValues({ ...values, [field.code]: event.target.value })}
          />
        </label>
      ))}
      {error && <CallError error={error} inline />}
      <div className="button-row">
        <button type="submit" className="primary" disabled={sending || missing.length > 0}>
          {sending ? 'Resuming…' : 'Resume with these values'}
        </button>
      </div>
    </form>
  );
}
