import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { startProcessInputSchema } from '../../../src-shared/api';
import { confirmProcessType } from '../../../src-shared/live-confirmation';
import type { ProfileView } from '../../../src-shared/profile';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { ChangeReview, reviewConfirmed } from '../../components/change-review';
import { api } from '../../lib/api';
import { useRemote } from '../../lib/cache';
import { currentValue } from '../../lib/remote';
import { focusFirstProblem } from '../../lib/focus-first-problem';
import { formProblems } from '../../lib/form-validation';
import { useNavigation } from '../../lib/navigation';
import { processStarted } from '../../lib/process-cache';
import { Checkbox } from '../../components/checkbox';

interface TextField {
  key: string;
  name: string;
  code: string;
  value: string;
  fieldId: string;
  confidential: boolean;
}

const blankField = (): TextField => ({
  key: crypto.randomUUID(),
  name: '',
  code: '',
  value: '',
  fieldId: crypto.randomUUID(),
  confidential: false,
});

const labels = {
  processTypeId: 'Process type id',
  name: 'Name',
  code: 'Code',
  value: 'Value',
  contents: 'Note',
};

/** A Text field's inputs, one column each. */
const rowInputs = ['name', 'code', 'value'] as const;

/**
 * Starts a process: its type id, optional notes and Text fields; no account is needed. The review
 * below the form shows what will be sent and, on a live profile, asks for the typed type id.
 */
