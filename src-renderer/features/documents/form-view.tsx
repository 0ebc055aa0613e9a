import type { ServiceRequestForm } from '../../../src-shared/documents';

/** A ServiceRequest's groups as labelled sections; empty values are shown empty, not hidden. */
export function FormView({ form }: { form: ServiceRequestForm }) {
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
                  {field.value || <span className="visually-hidden">empty</span>}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
