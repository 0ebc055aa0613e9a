import type { CallError as CallFailure } from '../../src-shared/result';
import { CallError } from './call-error';

/** What a form says after its action: a calm status when it worked, the failure when it did not. */
export type FormMessageValue = { ok: true; text: string } | { ok: false; error: CallFailure };

/** Shows a form's outcome beside its button; nothing until there is one. */
export function FormMessage({ message }: { message: FormMessageValue | null }) {
  if (!message) return null;
  if (!message.ok) return <CallError error={message.error} inline />;
  return (
    <span role="status" className="success-text">
      {message.text}
    </span>
  );
}
