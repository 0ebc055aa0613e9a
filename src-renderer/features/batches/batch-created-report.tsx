import { useEffect, useRef } from 'react';
import type { BatchCreated } from '../../../src-shared/batches';
import { counted } from '../../../src-shared/counted';

/** What the service made of the lines: kept, blank and duplicate lines dropped, bad lines with why. */
export function BatchCreatedReport({ created, onOpen }: { created: BatchCreated; onOpen: () => void }) {
  const { accepted, blankLines, duplicates, rejected, rejectedCount } = created;
  // Make batch is disabled while it sends, which dropped the focus to the page's body; it goes to
  // what comes next, Open batch, for each batch made.
  const open = useRef<HTMLButtonElement>(null);
  useEffect(() => open.current?.focus(), [created.batch.batchId]);
  return (
    <section aria-label="Batch made" className="notice-box">
      <p role="status">
        Made “{created.batch.name}” with {counted(accepted, 'process', 'processes')}.{' '}
        {counted(duplicates, 'duplicate', 'duplicates')} and{' '}
        {counted(blankLines, 'blank line', 'blank lines')} dropped;{' '}
        {counted(rejectedCount, 'bad line', 'bad lines')}.
      </p>
      {rejectedCount > 0 && (
        <details open={rejectedCount <= 20}>
          <summary>
            Bad lines
            {rejectedCount > rejected.length ? ` (the first ${rejected.length.toLocaleString('en')})` : ''}
          </summary>
          <ul aria-label="Bad lines" className="rejected-lines">
            {rejected.map((line, index) => (
              // Several items of one pasted line (split on commas or tabs) share its number.
              <li key={`${line.line}:${index}`}>
                Line {line.line}: <code>{line.input}</code> {line.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="button-row">
        <button type="button" className="primary" onClick={onOpen} ref={open}>
          Open batch
        </button>
      </div>
    </section>
  );
}
