/** What a form says after its action: a calm status when it worked, an alert when it did not. */
export interface FormMessageValue {
  ok: boolean;
  text: string;
}

/** Shows a form's outcome beside its button; nothing until there is one. */
export function FormMessage({ message }: { message: FormMessageValue | null }) {
  if (!message) return null;
  return (
    <span role={message.ok ? 'status' : 'alert'} className={message.ok ? 'success-text' : 'error-text'}>
      {message.text}
    </span>
  );
}
