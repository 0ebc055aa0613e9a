import type { ReactNode } from 'react';
import type { CallError as CallFailure } from '../../src-shared/result';
import { adviceFor } from '../lib/error-advice';

/**
 * A bridge call's failure as the console shows it everywhere: the sentence, guidance, and the
 * actions that are safe for its code. `inline` sits beside a form's button; the box stands alone.
 */
export function CallError({
  error,
  onRetry,
  onOpenProcess,
  inline = false,
  children,
}: {
  error: CallFailure;
  /** Given only by safe reads; shown only when the code says asking again can help. */
  onRetry?: () => void;
  /** Shown with an unknown outcome, so the user can look before trying again. */
  onOpenProcess?: () => void;
  inline?: boolean;
  /** What only the caller knows (what was looked up, how a resend behaves). */
  children?: ReactNode;
}) {
  const advice = adviceFor(error.code);
  const kind = advice.calm
    ? 'notice-box'
    : advice.warning
      ? 'warning-box'
      : inline
        ? 'error-text'
        : 'error-box';
  return (
    <div role={advice.calm ? 'status' : 'alert'} className={`call-error ${kind}`} data-code={error.code}>
      <p>
        {error.code === 'outcome_unknown' && <strong>The outcome is unknown. </strong>}
        {error.message}
      </p>
      {advice.guidance && <p>{advice.guidance}</p>}
      {children}
      {((advice.retry && onRetry) || (error.code === 'outcome_unknown' && onOpenProcess)) && (
        <div className="button-row">
          {advice.retry && onRetry && (
            <button type="button" onClick={onRetry}>
              Retry
            </button>
          )}
          {error.code === 'outcome_unknown' && onOpenProcess && (
            <button type="button" onClick={onOpenProcess}>
              Open process
            </button>
          )}
        </div>
      )}
    </div>
  );
}
