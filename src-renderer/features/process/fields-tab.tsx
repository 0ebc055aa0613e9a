import { useState } from 'react';
import type { Process } from '../../../src-shared/api';
import { confidentialMask } from '../../../src-shared/logs';

/** The process's fields; confidential values stay masked until revealed, one at a time. */
export function FieldsTab({ process }: { process: Process }) {
  const [revealed, setRevealed] = useState<string | null>(null);
  if (process.fields.length === 0) return <p className="muted empty">This process has no fields.</p>;
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Code</th>
          <th scope="col">Value</th>
          <th scope="col">Type</th>
          <th scope="col">Field id</th>
        </tr>
      </thead>
      <tbody>
        {process.fields.map((field) => {
          const key = `${field.fieldId}|${field.code}`;
          const shown = !field.confidential || revealed === key;
          return (
            <tr key={key}>
              <td>
                {field.name}
                {field.description && <span className="hint block">{field.description}</span>}
              </td>
              <td>
                <code>{field.code}</code>
              </td>
              <td className="field-value">
                {shown ? field.value : <span aria-label="Confidential value hidden">{confidentialMask}</span>}
                {field.confidential && (
                  <button
                    type="button"
                    className="small-button"
                    onClick={() => setRevealed(shown ? null : key)}
                    aria-label={shown ? `Hide ${field.name}` : `Reveal ${field.name}`}
                  >
                    {shown ? 'Hide' : 'Reveal'}
                  </button>
                )}
              </td>
              <td>
                {field.fieldType}
                {field.confidential && <span className="badge">Confidential</span>}
              </td>
              <td>
                <code className="small">{field.fieldId}</code>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
