import { memo, useEffect, useRef, useState } from 'react';
import type { TextPage } from '../../../src-shared/documents';
import type { TextMasker } from '../../../src-shared/quoted-values';
import type { CallError } from '../../../src-shared/result';
import { MaskedText, revealedAt } from '../../components/masked-text';
import { linesPerPage, useLinePages } from './use-line-pages';

const lineHeight = 20;
// Rows beyond the view on each side; each costs a render and a layout in every scrolled frame.
const overscan = 8;

/**
 * The text with line numbers, virtualised and paged: only the lines in view are asked of main,
 * so a 10 MiB document opens at once and scrolls to its last line. Lines do not wrap (CSS
 * `white-space: pre`), so every row is one line high: the rows in view follow from the scroll
 * offset by arithmetic. (A general virtualiser keeps a measurement per row, and building that
 * for 400,000 lines was one long task when the view opened.) The process's confidential values
 * are masked in each line, one revealed at a time.
 */
export function RawView({
  documentRef,
  first,
  mask,
  onFailure,
}: {
  documentRef: string;
  first: TextPage;
  mask: TextMasker;
  onFailure: (error: CallError) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [revealed, setRevealed] = useState<string | null>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  const { line, show } = useLinePages(documentRef, first, onFailure);
  const total = first.lineCount;
  const width = String(total).length;

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      setView({ top: element.scrollTop, height: element.clientHeight });
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  const from = Math.max(0, Math.floor(view.top / lineHeight) - overscan);
  const to = Math.min(total, Math.ceil((view.top + view.height) / lineHeight) + overscan);
  const firstPage = Math.floor(from / linesPerPage);
  const lastPage = Math.floor(Math.max(from, to - 1) / linesPerPage);
  useEffect(() => show(firstPage, lastPage), [firstPage, lastPage, show]);

  // Rows are keyed by their slot in the window, not by line: a scrolled frame gives the same
  // elements new lines instead of replacing every element, and a row whose line is unchanged
  // is not rendered again.
  const slots = Math.ceil(view.height / lineHeight) + 2 * overscan + 1;
  const rows = [];
  for (let index = from; index < to; index++)
    rows.push(
      <RawLine
        key={index % slots}
        index={index}
        text={line(index)}
        total={total}
        width={width}
        mask={mask}
        // Only the line holding the revealed value sees it change, so the others stay memoised.
        revealed={revealedAt(revealed, String(index))}
        onReveal={setRevealed}
      />,
    );
  return (
    <div ref={scrollRef} tabIndex={0} className="virtual-scroll raw-view" data-testid="Raw text scroller">
      <div role="list" aria-label="Raw text" style={{ height: total * lineHeight, position: 'relative' }}>
        {rows}
      </div>
    </div>
  );
}

const RawLine = memo(function RawLine({
  index,
  text,
  total,
  width,
  mask,
  revealed,
  onReveal,
}: {
  index: number;
  text: string | undefined;
  total: number;
  width: number;
  mask: TextMasker;
  revealed: string | null;
  onReveal: (key: string | null) => void;
}) {
  return (
    <div
      role="listitem"
      aria-setsize={total}
      aria-posinset={index + 1}
      aria-busy={text === undefined}
      style={{ position: 'absolute', top: index * lineHeight, left: 0, minWidth: '100%', height: lineHeight }}
    >
      <div className="raw-line">
        <span className="line-number" aria-hidden="true" style={{ width: `${width + 1}ch` }}>
          {index + 1}
        </span>
        <span className="line-text">
          {text === undefined ? (
            '…'
          ) : text ? (
            <MaskedText text={text} mask={mask} at={String(index)} revealed={revealed} onReveal={onReveal} />
          ) : (
            ' '
          )}
        </span>
      </div>
    </div>
  );
});
