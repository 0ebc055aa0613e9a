import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { FormMessage, type FormMessageValue } from '../../components/form-message';
import { sampleAccount, samples, type FormCode } from './test-form-samples';

/** "Submit a test form": starts the whole chain (process, document, REST API step) in one click. */
export function TestFormPanel({ profileId, live }: { profileId: string; live: boolean }) {
  const [formCode, setFormCode] = useState<FormCode>('report-fly-tipping');
  const [answers, setAnswers] = useState<Record<string, string>>(samples['report-fly-tipping']);
  // The service takes an account id only in GUID format, so the sample is one.
  const [account, setAccount] = useState(sampleAccount);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const needsAccount = formCode === 'bulky-waste';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.forms.submit({
      profileId,
      formCode,
      answers,
      ...(needsAccount ? { account } : {}),
    });
    if (!result.ok) {
      setBusy(false);
      return setMessage({ ok: false, error: result.error });
    }
    // A delivery comes only from a REST API step: a form whose process has none (bulky waste
    // starts at a person's step) is started all the same, and the inbox stays as it is.
    const { processId, externalReference } = result.value;
    const steps = await api.steps.list({ profileId, processId });
    setBusy(false);
    const posts = !steps.ok || steps.value.some((step) => step.kind === 'RestApi');
    setMessage({
      ok: true,
      text: posts
        ? `Submitted: ${externalReference} started; its REST API step posts the delivery here.`
        : `Submitted: ${externalReference} started. Its process has no REST API step, so no delivery ` +
          'comes to the inbox: open it by its reference to follow it.',
    });
  }

  if (live) return null;
  return (
    <details className="panel">
      <summary>
        <strong>Submit a test form</strong>{' '}
        <span className="muted">to rehearse the whole chain on this test profile</span>
      </summary>
      <form className="form" onSubmit={submit} aria-label="Submit a test form">
        <label className="field">
          <span>Form</span>
          <select
            value={formCode}
            onChange={(event) => {
              const code = event.target.value as FormCode;
              setFormCode(code);
              setAnswers(samples[code]);
            }}
          >
            <option value="report-fly-tipping">Report fly-tipping (no account needed)</option>
            <option value="bulky-waste">Bulky waste collection (customer account mandatory)</option>
          </select>
        </label>
        <div className="grid-4">
          {Object.entries(answers).map(([code, value]) => (
            <label key={code} className="field">
              <span>{code}</span>
              <input
                value={value}
                onChange={(event) => setAnswers({ ...answers, [code]: event.target.value })}
              />
            </label>
          ))}
        </div>
        {needsAccount && (
          <fieldset className="inline-fieldset">
            <legend>Customer account</legend>
            {(['accountId', 'reference', 'name'] as const).map((key) => (
              <label key={key} className="inline-field">
                <span>
                  {{ accountId: 'Account id', reference: 'Account reference', name: 'Account name' }[key]}
                </span>
                <input
                  value={account[key]}
                  onChange={(event) => setAccount({ ...account, [key]: event.target.value })}
                />
              </label>
            ))}
          </fieldset>
        )}
        <div className="button-row">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Submitting…' : 'Submit test form'}
          </button>
          <FormMessage message={message} />
        </div>
      </form>
    </details>
  );
}
