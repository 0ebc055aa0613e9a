import type { Process } from '../../../src-shared/api';

/** The customer accounts linked to the process. */
export function AccountsTab({ process }: { process: Process }) {
  if (process.accounts.length === 0)
    return <p className="muted empty">No customer account is linked to this process.</p>;
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Reference</th>
          <th scope="col">Account id</th>
        </tr>
      </thead>
      <tbody>
        {process.accounts.map((account) => (
          <tr key={account.accountId}>
            <td>{account.name || '—'}</td>
            <td>{account.reference || '—'}</td>
            <td>
              <code className="mono-id">{account.accountId}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
