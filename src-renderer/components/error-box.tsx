import type { ReactNode } from 'react';

/** A failure as the console shows it everywhere: the sentence, what else helps, and Retry when safe. */
export function ErrorBox({
  message,
  onRetry,
  children,
}: {
  message: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <div role="alert" className="error-box">
      <p>{message}</p>
      {children}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
