import { defaultEndpoints, operations, type Operation } from '../../../src-shared/profile';

type Overrides = Partial<Record<Operation, { method: string; path: string }>>;

/** The endpoint map: one row per operation; an empty path keeps the default shown as placeholder. */
export function EndpointTable({
  endpoints,
  errorFor,
  onChange,
}: {
  endpoints: Overrides;
  errorFor: (operation: Operation) => string | undefined;
  onChange: (endpoints: Overrides) => void;
}) {
  return (
    <table className="endpoint-table">
      <caption>Endpoint map (empty rows use the default shown)</caption>
      <thead>
        <tr>
          <th scope="col">Operation</th>
          <th scope="col">Method</th>
          <th scope="col">Path</th>
        </tr>
      </thead>
      <tbody>
        {operations.map((operation) => {
          const override = endpoints[operation];
          const setOverride = (patch: Partial<{ method: string; path: string }>) =>
            onChange({
              ...endpoints,
              [operation]: {
                method: override?.method ?? defaultEndpoints[operation].method,
                path: override?.path ?? '',
                ...patch,
              },
            });
          const error = errorFor(operation);
          return (
            <tr key={operation}>
              <th scope="row">{operation}</th>
              <td>
                <select
                  aria-label={`${operation} method`}
                  value={override?.method ?? defaultEndpoints[operation].method}
                  onChange={(event) => setOverride({ method: event.target.value })}
                >
                  {['GET', 'POST', 'PUT', 'PATCH'].map((method) => (
                    <option key={method}>{method}</option>
                  ))}
                </select>
              </td>
              <td>
                <input
                  aria-label={`${operation} path`}
                  placeholder={defaultEndpoints[operation].path}
                  value={override?.path ?? ''}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => setOverride({ path: event.target.value })}
                />
                {error && <span className="field-error">{error}</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
