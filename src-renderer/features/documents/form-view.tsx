import { useState } from 'react';
import type { ServiceRequestForm } from '../../../src-shared/documents';
import type { TextMasker } from '../../../src-shared/quoted-values';
import { MaskedText } from '../../components/masked-text';

/**
 * A ServiceRequest's groups as labelled sections; empty values are shown empty, not hidden, and
 * the process's confidential values masked, one revealed at a time.
 */
export function FormView({ form, mask }: { form: ServiceRequestForm; mask: TextMasker }) {
  const [revealed, setRevealed] = useState<string | null>(null);
  return (
    <div className="form-view">
      {form.groups.map((group) => (
        <section key={group.name} aria-label={group.name} className="form-group">
          <h3>{group.name}</h3>
          <dl className="facts">
            {group.fields.map((field, index) => (
              <div key={`${field.name}-${index}`} className="form-field">
                <dt>{field.name}</dt>
                <dd className={field.value ? undefined : 'empty-value'}>
                  {field.value ? (
                    <MaskedText
                      text={field.value}
                      mask={mask}
                      at={`${group.name}/${index}`}
                      revealed={revealed}
                      onReveal={setRevealed}
                    />
                  ) : (
                    <span className="visually-hidden">empty</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
