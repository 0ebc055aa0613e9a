import { useEffect, useRef, useState } from 'react';
import type { BatchRunAnswer, BatchSummary } from '../../../src-shared/batches';
import { batchFieldsInput } from '../../../src-shared/calls-batches';
import type { CallInput } from '../../../src-shared/contract';
import { confirmBatch } from '../../../src-shared/live-confirmation';
import type { ProfileView } from '../../../src-shared/profile';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { ChangeReview } from '../../components/change-review';
import {
  FieldEditor,
  fieldFromRow,
  newRow,
  validateRows,
  type FieldRow,
} from '../../components/field-editor';
import { api } from '../../lib/api';
import { invalidate } from '../../lib/cache';
import { counted } from '../../../src-shared/counted';
import { BatchStepPresets } from './batch-step-presets';
import { stepChoices } from './step-choices';

type Review = Extract<BatchRunAnswer, { kind: 'review' }>;
type BatchAction = CallInput<'batches.run'>['action'];
type RunInput = Omit<CallInput<'batches.run'>, 'confirm'>;

/**
 * The act flow (STYLE rule 14): edit, review what main will send, sending, started. A review keeps
 * the input main reviewed, so Send sends exactly that, whatever the table's choice became since.
 */
type Stage =
  | { name: 'edit' }
  | { name: 'review'; review: Review; input: RunInput }
  | { name: 'sending'; review: Review; input: RunInput }
  | { name: 'started'; count: number };

/**
 * Add a note to, or complete the current step of, the chosen rows (or, none chosen, every read
 * row; for a completion only those at the chosen step). Main answers the review first: the exact
 * request for one row, the count, profile and environment; on a live profile the administrator
 * types the count, and `batches.run` starts only with it.
 */
