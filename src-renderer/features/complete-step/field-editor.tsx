import { fieldInputSchema } from '../../../src-shared/api';
import { formProblems } from '../../lib/form-validation';

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

const labels = {
  name: 'Name',
  code: 'Code',
  fieldId: 'Field id',
  value: 'Value',
  description: 'Description',
};

type RowProblem = Partial<Record<keyof typeof labels, string>>;

/** Row problems by row key, as the contract's field schema states them; empty when all can be sent. */
export function validateRows(rows: FieldRow[]): Map<string, RowProblem> {
  const problems = new Map<string, RowProblem>();
  for (const row of rows) {
    const found = formProblems(fieldInputSchema, { ...row, fieldId: row.fieldId.trim() }, labels);
    if (found.size) problems.set(row.key, Object.fromEntries(found) as RowProblem);
  }
  return problems;
}

/** Edits the fields to send: rows of name, value, code, field id, description, confidential. */
export function FieldEditor({
  rows,
  onChange,
  processId,
  showErrors,
}: {
  rows: FieldRow[];
  onChange: (rows: FieldRow[]) => void;
  processId: string;
  showErrors: boolean;
}) {
  const problems = validateRows(rows);
  const update = (key: string, patch: Partial<FieldRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  return (
    <div className="field-editor">
      {rows.length === 0 && (
        <p className="muted">No fields: the step will be completed without field data.</p>
      )}
      {rows.map((row, index) => {
        const problem = showErrors ? problems.get(row.key) : undefined;
        return (
          <fieldset key={row.key} className="field-row" aria-label={`Field ${index + 1}`}>
            <legend>Field {index + 1}</legend>
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
