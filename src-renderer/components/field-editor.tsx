import type { z } from 'zod';
import { fieldInputSchema, fieldsInput } from '../../src-shared/api';
import { labelled } from '../../src-shared/input-errors';
import type { FieldError } from '../../src-shared/result';
import { formProblems } from '../lib/form-validation';

/** One row of the field editor; every value is text until sent. */
export interface FieldRow {
  key: string;
  name: string;
  value: string;
  code: string;
  fieldId: string;
  description: string;
  confidential: boolean;
}

/** A new empty row with a fresh field id. */
export function newRow(patch: Partial<FieldRow> = {}): FieldRow {
  return {
    key: crypto.randomUUID(),
    name: '',
    value: '',
    code: '',
    fieldId: crypto.randomUUID(),
    description: '',
    confidential: false,
    ...patch,
  };
}

/** A row as the API takes it: names and codes trimmed, every value sent as Text. */
export function fieldFromRow(row: FieldRow) {
  return {
    name: row.name.trim(),
    value: row.value,
    code: row.code.trim(),
    fieldId: row.fieldId.trim(),
    description: row.description,
    fieldType: 'Text',
    confidential: row.confidential,
  };
}

const labels = {
  name: 'Name',
  code: 'Code',
  fieldId: 'Field id',
  value: 'Value',
  description: 'Description',
};

type RowProblem = Partial<Record<keyof typeof labels, string>>;

/** What the service said about the rows it refused, by row key: per input, or about the whole row. */
export type RefusedRows = Map<string, RowProblem & { row?: string }>;

/**
 * The fields a validation answer named (`fieldErrors`, by position in the request), put on the
 * rows as sent, and kept only while the input (or, for the whole field, the row) is as it was
 * sent: once it is edited the service's words no longer describe it.
 */
export function refusedRows(
  fieldErrors: readonly FieldError[],
  sent: FieldRow[],
  rows: FieldRow[],
): RefusedRows {
  const refused: RefusedRows = new Map();
  for (const { index, input, message } of fieldErrors) {
    const was = sent[index];
    const now = rows.find((row) => row.key === was?.key);
    if (!was || !now) continue;
    const key = input !== null && input in labels ? (input as keyof typeof labels) : null;
    const unchanged = key ? was[key] === now[key] : JSON.stringify(was) === JSON.stringify(now);
    if (!unchanged) continue;
    const problem = refused.get(now.key) ?? {};
    const said = `The service said: ${key ? labelled(labels[key], message) : message}`;
    problem[key ?? 'row'] ??= said;
    refused.set(now.key, problem);
  }
  return refused;
}

/** What keeps the rows from being sent, said where it belongs. */
export interface FieldProblems {
  /** Each row's problems by row key, by input; a repeated code is its code's problem. */
  rows: Map<string, RowProblem>;
  /** A problem of the fields together (too many, too long in all); null when there is none. */
  all: string | null;
}

const fieldsSchema = fieldsInput(fieldInputSchema);

/** The schema main checks the fields with: `steps.complete`'s by default, a batch run's for a batch. */
export type FieldsSchema = z.ZodType;

/**
 * Checks the rows with the schema main checks `steps.complete` with (STYLE rule 18), so a
 * completion that passes here is not refused at main's door: each row, each code once, the size
 * of all values together.
 */
export function validateRows(rows: FieldRow[], schema: FieldsSchema = fieldsSchema): FieldProblems {
  const values = rows.map((row) => ({ ...row, fieldId: row.fieldId.trim() }));
  const problems: FieldProblems = { rows: new Map(), all: null };
  for (const [path, message] of formProblems(schema, values, labels)) {
    const [index = '', input = 'code'] = path.split('.');
    // A rule across rows names the row as a whole (`1`) when it is a code seen before.
    const row = index === '' ? undefined : rows[Number(index)];
    if (!row) {
      problems.all ??= message;
      continue;
    }
    const problem = problems.rows.get(row.key) ?? {};
    problem[input as keyof RowProblem] ??= message;
    problems.rows.set(row.key, problem);
  }
  return problems;
}

/** Edits the fields to send: rows of name, value, code, field id, description, confidential. */
export function FieldEditor({
  rows,
  onChange,
  processId,
  showErrors,
  schema,
  refused,
}: {
  rows: FieldRow[];
  onChange: (rows: FieldRow[]) => void;
  /** What "Use process id" puts in a field id: the process's id, or a batch's `{processId}`. */
  processId: string;
  showErrors: boolean;
  schema?: FieldsSchema;
  /** The service's refusal of rows as sent ({@link refusedRows}), shown beside the console's own checks. */
  refused?: RefusedRows;
}) {
  const problems = validateRows(rows, schema);
  const update = (key: string, patch: Partial<FieldRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  return (
    <div className="field-editor">
      {rows.length === 0 && (
        <p className="muted">No fields: the step will be completed without field data.</p>
      )}
      {showErrors && problems.all && (
        <p role="alert" className="field-error">
          {problems.all}
        </p>
      )}
      {rows.map((row, index) => {
        const own = showErrors ? problems.rows.get(row.key) : undefined;
        const service = refused?.get(row.key);
        const problem = service ? { ...service, ...own } : own;
        return (
          <fieldset key={row.key} className="field-row" aria-label={`Field ${index + 1}`}>
            <legend>Field {index + 1}</legend>
            {service?.row && <p className="field-error">{service.row}</p>}
            <Input
              label="Name"
              value={row.name}
              error={problem?.name}
              onChange={(name) => update(row.key, { name })}
            />
            <Input
              label="Value"
              value={row.value}
              type={row.confidential ? 'password' : 'text'}
              error={problem?.value}
              onChange={(value) => update(row.key, { value })}
            />
            <Input
              label="Code"
              value={row.code}
              error={problem?.code}
              onChange={(code) => update(row.key, { code })}
            />
            <Input
              label="Field id"
              value={row.fieldId}
              error={problem?.fieldId && `${problem.fieldId} (use “New id” or “Use process id”)`}
              onChange={(fieldId) => update(row.key, { fieldId })}
              mono
            />
            <Input
              label="Description"
              value={row.description}
              error={problem?.description}
              onChange={(description) => update(row.key, { description })}
            />
            <label className="checkbox">
              <input
                type="checkbox"
                checked={row.confidential}
                onChange={(event) => update(row.key, { confidential: event.target.checked })}
              />
              Confidential
            </label>
            <div className="button-row">
              <button
                type="button"
                className="small-button"
                onClick={() => update(row.key, { fieldId: crypto.randomUUID() })}
              >
                New id
              </button>
              <button
                type="button"
                className="small-button"
                onClick={() => update(row.key, { fieldId: processId })}
              >
                Use process id
              </button>
              <button
                type="button"
                className="small-button danger"
                aria-label={`Remove field ${index + 1}`}
                onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
              >
                Remove
              </button>
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

function Input({
  label,
  value,
  onChange,
  error,
  type = 'text',
  mono = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: string;
  mono?: boolean;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type={type}
        className={mono ? 'mono' : undefined}
        value={value}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && <span className="field-error">{error}</span>}
    </label>
  );
}
