import type { TextMasker } from '../../src-shared/quoted-values';
import { ConfidentialValue } from './confidential-value';

/**
 * A text with each confidential value in it masked (quoted-values.ts's textMasker says where),
 * each with its own Reveal, as in the Fields tab. `at` names this text within its view, so the
 * view keeps one revealed value (`revealed`, a key this component makes) and the rest stay masked.
 */
export function MaskedText({
  text,
  mask,
  at,
  revealed,
  onReveal,
}: {
  text: string;
  mask: TextMasker;
  at: string;
  revealed: string | null;
  onReveal: (key: string | null) => void;
}) {
  const pieces = mask(text);
  if (pieces.length === 1 && pieces[0]!.name === undefined) return <>{text}</>;
  return (
    <>
      {pieces.map((piece, index) => {
        if (piece.name === undefined) return piece.text;
        const key = `${at}#${index}`;
        const shown = revealed === key;
        return (
          <span key={key} className="masked-piece">
            <ConfidentialValue
              value={piece.text}
              label={piece.name}
              shown={shown}
              onToggle={() => onReveal(shown ? null : key)}
            />
          </span>
        );
      })}
    </>
  );
}

/** Whether `revealed` is a key MaskedText made for the text at `at`. */
export function revealedAt(revealed: string | null, at: string): string | null {
  return revealed !== null && revealed.startsWith(`${at}#`) ? revealed : null;
}
