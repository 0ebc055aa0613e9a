import { useEffect, useRef, useState } from 'react';
import type { CompleteStepResponse, Process, Step } from '../../../src-shared/api';
import { confirmProcess } from '../../../src-shared/live-confirmation';
import type { ProfileView } from '../../../src-shared/profile';
import type { CallError as CallFailure } from '../../../src-shared/result';
import { CallError } from '../../components/call-error';
import { ChangeReview } from '../../components/change-review';
import { Dialog } from '../../components/dialog';
import { EnvBadge } from '../../components/env-badge';
import { api } from '../../lib/api';
import { invalidate } from '../../lib/cache';
import {
  FieldEditor,
  fieldFromRow,
  newRow,
  refusedRows,
  validateRows,
  type FieldRow,
} from '../../components/field-editor';
import { PresetsBar } from '../../components/presets-bar';
import { StepFieldSources } from './step-field-sources';
import { draftKey, useDraft } from '../../lib/drafts';
import { focusFirstProblem } from '../../lib/focus-first-problem';

type Stage =
  /** `refusal`: the service refused fields of `sent` (a validation answer), shown on them. */
  | { name: 'edit'; refusal?: { error: CallFailure; sent: FieldRow[] } }
  | { name: 'review' }
  | { name: 'sending' }
  | { name: 'done'; response: CompleteStepResponse }
  | { name: 'failed'; error: CallFailure };

/**
 * Completes the current step by hand: edit fields, review exactly what will be sent, confirm
 * (typing the external reference on a live tenant), then send once, with one idempotency key
 * for this intent however many times the console has to resend it.
 */
export function CompleteStepDialog({
  process,
  step,
  profile,
  onClose,
  onCompleted,
  onCheckProcess,
  initialFields,
}: {
  process: Process;
  step: Step;
  profile: ProfileView;
  onClose: () => void;
  onCompleted: (response: CompleteStepResponse) => void;
  /** Closes the dialog and shows the process afresh, to check an unknown outcome. */
  onCheckProcess?: () => void;
  /** Rows to start from (the walk prefills the back-office reference and an outcome). */
  initialFields?: { name: string; code: string; value: string }[];
}) {
  const [initialRows] = useState<FieldRow[]>(() => (initialFields ?? []).map((field) => newRow(field)));
  // The fields being edited outlive the dialog (another tab, screen or process and back), until sent.
  const scope = [profile.id, process.processId, step.stepId] as const;
  const [rows, setRows, clearRows] = useDraft(draftKey('complete-step', ...scope), initialRows);
  // After an unknown outcome the same completion keeps its idempotency key when the dialog reopens.
  const [unknownIntent, setUnknownIntent, clearUnknownIntent] = useDraft<string | null>(
    draftKey('complete-step-intent', ...scope),
    null,
  );
  const [stage, setStage] = useState<Stage>({ name: 'edit' });
  const [showErrors, setShowErrors] = useState(false);
  const [typed, setTyped] = useState('');
  const intent = useRef(unknownIntent ?? crypto.randomUUID());
  const editor = useRef<HTMLDivElement>(null);
  const live = profile.environment === 'live';
  const confirmation = confirmProcess(process);
  const body = { fields: rows.map(fieldFromRow) };
  const refusal = stage.name === 'edit' ? stage.refusal : undefined;

  // Focus follows a refusal to the first field it named, once the editor is back on screen.
  useEffect(() => {
    if (refusal && editor.current) focusFirstProblem(editor.current);
  }, [refusal]);

  function review() {
    setShowErrors(true);
    const problems = validateRows(rows);
    if (problems.rows.size === 0 && problems.all === null) setStage({ name: 'review' });
    else if (editor.current) focusFirstProblem(editor.current);
  }

  async function send() {
    setStage({ name: 'sending' });
    const result = await api.steps.complete({
      profileId: profile.id,
      processId: process.processId,
      stepId: step.stepId,
      fields: body.fields,
      intentId: intent.current,
      ...(live ? { confirmation: typed } : {}),
    });
    if (result.ok) {
      // This completion's fields are now a set used before on the step.
      invalidate('presets.list');
      clearRows();
      clearUnknownIntent();
      setStage({ name: 'done', response: result.value });
      onCompleted(result.value);
    } else if (result.error.code !== 'outcome_unknown' && result.error.fieldErrors?.length) {
      // A clear refusal: back to the fields, with the service's words on the ones it named.
      setStage({ name: 'edit', refusal: { error: result.error, sent: rows } });
    } else {
      if (result.error.code === 'outcome_unknown') setUnknownIntent(intent.current);
      setStage({ name: 'failed', error: result.error });
    }
  }

  return (
    <Dialog title="Complete step" onClose={onClose} busy={stage.name === 'sending'} wide>
      <p>
        <strong>{step.name}</strong> of <strong>{process.externalReference}</strong> with the profile{' '}
        {profile.name} <EnvBadge environment={profile.environment} />
      </p>
      {stage.name === 'edit' && (
        <>
          <StepFieldSources process={process} step={step} rows={rows} onChange={setRows} />
          <PresetsBar
            profileId={profile.id}
            processTypeId={process.processTypeId}
            stepName={step.name}
            fields={rows
              .filter((row) => row.name.trim() && row.code.trim())
              .map(({ name, code, value, confidential }) => ({ name, code, value, confidential }))}
            onApply={(fields) => setRows(fields.map((field) => newRow(field)))}
          />
          {refusal && <CallError error={refusal.error} inline />}
          <div ref={editor}>
            <FieldEditor
              rows={rows}
              onChange={setRows}
              processId={process.processId}
              showErrors={showErrors}
              refused={refusal && refusedRows(refusal.error.fieldErrors ?? [], refusal.sent, rows)}
            />
          </div>
          <div className="button-row">
            <button type="button" onClick={() => setRows([...rows, newRow()])}>
              Add field
            </button>
            <span className="spacer" />
            <button type="button" className="primary" onClick={review}>
              Review
            </button>
          </div>
        </>
      )}
      {(stage.name === 'review' || stage.name === 'sending' || stage.name === 'failed') && (
        <>
          {stage.name === 'failed' && (
            <CallError error={stage.error} inline onOpenProcess={onCheckProcess}>
              {stage.error.code === 'outcome_unknown' && (
                <p>
                  Check whether “{step.name}” of {process.externalReference} shows a completion time. Sending
                  again from this dialog reuses the same idempotency key, so the service will not complete the
                  step twice if it honours it.
                </p>
              )}
            </CallError>
          )}
          <ChangeReview
            profile={profile}
            operation="completeStep"
            params={{ processId: process.processId, stepId: step.stepId }}
            body={body}
            confidential={process.fields}
            confirmation={confirmation}
            typed={typed}
            onTyped={setTyped}
            actions={{
              sendLabel: 'Complete step',
              sendingLabel: 'Completing…',
              sending: stage.name === 'sending',
              onSend: () => void send(),
              cancelLabel: 'Back to fields',
              onCancel: () => setStage({ name: 'edit' }),
            }}
          />
        </>
      )}
      {stage.name === 'done' && (
        <section role="status" aria-label="Step completed" className="success-box">
          <p>
            “{stage.response.completedStep.name}” is complete.{' '}
            {stage.response.currentStep ? (
              <>
                The current step is now <strong>{stage.response.currentStep.name}</strong>.
              </>
            ) : (
              <>The process is complete.</>
            )}
          </p>
          <button type="button" className="primary" onClick={onClose} data-autofocus>
            Close
          </button>
        </section>
      )}
    </Dialog>
  );
}
