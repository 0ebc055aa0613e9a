/** A labelled text input with a hint, or an error in its place. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  inputMode?: 'numeric';
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        value={value}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && !error && <span className="hint">{hint}</span>}
      {error && <span className="field-error">{error}</span>}
    </label>
  );
}
