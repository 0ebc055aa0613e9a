import type { BatchCreated } from '../../../src-shared/batches';
import { counted } from './batch-state';

/** What the service made of the lines: kept, blank and duplicate lines dropped, bad lines with why. */
export function BatchCreatedReport({ created, onOpen }: { created: BatchCreated; onOpen: () => void }) {
  const { accepted, blankLines, duplicates, rejected, rejectedCount } = created;
  return (
    <section aria-label="Batch made" className="notice-box">
      <p role="status">
        Made “{created.batch.name}” with {counted(accepted, 'process', 'processes')}.{' '}
        {duplicates.toLocaleString('en')} duplicates and {blankLines.toLocaleString('en')} blank lines
        dropped; {rejectedCount.toLocaleString('en')} bad lines.
      </p>
      {rejectedCount > 0 && (
        <details open={rejectedCount <= 20}>
          <summary>
            Bad lines
            {rejectedCount > rejected.length ? ` (the first ${rejected.length.toLocaleString('en')})` : ''}
          </summary>
          <ul aria-label="Bad lines" className="rejected-lines">
            {rejected.map((line) => (
              <li key={line.line}>
                Line {line.line}: <code>{line.input}</code> {line.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="button-row">
        <button type="button" className="primary" onClick={onOpen}>
          Open batch
        </button>
      </div>
    </section>
  );
}
