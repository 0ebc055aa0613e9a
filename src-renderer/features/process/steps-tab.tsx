import { useMemo, useState } from 'react';
import type { Process, RestCall, Step } from '../../../src-shared/api';
import { confidentialCodes } from '../../../src-shared/confidential-values';
import { currentStepOf } from '../../../src-shared/process-paths';
import { MaskedJson } from '../../components/masked-json';
import { VirtualRows } from '../../components/virtual-rows';
import { formatDateTime, formatDuration } from '../../lib/format';

/** The steps as a timeline; the current one stands out and carries "Complete step". */
export function StepsTab({ process, onComplete }: { process: Process; onComplete: (step: Step) => void }) {
  const current = currentStepOf(process);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const codes = useMemo(() => confidentialCodes(process.fields), [process.fields]);

  if (process.steps.length === 0) return <p className="muted empty">This process has no steps yet.</p>;

  const toggle = (stepId: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(stepId)) next.delete(stepId);
      else next.add(stepId);
      return next;
    });

  return (
    <VirtualRows
      label="Steps"
      focusable
      groupProps={{ role: 'list', 'aria-label': 'Steps' }}
      rowProps={(index) => ({
        role: 'listitem',
        'aria-setsize': process.steps.length,
        'aria-posinset': index + 1,
      })}
      className="timeline"
      items={process.steps}
      estimateSize={64}
      getKey={(step) => step.stepId}
      renderRow={(step) => {
        const isCurrent = step.stepId === current?.stepId;
        return (
          <article
            className={isCurrent ? 'step step-current' : step.completedOn ? 'step step-done' : 'step'}
            aria-label={`${step.name}${isCurrent ? ' (current step)' : ''}`}
            aria-current={isCurrent ? 'step' : undefined}
          >
            <div className="step-main">
              <span className="step-kind">{step.kind === 'RestApi' ? 'REST API' : step.kind}</span>
              <h3 className="step-name">{step.name}</h3>
              {isCurrent && <span className="status-pill status-open">Current</span>}
              <span className="step-times">
                <span>Started {formatDateTime(step.startedOn)}</span>
                <span>Completed {formatDateTime(step.completedOn)}</span>
                <span>Duration {formatDuration(step.startedOn, step.completedOn)}</span>
              </span>
              <span className="button-row">
                {step.restCall && (
                  <button
                    type="button"
                    className="small-button"
                    aria-expanded={expanded.has(step.stepId)}
                    onClick={() => toggle(step.stepId)}
                  >
                    {expanded.has(step.stepId) ? 'Hide REST call' : 'Show REST call'}
                  </button>
                )}
                {isCurrent && (
                  <button type="button" className="primary" onClick={() => onComplete(step)}>
                    Complete step
                  </button>
                )}
              </span>
            </div>
            {step.restCall && expanded.has(step.stepId) && (
              <RestCallView call={step.restCall} codes={codes} />
            )}
          </article>
        );
      }}
    />
  );
}

/**
 * The recorded outbound call: request, then response or error (secret headers come redacted, the
 * values of the process's confidential fields masked as in the Fields tab).
 */
function RestCallView({ call, codes }: { call: RestCall; codes: ReadonlySet<string> }) {
  return (
    <div className="rest-call">
      <section aria-label="Request">
        <h4>
          Request{' '}
          <code>
            {call.request.method} {call.request.url}
          </code>{' '}
          <span className="muted">at {formatDateTime(call.at)}</span>
        </h4>
        <Headers headers={call.request.headers} />
        <MaskedJson value={call.request.body} codes={codes} />
      </section>
      <section aria-label="Response">
        {call.response ? (
          <>
            <h4>
              Response <code>{call.response.status}</code>
            </h4>
            <Headers headers={call.response.headers} />
            <MaskedJson value={call.response.body} codes={codes} />
          </>
        ) : (
          <h4>No response</h4>
        )}
        {call.error && <p className="error-text">Error: {call.error}</p>}
      </section>
    </div>
  );
}

function Headers({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return null;
  return (
    <dl className="headers">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