export function BatchActionPanel({
  batch,
  profile,
  chosen,
}: {
  batch: BatchSummary;
  profile: ProfileView;
  chosen: readonly number[];
}) {
  const [kind, setKind] = useState<'note' | 'complete'>('complete');
  const [contents, setContents] = useState('');
  const [visible, setVisible] = useState(false);
  const [pickedStep, setStepName] = useState<string | null>(null);
  // The step shown is the step used: until one is picked, and when the picked one is no longer
  // offered (the batch was read again), it is the first offered, as the select shows it.
  const steps = stepChoices(batch.counts.steps);
  const stepName = steps.some((step) => step.name === pickedStep) ? pickedStep! : (steps[0]?.name ?? '');
  const [rows, setRows] = useState<FieldRow[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [typed, setTyped] = useState('');
  const [stage, setStage] = useState<Stage>({ name: 'edit' });
  const [error, setError] = useState<CallFailure | null>(null);
  const rowsInput = chosen.length > 0 ? { rows: [...chosen] } : {};
  // Each stage takes away the button that led to it (Review change, Send, New change): focus went
  // to the page's body. It moves to the stage's first control: on a live profile the box the count
  // is typed in, else the review itself; once started, New change; back at the edit, Review change.
  const stageBox = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    const box = stageBox.current;
    if (!moved.current || !box || stage.name === 'sending') return;
    const target =
      stage.name === 'review'
        ? (box.querySelector<HTMLElement>('input') ?? box)
        : box.querySelector<HTMLElement>(stage.name === 'edit' ? 'button.primary' : 'button');
    target?.focus();
  }, [stage.name]);
  const go = (next: Stage) => {
    moved.current = true;
    setStage(next);
  };

  async function review() {
    setShowErrors(true);
    const problems = validateRows(rows, batchFieldsInput);
    if (kind === 'complete' && (problems.rows.size > 0 || problems.all !== null)) return;
    const action: BatchAction =
      kind === 'note'
        ? { kind: 'note', contents, visibleToAccounts: visible }
        : { kind: 'complete', stepName, fields: rows.map(fieldFromRow) };
    const input: RunInput = { batchId: batch.batchId, action, ...rowsInput };
    const result = await api.batches.run(input);
    if (!result.ok) return setError(result.error);
    setError(null);
    if (result.value.kind === 'review') {
      setTyped('');
      go({ name: 'review', review: result.value, input });
    }
  }

  async function send(review: Review, input: RunInput) {
    setStage({ name: 'sending', review, input });
    const result = await api.batches.run({ ...input, confirm: typed });
    if (!result.ok) {
      setError(result.error);
      return setStage({ name: 'review', review, input });
    }
    setError(null);
    invalidate('batches.get', (input) => input.batchId === batch.batchId);
    invalidate('batches.list');
    go({ name: 'started', count: result.value.count });
  }

  const target =
    chosen.length > 0 ? `the ${counted(chosen.length, 'chosen row', 'chosen rows')}` : 'every read row';
  return (
    <section aria-label="Act on rows" className="panel batch-action">
      <h2>Act on {target}</h2>
      <div ref={stageBox} tabIndex={-1} className="stage-box">
        {stage.name === 'edit' && (
          <>
            <fieldset className="segmented">
              <legend>Action</legend>
              <label className="radio">
                <input
                  type="radio"
                  name="batch-action"
                  checked={kind === 'complete'}
                  onChange={() => setKind('complete')}
                />
                Complete current step
              </label>
              <label className="radio">
                <input
                  type="radio"
                  name="batch-action"
                  checked={kind === 'note'}
                  onChange={() => setKind('note')}
                />
                Add note
              </label>
            </fieldset>
            {kind === 'note' ? (
              <>
                <label className="field">
                  <span>Note</span>
                  <textarea rows={3} value={contents} onChange={(event) => setContents(event.target.value)} />
                </label>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={visible}
                    onChange={(event) => setVisible(event.target.checked)}
                  />
                  Visible to accounts
                </label>
              </>
            ) : (
              <>
                <label className="field">
                  <span>Step to complete</span>
                  <select
                    aria-label="Step to complete"
                    value={stepName}
                    onChange={(event) => setStepName(event.target.value)}
                  >
                    {steps.map((step) => (
                      <option key={step.name} value={step.name}>
                        {step.name} ({counted(step.count, 'row', 'rows')})
                      </option>
                    ))}
                  </select>
                  <span className="hint">
                    Rows whose current step has another name are skipped, with the reason.
                  </span>
                </label>
                <BatchStepPresets
                  batch={batch}
                  stepName={stepName}
                  chosen={chosen}
                  fields={rows
                    .filter((row) => row.name.trim() && row.code.trim())
                    .map(({ name, code, value, confidential }) => ({ name, code, value, confidential }))}
                  onApply={(fields) =>
                    setRows(fields.map((field) => newRow({ ...field, fieldId: '{processId}' })))
                  }
                />
                <p className="hint">
                  <code>{'{processId}'}</code> stands for each row&apos;s own process id, as a field id
                  (&quot;Use process id&quot;) and anywhere in a value, e.g. &quot;Accepted for{' '}
                  <code>{'{processId}'}</code>&quot;.
                </p>
                <FieldEditor
                  rows={rows}
                  onChange={setRows}
                  processId="{processId}"
                  showErrors={showErrors}
                  schema={batchFieldsInput}
                />
                <div className="button-row">
                  <button type="button" onClick={() => setRows([...rows, newRow()])}>
                    Add field
                  </button>
                </div>
              </>
            )}
            {error && <CallError error={error} inline />}
            <div className="button-row">
              <button type="button" className="primary" onClick={() => void review()}>
                Review change
              </button>
            </div>
          </>
        )}
        {(stage.name === 'review' || stage.name === 'sending') && (
          <>
            <ChangeReview
              profile={profile}
              operation={stage.input.action.kind === 'note' ? 'addNote' : 'completeStep'}
              request={stage.review.request}
              body={stage.review.request.body}
              facts={
                <>
                  <dt>Action</dt>
                  <dd>{stage.review.action.title}</dd>
                  <dt>Processes</dt>
                  <dd>
                    {stage.review.count.toLocaleString('en')} (the request shown is for{' '}
                    {stage.review.request.externalReference ?? 'the first'}; each gets its own id)
                  </dd>
                  <dt>Sent and skipped</dt>
                  <dd>{stage.review.sentence}</dd>
                  <dt>Headers</dt>
                  <dd>
                    {Object.entries(stage.review.request.headers)
                      .map(([name, value]) => `${name}: ${value}`)
                      .join('; ')}
                  </dd>
                </>
              }
              confirmation={stage.review.confirmation ?? confirmBatch(stage.review.count)}
              typed={typed}
              onTyped={setTyped}
              actions={{
                sendLabel: `Send to ${counted(stage.review.count, 'process', 'processes')}`,
                sendingLabel: 'Starting…',
                sending: stage.name === 'sending',
                onSend: () => void send(stage.review, stage.input),
                cancelLabel: 'Back to the change',
                onCancel: () => go({ name: 'edit' }),
              }}
            />
            {error && <CallError error={error} inline />}
          </>
        )}
        {stage.name === 'started' && (
          <div role="status" className="notice-box">
            <p>
              {/* Said as the run stands now: "on its way" only while it is. */}
              {batch.job.kind === 'run' && batch.job.status !== 'running'
                ? `The change was sent to ${counted(stage.count, 'process', 'processes')} (the run ${batch.job.status === 'finished' ? 'has ended' : `is ${batch.job.status}`}); each row shows its outcome.`
                : `The change is on its way to ${counted(stage.count, 'process', 'processes')}; each row shows its outcome as it ends.`}
            </p>
            <button type="button" onClick={() => go({ name: 'edit' })}>
              New change
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
