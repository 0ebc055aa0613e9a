import { useEffect, useRef, useState } from 'react';
import type { BatchProgress, BatchSummary } from '../../../src-shared/batches';
import { counted } from '../../../src-shared/counted';
import type { CallError as CallFailure, Result } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { api } from '../../lib/api';
import { invalidate } from '../../lib/cache';
import { useBatchProgress } from './batch-progress-store';
import { BatchResumeValues } from './batch-resume-values';
import { jobText } from './batch-state';

/**
 * Read / Pause / Resume / Cancel and the bar: done of total, rate and time left, from the
 * `batch.progress` event while one arrives, else from the batch's own counts. Why a job paused
 * itself (the service stopped answering) is said in a sentence above the buttons.
 */
export function BatchProgressPanel({ batch }: { batch: BatchSummary }) {
  const event = useBatchProgress((state) => state.byBatch[batch.batchId]);
  const [error, setError] = useState<CallFailure | null>(null);
  const { job } = batch;
  const progress = event ?? fromCounts(batch);
  const status = job.kind === 'idle' ? null : job.status;
  const reason = job.kind === 'idle' ? null : (job.reason ?? event?.reason ?? null);

  // Read, Pause and Resume each take their button away (Pause, Resume, Read stand in its place),
  // and a job that ends takes Pause away: focus fell to the page's body. When the focus was in
  // this row it moves to the button now there (or, none enabled, the panel), without scrolling.
  const panel = useRef<HTMLElement>(null);
  const buttons = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    const active = document.activeElement;
    if (!hadFocus.current || (active !== null && active !== document.body)) return;
    const next = buttons.current?.querySelector<HTMLButtonElement>('button:not(:disabled)') ?? panel.current;
    next?.focus({ preventScroll: true });
  }, [status]);

  async function act(call: () => Promise<Result<BatchSummary>>) {
    const result = await call();
    if (!result.ok) return setError(result.error);
    setError(null);
    invalidate('batches.get', (input) => input.batchId === batch.batchId);
    invalidate('batches.list');
  }
  const id = { batchId: batch.batchId };
  const unread = batch.counts.read.unread;
  const needed = job.kind === 'idle' || status !== 'paused' ? [] : job.needsValues;

  return (
    <section aria-label="Progress" className="batch-progress" ref={panel} tabIndex={-1}>
      <p>
        <strong>{jobText(job)}</strong>
        {progress && (
          <span className="muted">
            {' '}
            · {progress.done.toLocaleString('en')} of {progress.total.toLocaleString('en')}
            {progress.ratePerSecond > 0 && ` · ${progress.ratePerSecond.toFixed(1)} rows per second`}
            {progress.secondsLeft !== null &&
              status === 'running' &&
              ` · ${timeLeft(progress.secondsLeft)} left`}
          </span>
        )}
      </p>
      {progress && (
        <progress
          aria-label={`${job.kind === 'run' ? 'Run' : 'Read'} progress`}
          max={Math.max(progress.total, 1)}
          value={progress.done}
        />
      )}
      {reason && <p className="warning-box">{reason}</p>}
      {error && <CallError error={error} inline />}
      {needed.length > 0 && <BatchResumeValues batch={batch} needed={needed} />}
      <div
        className="button-row"
        ref={buttons}
        onFocus={() => (hadFocus.current = true)}
        // Focus moved on to another control: not ours to move back. (A removed button's blur has none.)
        onBlur={(event) => (hadFocus.current = event.relatedTarget === null)}
      >
        {status !== 'running' && status !== 'paused' && (
          <button type="button" disabled={unread === 0} onClick={() => void act(() => api.batches.read(id))}>
            {unread === 0 ? 'All rows read' : `Read ${counted(unread, 'row', 'rows')}`}
          </button>
        )}
        {status === 'running' && (
          <button type="button" onClick={() => void act(() => api.batches.pause(id))}>
            Pause
          </button>
        )}
        {status === 'paused' && needed.length === 0 && (
          <button type="button" className="primary" onClick={() => void act(() => api.batches.resume(id))}>
            Resume
          </button>
        )}
        {(status === 'running' || status === 'paused') && (
          <button type="button" className="danger" onClick={() => void act(() => api.batches.cancel(id))}>
            Cancel
          </button>
        )}
      </div>
    </section>
  );
}

/** Before any event: how far the batch's last job got, from its counts. */
function fromCounts(
  batch: BatchSummary,
): Pick<BatchProgress, 'done' | 'total' | 'ratePerSecond' | 'secondsLeft'> | null {
  const { job, counts } = batch;
  if (job.kind === 'idle') return null;
  if (job.kind === 'read') {
    const done = counts.read.read + counts.read.failed;
    return { done, total: done + counts.read.queued, ratePerSecond: 0, secondsLeft: null };
  }
  const { queued, sending, none: _none, ...ended } = counts.action;
  const done = Object.values(ended).reduce((sum, count) => sum + count, 0);
  return { done, total: done + queued + sending, ratePerSecond: 0, secondsLeft: null };
}

function timeLeft(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
