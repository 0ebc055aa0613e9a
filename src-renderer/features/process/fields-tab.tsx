import { useState } from 'react';
import type { Process } from '../../../src-shared/api';
import { ConfidentialValue } from '../../components/confidential-value';

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
              <td>
                <div className="field-value">
                  {field.confidential ? (
                    <ConfidentialValue
                      value={field.value}
                      label={field.name}
                      shown={shown}
                      onToggle={() => setRevealed(shown ? null : key)}
                    />
                  ) : (
                    field.value
                  )}
                </div>
              </td>
              <td>
                {/* The space lets the badge go under the type in a narrow column. */}
                {field.fieldType} {field.confidential && <span className="badge">Confidential</span>}
              </td>
              <td>
                <code className="small mono-id">{field.fieldId}</code>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
