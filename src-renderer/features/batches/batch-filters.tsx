import { useState } from 'react';
import type { BatchCounts } from '../../../src-shared/batches';
import { batchRowFilter } from '../../../src-shared/calls-batches';
import { labelled } from '../../../src-shared/input-errors';
import { stepChoices } from './step-choices';
import type { BatchQuery } from './use-batch-rows';

/** The table's filter as `batches.get` takes it. */
export type BatchFilter = BatchQuery['filter'];

/**
 * Narrows the table: current step name and kind (the choices are the steps the read found),
 * waiting longer than N hours or days, failed REST step, failed read. Changing a filter keeps
 * the chosen rows; "Select all filtered" adds the ones it shows.
 */
export function BatchFilters({
  steps,
  filter,
  onChange,
}: {
  steps: BatchCounts['steps'];
  filter: BatchFilter;
  onChange: (filter: BatchFilter) => void;
}) {
  const [waiting, setWaiting] = useState('');
  const [unit, setUnit] = useState<'hours' | 'days'>('days');
  const [waitingProblem, setWaitingProblem] = useState<string | null>(null);
  const kinds = [...new Set(steps.map((step) => step.kind))].sort();
  const set = (patch: Partial<BatchFilter>) => {
    const next: Record<string, unknown> = { ...filter, ...patch };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    onChange(next as BatchFilter);
  };
  const setWaitingFilter = (text: string, per: 'hours' | 'days') => {
    setWaiting(text);
    setUnit(per);
    const hours = Number(text) * (per === 'days' ? 24 : 1);
    // The contract's rule, checked here: a refused filter would replace the whole table with an error.
    const checked = batchRowFilter.shape.waitingLongerThanHours.safeParse(hours);
    const problem =
      text.trim() === '' || checked.success
        ? null
        : labelled('Waiting longer than', checked.error.issues[0]?.message ?? 'is not a number');
    setWaitingProblem(problem);
    set({ waitingLongerThanHours: text.trim() !== '' && checked.success ? checked.data : undefined });
  };

  return (
    <fieldset className="batch-filters">
      <legend>Filter rows</legend>
      <label className="field">
        <span>Current step</span>
        <select
          aria-label="Current step"
          value={filter.stepName ?? ''}
          onChange={(event) => set({ stepName: event.target.value || undefined })}
        >
          <option value="">Any step</option>
          {stepChoices(steps).map((step) => (
            <option key={step.name} value={step.name}>
              {step.name} ({step.count.toLocaleString('en')})
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Step kind</span>
        <select
          value={filter.kind ?? ''}
          onChange={(event) => set({ kind: event.target.value || undefined })}
        >
          <option value="">Any kind</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Waiting longer than</span>
        <input
          type="number"
          min={0}
          inputMode="numeric"
          value={waiting}
          onChange={(event) => setWaitingFilter(event.target.value, unit)}
          aria-invalid={waitingProblem !== null}
        />
      </label>
      <label className="field">
        <span>Unit</span>
        <select
          value={unit}
          onChange={(event) => setWaitingFilter(waiting, event.target.value as 'hours' | 'days')}
        >
          <option value="hours">hours</option>
          <option value="days">days</option>
        </select>
      </label>
      {waitingProblem && (
        <p role="alert" className="field-error">
          {waitingProblem}
        </p>
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={filter.restFailed === true}
          onChange={(event) => set({ restFailed: event.target.checked || undefined })}
        />
        REST step failed
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={filter.readFailed === true}
          onChange={(event) => set({ readFailed: event.target.checked || undefined })}
        />
        Read failed
      </label>
    </fieldset>
  );
}