export function StartProcessScreen({ profile }: { profile: ProfileView }) {
  const profileId = profile.id;
  const openProcess = useNavigation((state) => state.openProcess);
  const [processType, setProcessType] = useState('');
  const listId = useId();
  // The types this profile has read, by name: the API has no list of them.
  const [types, reloadTypes] = useRemote('processTypes.list', { profileId });
  const knownTypes = currentValue(types) ?? [];
  // Every process read since this screen was last open may have taught main a type: ask afresh.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit, not on every render's new reload function.
  useEffect(() => reloadTypes(), [profileId]);
  const named = knownTypes.find((type) => type.processTypeName === processType.trim());
  const processTypeId = named?.processTypeId ?? processType;
  const [note, setNote] = useState('');
  const [fields, setFields] = useState<TextField[]>([]);
  const [error, setError] = useState<CallFailure | null>(null);
  // After an unknown outcome the process may exist: starting again needs the user's word.
  const [unknown, setUnknown] = useState(false);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  // Rows that were there at a Review: a row added later is not told off before it is typed in.
  const [checkedRows, setCheckedRows] = useState<ReadonlySet<string>>(new Set());
  const [typed, setTyped] = useState('');
  // The request is sent only from its review, which shows exactly what goes.
  const [reviewing, setReviewing] = useState(false);
  const intent = useRef(crypto.randomUUID());
  const request = {
    processTypeId: processTypeId.trim(),
    accounts: [],
    notes: note.trim() ? [{ contents: note, visibleToAccounts: false }] : [],
    fields: fields.map(({ name, code, value, fieldId, confidential }) => ({
      name,
      code,
      value,
      fieldId,
      confidential,
      fieldType: 'Text' as const,
      description: '',
    })),
  };
  // The contract's schema for the request body states every rule and its sentence.
  const problems = formProblems(startProcessInputSchema, request, labels);
  // A name the profile has not met yet is no malformed GUID: say what is missing and how to get it.
  // A space, or letters without a dash ("Pothole report", "Pothole"), reads as a name; "not-a-guid"
  // as a mistyped id.
  const typedName =
    !named && (/\s/.test(request.processTypeId) || /^[^-]*[g-z][^-]*$/i.test(request.processTypeId))
      ? request.processTypeId
      : null;
  const typeError =
    problems.get('processTypeId') &&
    (typedName
      ? `No process type named "${typedName}" is known to this profile yet: open one process of that ` +
        'type (the console learns its name), or enter the last GUID of its set-up address.'
      : problems.get('processTypeId'));
  const confirmation = confirmProcessType(request.processTypeId);
  const confirmed = reviewConfirmed(profile, confirmation, typed);
  // Each input's problem under that input; a problem of the row as a whole below the row.
  const inputError = (index: number, key: string) => problems.get(`fields.${index}.${key}`);
  const rowError = (index: number) =>
    [...problems].find(
      ([path]) =>
        (path === `fields.${index}` || path.startsWith(`fields.${index}.`)) &&
        !rowInputs.some((key) => path === `fields.${index}.${key}`),
    )?.[1];
  const noteError = [...problems].find(([path]) => path.startsWith('notes.'))?.[1];

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    setCheckedRows(new Set(fields.map((field) => field.key)));
    if (problems.size === 0) setReviewing(true);
    else focusFirstProblem(event.currentTarget);
  }
  // Marks an input whose path has a problem, once the user has tried to go on.
  const invalid = (path: string) =>
    touched && [...problems.keys()].some((at) => at === path || at.startsWith(`${path}.`)) ? true : undefined;

  async function submit() {
    if (problems.size > 0 || busy || !confirmed) return;
    setBusy(true);
    setError(null);
    const result = await api.processes.start({
      profileId,
      intentId: intent.current,
      ...request,
      ...(profile.environment === 'live' ? { confirmation: typed } : {}),
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      setUnknown(result.error.code === 'outcome_unknown');
      setChecked(false);
      return;
    }
    intent.current = crypto.randomUUID();
    // The reply is the process: it opens from it, without asking the service again.
    processStarted(profileId, result.value);
    openProcess(result.value.processId);
  }

  const update = (key: string, patch: Partial<TextField>) =>
    setFields(fields.map((field) => (field.key === key ? { ...field, ...patch } : field)));

  return (
    <div className="screen">
      <header className="screen-header">
        <h1>Start a process</h1>
        <span className="muted">with the profile {profile.name}</span>
      </header>
      <form className="form panel" onSubmit={review} noValidate aria-label="Start a process">
        <label className="field">
          <span>Process type id or name</span>
          <input
            className="mono"
            value={processType}
            list={listId}
            autoComplete="off"
            onChange={(event) => setProcessType(event.target.value)}
            aria-invalid={invalid('processTypeId')}
          />
          <datalist id={listId}>
            {knownTypes.map((type) => (
              <option key={type.processTypeId} value={type.processTypeName}>
                {type.processTypeId}
              </option>
            ))}
          </datalist>
          <span className="hint">
            {named
              ? `${named.processTypeName}: ${named.processTypeId}`
              : knownTypes.length > 0
                ? 'A type this profile has read, by name, or the last GUID of its set-up address'
                : 'The last GUID of the process type’s set-up address; types you open are offered by name'}
          </span>
          {touched && typeError && <span className="field-error">{typeError}</span>}
        </label>
        <label className="field">
          <span>First note (optional)</span>
          <textarea
            rows={2}
            value={note}
            aria-invalid={invalid('notes')}
            onChange={(event) => setNote(event.target.value)}
          />
          {touched && noteError && <span className="field-error">{noteError}</span>}
        </label>
        <h2>Text fields</h2>
        {fields.map((field, index) => {
          const checked = checkedRows.has(field.key);
          return (
            <fieldset key={field.key} className="field-row" aria-label={`Field ${index + 1}`}>
              <legend>Field {index + 1}</legend>
              {rowInputs.map((key) => {
                const problem = checked ? inputError(index, key) : undefined;
                return (
                  <label key={key} className="field">
                    <span>{key[0]!.toUpperCase() + key.slice(1)}</span>
                    <input
                      value={field[key]}
                      type={key === 'value' && field.confidential ? 'password' : 'text'}
                      aria-invalid={problem ? true : undefined}
                      onChange={(event) => update(field.key, { [key]: event.target.value })}
                    />
                    {problem && <span className="field-error">{problem}</span>}
                  </label>
                );
              })}
              {checked && rowError(index) && <p className="field-error field-row-wide">{rowError(index)}</p>}
              <div className="button-row">
                <Checkbox
                  checked={field.confidential}
                  onChange={(confidential) => update(field.key, { confidential })}
                >
                  Confidential
                </Checkbox>
                <button
                  type="button"
                  className="small-button danger"
                  onClick={() => setFields(fields.filter((other) => other.key !== field.key))}
                >
                  Remove
                </button>
              </div>
            </fieldset>
          );
        })}
        {/* A rule of the fields together (too many, too long in all), or Review would do nothing unsaid. */}
        {touched && problems.get('fields') && <p className="field-error">{problems.get('fields')}</p>}
        <div className="button-row">
          <button type="button" onClick={() => setFields([...fields, blankField()])}>
            Add field
          </button>
        </div>
        {reviewing ? (
          <>
            {unknown && (
              <Checkbox checked={checked} onChange={setChecked}>
                I looked it up: the process was not started, start it (again, with the same request key)
              </Checkbox>
            )}
            <ChangeReview
              profile={profile}
              operation="startProcess"
              body={{ ...request, documents: [] }}
              confirmation={confirmation}
              typed={typed}
              onTyped={setTyped}
              actions={{
                sendLabel: 'Start process',
                sendingLabel: 'Starting…',
                sending: busy,
                held: unknown && !checked,
                onSend: () => void submit(),
                onCancel: () => setReviewing(false),
              }}
            />
          </>
        ) : (
          <div className="button-row">
            <span className="spacer" />
            <button type="submit" className="primary">
              Review
            </button>
          </div>
        )}
        {error && <CallError error={error} inline />}
      </form>
    </div>
  );
}
