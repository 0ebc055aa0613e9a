import { Fragment, useState } from 'react';
import type { AuthSetting, DiscoveryResult, OperationProposal } from '../../../src-shared/discovery';
import { applyDiscovery, changingOperations } from '../../../src-shared/discovery-apply';
import { confirmNameProblem, keyBindingChanges } from '../../../src-shared/key-binding';
import type { Operation, ProfileView } from '../../../src-shared/profile';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { api } from '../../lib/api';
import { KeyBindingNote } from './key-binding-note';

/**
 * The side-by-side review of a discovery: each operation's current and proposed endpoint with
 * its confidence and reasons, a checkbox per row that would change something, and one for the
 * auth change. "Apply selected" saves through profiles.save (which clears the key when how it
 * travels changes, and asks a live profile's name typed); "Cancel" changes nothing.
 */
export function DiscoveryReview({
  profile,
  result,
  onApplied,
  onCancel,
}: {
  profile: ProfileView;
  result: DiscoveryResult;
  onApplied: (saved: ProfileView) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = useState<Operation[]>(() => changingOperations(result));
  // A doubtful auth change (low confidence: its warning says why) is applied only when ticked.
  const [auth, setAuth] = useState(result.auth.changes && result.auth.confidence !== 'low');
  const [confirmName, setConfirmName] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<CallFailure | null>(null);
  const input = applyDiscovery(profile, result, { operations: chosen, auth });
  const changes = keyBindingChanges(profile, input);
  const problem = confirmNameProblem(profile, input, changes, confirmName);
  // Every row "(same)" and the same authentication: Apply would save the profile as it is.
  const nothingToApply = changingOperations(result).length === 0 && !result.auth.changes;
  const toggle = (operation: Operation, on: boolean) =>
    setChosen((now) => (on ? [...now, operation] : now.filter((other) => other !== operation)));

  async function apply() {
    setSaving(true);
    const saved = await api.profiles.save({ ...input, confirmName });
    setSaving(false);
    if (saved.ok) onApplied(saved.value);
    else setError(saved.error);
  }

  return (
    <section aria-label="Review the proposal" className="review">
      <h4>
        Proposal from {result.description.title} {result.description.version}
      </h4>
      <p className="muted">
        Read from <code>{result.description.url}</code> ({result.description.format})
        {result.prefix && (
          <>
            ; its paths sit under <code>{result.prefix}</code>
          </>
        )}
        .
      </p>
      {result.notes.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
      <table className="table compact discovery-table" aria-label="Proposed endpoints">
        <thead>
          <tr>
            <th scope="col">Apply</th>
            <th scope="col">Operation</th>
            <th scope="col">Current</th>
            <th scope="col">Proposed</th>
            <th scope="col">Confidence</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {result.operations.map((proposal) => (
            <ProposalRow
              key={proposal.operation}
              proposal={proposal}
              checked={chosen.includes(proposal.operation)}
              onChange={(on) => toggle(proposal.operation, on)}
            />
          ))}
          <tr>
            <td>
              <input
                type="checkbox"
                aria-label="Apply the authentication change"
                checked={auth}
                disabled={!result.auth.changes}
                onChange={(event) => setAuth(event.target.checked)}
              />
            </td>
            <th scope="row">Authentication</th>
            <td>{describeAuth(result.auth.current)}</td>
            <td>{result.auth.proposed ? describeAuth(result.auth.proposed) : 'No usable scheme'}</td>
            <td>{result.auth.confidence ?? '—'}</td>
            <td>
              {[...result.auth.reasons, `offered: ${result.auth.offered.join('; ') || 'none'}`].join('; ')}
            </td>
          </tr>
        </tbody>
      </table>
      {result.auth.warning && (
        <p role="note" className="warning-box">
          {result.auth.warning}
        </p>
      )}
      {result.extras.length > 0 && (
        <details>
          <summary>{result.extras.length} other operations in the description (not used)</summary>
          <ul aria-label="Other operations">
            {result.extras.map((extra) => (
              <li key={`${extra.method} ${extra.path}`}>
                <code>
                  {extra.method} {extra.path}
                </code>{' '}
                {extra.summary ?? extra.operationId ?? ''}
              </li>
            ))}
          </ul>
        </details>
      )}
      <KeyBindingNote
        name={profile.name}
        changes={changes}
        hasCredentials={profile.hasCredentials}
        live={profile.environment === 'live'}
        leavesLive={false}
        confirmName={confirmName}
        onConfirmName={setConfirmName}
        error={problem ?? undefined}
      />
      {error && <CallError error={error} inline />}
      {nothingToApply ? (
        <>
          <p role="status" className="success-text">
            The profile already matches the tenant&apos;s description: nothing to apply.
          </p>
          <div className="button-row">
            <button type="button" onClick={onCancel}>
              Close
            </button>
          </div>
        </>
      ) : (
        <div className="button-row">
          <button
            type="button"
            className="primary"
            disabled={saving || (chosen.length === 0 && !auth) || problem !== null}
            onClick={() => void apply()}
          >
            {saving ? 'Applying…' : 'Apply selected'}
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
    </section>
  );
}

function ProposalRow({
  proposal,
  checked,
  onChange,
}: {
  proposal: OperationProposal;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const endpoint = (value: { method: string; path: string }) => (
    <code>
      {value.method} <Breaks parts={value.path.split(/(?<=\/)/)} whole />
    </code>
  );
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          aria-label={`Apply ${proposal.operation}`}
          checked={checked}
          disabled={!proposal.changes}
          onChange={(event) => onChange(event.target.checked)}
        />
      </td>
      <th scope="row">
        <Breaks parts={proposal.operation.split(/(?=[A-Z])/)} />
      </th>
      <td>{endpoint(proposal.current)}</td>
      <td>
        {proposal.proposed ? endpoint(proposal.proposed) : 'No match'}
        {proposal.proposed && !proposal.changes && <span className="muted"> (same)</span>}
      </td>
      <td>{proposal.confidence ? `${proposal.confidence} (${proposal.score})` : '—'}</td>
      <td>
        <Breaks parts={longNamesInWords(proposal.reasons.join('; '))} />
      </td>
    </tr>
  );
}

/**
 * Text that may wrap between `parts` (a <wbr> between each): a path after each "/", a name or a
 * long operation id in a reason between its camelCase words, so at 1024 px the table fits its panel
 * and no word is cut in two anywhere else. `whole` parts never wrap inside ("external-reference/" at its hyphen).
 */
function Breaks({ parts, whole = false }: { parts: string[]; whole?: boolean }) {
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {whole ? <span className="segment">{part}</span> : part}
    </Fragment>
  ));
}

/**
 * A reason split so that only its long names (over 16 characters, such as the operation id
 * getProcessStepsByExternalReference or {externalReference};) may wrap, between their words:
 * shorter ones ({processId}) fit the Reason column whole at 1024 px, where a break reads as a typo.
 */
function longNamesInWords(text: string): string[] {
  return text
    .split(/(?<=\s)/)
    .flatMap((word) => (word.trim().length > 16 ? word.split(/(?<=[a-z])(?=[A-Z])/) : [word]));
}

function describeAuth(setting: AuthSetting): string {
  if (setting.scheme !== 'headers') return setting.scheme === 'basic' ? 'HTTP Basic' : 'Bearer token';
  const { key, secret } = setting.headers;
  return secret ? `Headers ${key} and ${secret}` : `Header ${key}`;
}
