import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import type { XmlNode } from '../../../src-shared/documents';

interface Row {
  node: XmlNode;
  path: string;
  depth: number;
}

function walk(node: XmlNode, path: string, depth: number, visit: (row: Row) => boolean): void {
  if (!visit({ node, path, depth })) return;
  node.children.forEach((child, index) => walk(child, `${path}.${index}`, depth + 1, visit));
}

function matches(node: XmlNode, query: string): boolean {
  const q = query.toLowerCase();
  return (
    node.name.toLowerCase().includes(q) ||
    node.text.toLowerCase().includes(q) ||
    Object.entries(node.attributes).some(
      ([name, value]) => name.toLowerCase().includes(q) || value.toLowerCase().includes(q),
    )
  );
}

/** A collapsible tree with expand/collapse all and a search that highlights and jumps between matches. */
export function TreeView({ root, nodeCount }: { root: XmlNode; nodeCount: number }) {
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(['0']));
  const [query, setQuery] = useState('');
  const [matchIndex, setMatchIndex] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);

  const allMatches = useMemo(() => {
    if (!query.trim()) return [] as string[];
    const found: string[] = [];
    walk(root, '0', 0, (row) => {
      if (matches(row.node, query.trim())) found.push(row.path);
      return true;
    });
    return found;
  }, [root, query]);
  const matchSet = useMemo(() => new Set(allMatches), [allMatches]);

  const rows = useMemo(() => {
    const visible: Row[] = [];
    walk(root, '0', 0, (row) => {
      visible.push(row);
      return expanded.has(row.path);
    });
    return visible;
  }, [root, expanded]);

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's API; this component does not rely on memoization of it.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 24,
    overscan: 12,
  });

  function jump(step: number) {
    if (allMatches.length === 0) return;
    const next = (matchIndex + step + allMatches.length) % allMatches.length;
    setMatchIndex(next);
    const target = allMatches[next]!;
    const parts = target.split('.');
    const opened = new Set(expanded);
    for (let i = 1; i < parts.length; i++) opened.add(parts.slice(0, i).join('.'));
    setExpanded(opened);
    requestAnimationFrame(() => {
      const visible: string[] = [];
      walk(root, '0', 0, (row) => {
        visible.push(row.path);
        return opened.has(row.path);
      });
      const index = visible.indexOf(target);
      if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' });
    });
  }

  function setAll(open: boolean) {
    if (!open) return setExpanded(new Set());
    const all = new Set<string>();
    walk(root, '0', 0, (row) => {
      if (row.node.children.length) all.add(row.path);
      return true;
    });
    setExpanded(all);
  }

  const current = allMatches[matchIndex];
  return (
    <div className="tree-view">
      <div className="toolbar">
        <button type="button" onClick={() => setAll(true)}>
          Expand all
        </button>
        <button type="button" onClick={() => setAll(false)}>
          Collapse all
        </button>
        <label className="inline-field">
          <span>Search</span>
          <input
            type="search"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setMatchIndex(0);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                jump(event.shiftKey ? -1 : allMatches.length && current === undefined ? 0 : 1);
              }
            }}
          />
        </label>
        <button type="button" onClick={() => jump(-1)} disabled={allMatches.length === 0}>
          Previous match
        </button>
        <button type="button" onClick={() => jump(1)} disabled={allMatches.length === 0}>
          Next match
        </button>
        <span className="muted" role="status">
          {query.trim() ? `${allMatches.length ? matchIndex + 1 : 0} of ${allMatches.length} matches · ` : ''}
          {nodeCount.toLocaleString('en-GB')} nodes
        </span>
      </div>
      <div ref={scrollRef} tabIndex={0} className="virtual-scroll tree-scroll">
        <div
          role="tree"
          aria-label="Document tree"
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const hasChildren = row.node.children.length > 0;
            const open = expanded.has(row.path);
            const className = `tree-row${matchSet.has(row.path) ? ' tree-match' : ''}${row.path === current ? ' tree-current' : ''}`;
            return (
              <div
                key={row.path}
                role="treeitem"
                aria-level={row.depth + 1}
                aria-expanded={hasChildren ? open : undefined}
                aria-selected={row.path === current}
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
                    aria-label={`${open ? 'Collapse' : 'Expand'} ${row.node.name}`}
                    onClick={() => {
                      const next = new Set(expanded);
                      if (open) next.delete(row.path);
                      else next.add(row.path);
                      setExpanded(next);
                    }}
                  >
                    {open ? '▾' : '▸'}
                  </button>
                ) : (
                  <span className="tree-toggle" aria-hidden="true" />
                )}
                <span className="tree-name">{row.node.name}</span>
                {Object.entries(row.node.attributes).map(([name, value]) => (
                  <span key={name} className="tree-attribute">
                    {' '}
                    {name}=&quot;{value}&quot;
                  </span>
                ))}
                {row.node.text && <span className="tree-text"> {row.node.text}</span>}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
