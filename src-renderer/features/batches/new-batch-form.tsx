import { useState, type FormEvent } from 'react';
import type { BatchCreated } from '../../../src-shared/batches';
import type { CallInput } from '../../../src-shared/contract';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { TextField } from '../../components/text-field';
import { api } from '../../lib/api';
import { invalidate } from '../../lib/cache';
import { BatchCreatedReport } from './batch-created-report';
import { FileSource, InboxSource, type SourceChoice } from './batch-sources';

type Source = 'paste' | 'file' | 'inbox';

/**
 * Makes a batch from pasted lines (one per line; commas or tabs also part them), a CSV or text
 * file (a CSV's column chosen), or the profile's inbox deliveries. The service sorts the lines
 * out and reports what it kept, dropped and refused; the name is optional.
 */
export function NewBatchForm({
  profileId,
  onOpen,
}: {
  profileId: string;
  onOpen: (batchId: string) => void;
}) {
  const [source, setSource] = useState<Source>('paste');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [choice, setChoice] = useState<SourceChoice | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<CallFailure | null>(null);
  const [created, setCreated] = useState<BatchCreated | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    const named = name.trim() === '' ? {} : { name };
    const from = source === 'paste' ? { text } : choice;
    if (!from) return;
    setSending(true);
    const result = await api.batches.create({ profileId, ...named, ...from } as CallInput<'batches.create'>);
    setSending(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setCreated(result.value);
    invalidate('batches.list');
  }

  return (
    <form aria-label="New batch" className="panel new-batch" onSubmit={(event) => void create(event)}>
      <h2>New batch</h2>
      <fieldset className="segmented">
        <legend>Take the processes from</legend>
        {(
          [
            ['paste', 'Pasted lines'],
            ['file', 'A CSV or text file'],
            ['inbox', 'The inbox'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="radio">
            <input
              type="radio"
              name="batch-source"
              checked={source === value}
              onChange={() => {
                setSource(value);
                setChoice(null);
                setError(null);
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {source === 'paste' && (
        <label className="field">
          <span>Process ids or external references</span>
          <textarea
            rows={8}
            value={text}
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
          />
          <span className="hint">One per line; commas or tabs also separate them. Up to 10,000.</span>
        </label>
      )}
      {source === 'file' && <FileSource onChoice={setChoice} />}
      {source === 'inbox' && <InboxSource profileId={profileId} onChoice={setChoice} />}
      <TextField label="Name (optional)" value={name} onChange={setName} />
      {error && <CallError error={error} inline />}
      <div className="button-row">
        <button
          type="submit"
          className="primary"
          disabled={sending || (source === 'paste' ? text.trim() === '' : choice === null)}
        >
          {sending ? 'Making batch…' : 'Make batch'}
        </button>
      </div>
      {created && <BatchCreatedReport created={created} onOpen={() => onOpen(created.batch.batchId)} />}
    </form>
  );
}
