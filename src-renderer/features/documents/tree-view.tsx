import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TreePage, XmlNodeSummary } from '../../../src-shared/documents';
import type { TextMasker } from '../../../src-shared/quoted-values';
import type { CallError } from '../../../src-shared/result';
import { MaskedText } from '../../components/masked-text';
import { childrenPerPage, parentOf, useTreePages } from './use-tree-pages';
import { useTreeSearch } from './use-tree-search';

/**
 * A collapsible tree with expand/collapse all and a search that highlights and jumps between
 * matches. Children are paged in from main as they come into view, so a 120,000-element
 * document opens at once; "Expand all" opens every element, loading each as it is scrolled to.
 * The process's confidential values are masked in texts and attributes, a match's row included:
 * a search still finds them (main searches the document as it came), and the row shows the mask.
 */
export function TreeView({
  documentRef,
  root,
  firstChildren,
  nodeCount,
  mask,
  onFailure,
}: {
  documentRef: string;
  root: XmlNodeSummary;
  firstChildren: TreePage;
  nodeCount: number;
  mask: TextMasker;
  onFailure: (error: CallError) => void;
}) {
  const [revealed, setRevealed] = useState<string | null>(null);
  // An element is open when "all open" differs from its being toggled: expand all is one flag.
  const [open, setOpen] = useState({ all: false, toggled: new Set(['0']) });
  const [query, setQuery] = useState('');
  const [matchIndex, setMatchIndex] = useState(-1);
  const [target, setTarget] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { load, rowsOf, version } = useTreePages(documentRef, firstChildren, onFailure);
  const search = useTreeSearch(documentRef, query, onFailure);

  const isOpen = (path: string) => open.all !== open.toggled.has(path);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rows change with the open set and each page that arrives (version).
  const rows = useMemo(() => rowsOf(root, isOpen), [root, open, version]);

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's API; this component does not rely on memoization of it.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 24,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();

  // Rows in view whose page has not arrived are asked for, one call per page.
  useEffect(() => {
    for (const item of items) {
      const row = rows[item.index];
      if (row && !row.node) {
        const { parent, index } = parentOf(row.path);
        void load(parent, Math.floor(index / childrenPerPage));
      }
    }
  });

  // A match is scrolled to once, when the rows leading to it are in place; pages that arrive
  // later as the user scrolls on must not pull the view back to it.
  const scrollPending = useRef<string | null>(null);
  useEffect(() => {
    if (scrollPending.current === null) return;
    const index = rows.findIndex((row) => row.path === scrollPending.current);
    if (index < 0) return;
    scrollPending.current = null;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [rows, target, virtualizer]);

  // The count says "1 of N" as soon as matches arrive, so the first one is opened and shown
  // then, not left inside collapsed elements until the user presses Next.
  const shownQuery = useRef('');
  useEffect(() => {
    if (search.total === 0 || search.query === shownQuery.current) return;
    shownQuery.current = search.query;
    void jump(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per new set of matches; jump reads the current state.
  }, [search.query, search.total]);

  async function jump(step: number) {
    if (search.total === 0) return;
    const next = (Math.max(matchIndex, step > 0 ? -1 : 0) + step + search.total) % search.total;
    setMatchIndex(next);
    const path = await search.matchAt(next);
    if (!path) return;
    const parts = path.split('.');
    const toggled = new Set(open.toggled);
    for (let at = 1; at < parts.length; at++) {
      const ancestor = parts.slice(0, at).join('.');
      if (open.all) toggled.delete(ancestor);
      else toggled.add(ancestor);
      await load(ancestor, Math.floor(Number(parts[at]) / childrenPerPage));
    }
    setOpen({ all: open.all, toggled });
    scrollPending.current = path;
    setTarget(path);
  }

  const current = target ?? undefined;
  const currentNode = current === undefined ? undefined : rows.find((row) => row.path === current)?.node;
  const inMaskedValue =
    currentNode !== undefined && search.query !== '' && matchIsMasked(currentNode, search.query, mask);
  return (
    <div className="tree-view">
      <div className="toolbar">
        <button type="button" onClick={() => setOpen({ all: true, toggled: new Set() })}>
          Expand all
        </button>
        <button type="button" onClick={() => setOpen({ all: false, toggled: new Set() })}>
          Collapse all
        </button>
        <label className="inline-field">
          <span>Search</span>
          <input
            type="search"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setMatchIndex(-1);
              setTarget(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void jump(event.shiftKey ? -1 : 1);
              }
            }}
          />
        </label>
        <button type="button" onClick={() => void jump(-1)} disabled={search.total === 0}>
          Previous match
        </button>
        <button type="button" onClick={() => void jump(1)} disabled={search.total === 0}>
          Next match
        </button>
        <span className="muted" role="status">
          {query.trim()
            ? `${search.total ? Math.max(matchIndex, 0) + 1 : 0} of ${search.total} matches · `
            : ''}
          {inMaskedValue ? 'in a masked value · ' : ''}
          {nodeCount.toLocaleString('en-GB')} nodes
        </span>
      </div>
      <div ref={scrollRef} tabIndex={0} className="virtual-scroll tree-scroll">
        <div
          role="tree"
          aria-label="Document tree"
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {items.map((item) => {
            const row = rows[item.index]!;
            const node = row.node;
            const hasChildren = (node?.childCount ?? 0) > 0;
            const expanded = isOpen(row.path);
            const className = `tree-row${search.highlighted.has(row.path) ? ' tree-match' : ''}${row.path === current ? ' tree-current' : ''}`;
            return (
              <div
                key={row.path}
                role="treeitem"
                aria-level={row.depth + 1}
                aria-expanded={hasChildren ? expanded : undefined}
                aria-selected={row.path === current}
                aria-busy={node === undefined}
                className={className}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  height: item.size,
                  transform: `translateY(${item.start}px)`,
                  paddingLeft: `${row.depth * 16 + 4}px`,
                }}
              >
                {hasChildren ? (
                  <button
                    type="button"
                    className="tree-toggle"
                    aria-label={`${expanded ? 'Collapse' : 'Expand'} ${node!.name}`}
                    onClick={() => {
                      const toggled = new Set(open.toggled);
                      if (toggled.has(row.path)) toggled.delete(row.path);
                      else toggled.add(row.path);
                      setOpen({ all: open.all, toggled });
                    }}
                  >
                    {expanded ? '▾' : '▸'}
                  </button>
                ) : (
                  <span className="tree-toggle" aria-hidden="true" />
                )}
                <span className="tree-name">{node ? node.name : '…'}</span>
                {node &&
                  Object.entries(node.attributes).map(([name, value]) => (
                    <span key={name} className="tree-attribute">
                      {' '}
                      {name}=&quot;
                      <MaskedText
                        text={value}
                        mask={mask}
                        at={`${row.path}@${name}`}
                        revealed={revealed}
                        onReveal={setRevealed}
                      />
                      &quot;
                    </span>
                  ))}
                {node?.text && (
                  <span className="tree-text">
                    {' '}
                    <MaskedText
                      text={node.text}
                      mask={mask}
                      at={row.path}
                      revealed={revealed}
                      onReveal={setRevealed}
                    />
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/**
 * Whether a match's row shows the query nowhere but inside masked values: main searched the
 * document as it came, and the row would otherwise look like a match for nothing.
 */
function matchIsMasked(node: XmlNodeSummary, query: string, mask: TextMasker): boolean {
  const wanted = query.toLowerCase();
  const shows = (text: string) =>
    mask(text).some((piece) => piece.name === undefined && piece.text.toLowerCase().includes(wanted));
  if (node.name.toLowerCase().includes(wanted) || shows(node.text)) return false;
  return !Object.entries(node.attributes).some(
    ([name, value]) => name.toLowerCase().includes(wanted) || shows(value),
  );
}
