import { readDocumentAnswer } from './document-answer';
import type { DocumentStore } from './document-store';
import { firstAnswer, searchPage, searchTree, textPage, treePage } from './document-pages';
import { openBytes } from './open-document';
import type { DocumentJob, DocumentJobResults } from './worker-protocol';
import { ownsWholeBuffer } from './own-bytes';

/** Runs one job against the worker's store (and the tests' stores). */
export function runDocumentJob<J extends DocumentJob>(
  store: DocumentStore,
  job: J,
): DocumentJobResults[J['type']] {
  return run(store, job) as DocumentJobResults[J['type']];
}

function run(store: DocumentStore, job: DocumentJob): DocumentJobResults[DocumentJob['type']] {
  switch (job.type) {
    case 'open': {
      // The decoded bytes are this job's own: freed as soon as they are text.
      const opened = openBytes(readDocumentAnswer(job.answer), job.documentId, { consume: true });
      return firstAnswer(opened, store.put(opened));
    }
    case 'read': {
      const { filename, contentType, bytes } = readDocumentAnswer(job.answer);
      return { filename, contentType, bytes: ownBuffer(bytes) };
    }
    case 'tree':
      return treePage(store.get(job.ref).opened, job.path, job.offset, job.limit);
    case 'text':
      return textPage(store.get(job.ref).opened, job.fromLine, job.toLine);
    case 'search': {
      const entry = store.get(job.ref);
      const query = job.query.trim().toLowerCase();
      // Paging through matches repeats the query; the walk over the tree is done once.
      let paths = entry.search?.query === query ? entry.search.paths : undefined;
      if (!paths) {
        paths = searchTree(entry.opened, query);
        store.remember(job.ref, { query, paths });
      }
      return searchPage(job.query, paths, job.offset, job.limit);
    }
    case 'source':
      return { text: store.get(job.ref).opened.text ?? '' };
    case 'close':
      return { closed: store.close(job.ref), open: store.size() };
  }
}

// Large bytes are handed over as they are; pooled ones are copied into a buffer of their own.
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  return ownsWholeBuffer(bytes) ? bytes.buffer : new Uint8Array(bytes).buffer;
}
