import { useCallback, useRef, useState } from 'react';
import type { TreePage, XmlNodeSummary } from '../../../src-shared/documents';
import type { CallError } from '../../../src-shared/result';
import { api } from '../../lib/api';

/** Children per page asked of main; matches the first answer's page of the root's children. */
export const childrenPerPage = 200;

/** One row of the tree: an element, or a child whose page has not arrived yet. */
export interface TreeRow {
  path: string;
  depth: number;
  node?: XmlNodeSummary;
}

/*
 * The tree's elements, a page of children at a time from main's kept copy, held by this open
 * viewer (they go when it closes). `load` resolves once the page is here, so a search can open
 * the way to a match before scrolling to it.
 */
export function useTreePages(
  documentRef: string,
  firstChildren: TreePage,
  onFailure: (error: CallError) => void,
) {
  const pages = useRef(new Map<string, XmlNodeSummary[]>([[key('0', 0), firstChildren.children]]));
  const asked = useRef(new Map<string, Promise<void>>([[key('0', 0), Promise.resolve()]]));
  const [version, setVersion] = useState(0);

  const load = useCallback(
    (path: string, page: number): Promise<void> => {
      const pageKey = key(path, page);
      const known = asked.current.get(pageKey);
      if (known) return known;
      const offset = page * childrenPerPage;
      const loading = api.documents
        .tree({ documentRef, path, offset, limit: childrenPerPage })
        .then((result) => {
          if (!result.ok) {
            asked.current.delete(pageKey);
            onFailure(result.error);
            return;
          }
          pages.current.set(pageKey, result.value.children);
          setVersion((value) => value + 1);
        });
      asked.current.set(pageKey, loading);
      return loading;
    },
    [documentRef, onFailure],
  );

  const child = (path: string, index: number): XmlNodeSummary | undefined =>
    pages.current.get(key(path, Math.floor(index / childrenPerPage)))?.[index % childrenPerPage];

  /** The visible rows: every element under an open one, a placeholder where a page is missing. */
  const rowsOf = (root: XmlNodeSummary, isOpen: (path: string) => boolean): TreeRow[] => {
    const rows: TreeRow[] = [];
    const visit = (node: XmlNodeSummary, depth: number) => {
      rows.push({ path: node.path, depth, node });
      if (node.childCount === 0 || !isOpen(node.path)) return;
      for (let index = 0; index < node.childCount; index++) {
        const found = child(node.path, index);
        if (found) visit(found, depth + 1);
        else rows.push({ path: `${node.path}.${index}`, depth: depth + 1 });
      }
    };
    visit(root, 0);
    return rows;
  };

  return { load, rowsOf, version };
}

function key(path: string, page: number): string {
  return `${path}#${page}`;
}

/** The parent path and child index of a row's path ('0.4.2' is child 2 of '0.4'). */
export function parentOf(path: string): { parent: string; index: number } {
  const at = path.lastIndexOf('.');
  return { parent: path.slice(0, at), index: Number(path.slice(at + 1)) };
}
