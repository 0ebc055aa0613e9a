import { confidentialMask } from '../../src-shared/logs';

/**
 * A confidential value: the mask until the user asks, then the value, with the button that
 * reveals or hides it. While hidden, the value is not in the page at all, not even as an attribute.
 */
export function ConfidentialValue({
  value,
  label,
  shown,
  onToggle,
}: {
  value: string;
  /** What the value is, for the button's name ("Reveal Date of birth"). */
  label: string;
  shown: boolean;
  onToggle: () => void;
}) {
  return (
    <>
      {shown ? value : <span aria-label="Confidential value hidden">{confidentialMask}</span>}{' '}
      <button
        type="button"
        className="small-button"
        onClick={onToggle}
        aria-label={shown ? `Hide ${label}` : `Reveal ${label}`}
      >
        {shown ? 'Hide' : 'Reveal'}
      </button>
    </>
  );
}
