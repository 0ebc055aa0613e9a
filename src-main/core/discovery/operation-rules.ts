import type { Operation } from '../../../src-shared/profile';

/**
 * What each console operation looks like in a description: the methods it may use, what its path
 * ends in, and the words its operation id, summary and tags use (each inner list: synonyms).
 * `avoid` are words that argue for another operation ("current" is not "all the steps").
 */
export interface OperationRule {
  methods: readonly string[];
  /** The path's shape, on its literal segments' words (singular, lower case). */
  path: (shape: PathShape) => boolean;
  /** The reason `path`'s test gives, from the end of the path proposed (`/note`, `/documents/{id}`). */
  pathReason: (tail: string) => string;
  words: readonly (readonly string[])[];
  avoid: readonly string[];
}

/** A path reduced to what the rules look at. */
export interface PathShape {
  /** The words of the last literal segment ("current-step" -> ["current", "step"]). */
  last: readonly string[];
  /** Whether the path ends in a placeholder. */
  endsWithPlaceholder: boolean;
  /** The words of every literal segment. */
  all: readonly string[];
}

const has = (words: readonly string[], ...wanted: string[]) => wanted.some((word) => words.includes(word));

export const operationRules: Record<Operation, OperationRule> = {
  startProcess: {
    methods: ['POST'],
    path: (shape) => !shape.endsWithPlaceholder && has(shape.last, 'process', 'case'),
    pathReason: (tail) => `path ends in ${tail}`,
    words: [
      ['start', 'create', 'new', 'begin', 'launch'],
      ['process', 'case'],
    ],
    avoid: ['note', 'step', 'token', 'document', 'form', 'key', 'extract', 'search'],
  },
  getProcess: {
    methods: ['GET'],
    path: (shape) => shape.endsWithPlaceholder && has(shape.last, 'process', 'case'),
    pathReason: (tail) => `path ends in ${tail}`,
    words: [
      ['process', 'case'],
      ['get', 'read', 'fetch', 'retrieve', 'find', 'detail', 'id'],
    ],
    avoid: ['reference', 'ref', 'external', 'step', 'note', 'document'],
  },
  getProcessByReference: {
    methods: ['GET'],
    path: (shape) => shape.endsWithPlaceholder && has(shape.all, 'reference', 'ref', 'external'),
    pathReason: () => 'path names the external reference',
    words: [
      ['reference', 'ref'],
      ['external', 'process', 'case'],
    ],
    avoid: ['step', 'note', 'document', 'current'],
  },
  getStepsByReference: {
    methods: ['GET'],
    path: (shape) => has(shape.last, 'step') && has(shape.all, 'reference', 'ref', 'external'),
    pathReason: (tail) => `path ends in ${tail} under the external reference`,
    words: [['step'], ['reference', 'ref', 'external']],
    avoid: ['current', 'complete', 'note', 'document'],
  },
  getSteps: {
    methods: ['GET'],
    path: (shape) => has(shape.last, 'step') && !has(shape.last, 'current'),
    pathReason: (tail) => `path ends in ${tail}`,
    words: [['step'], ['list', 'get', 'all', 'read', 'process']],
    avoid: ['current', 'complete', 'reference', 'external', 'note'],
  },
  getCurrentStep: {
    methods: ['GET'],
    path: (shape) => has(shape.last, 'current', 'currentstep', 'active'),
    pathReason: (tail) => `path ends in ${tail}`,
    words: [['current', 'active', 'currentstep'], ['step']],
    avoid: ['complete', 'note', 'document'],
  },
  addNote: {
    methods: ['POST', 'PUT'],
    path: (shape) => has(shape.last, 'note', 'comment'),
    pathReason: (tail) => `path ends in ${tail}`,
    words: [
      ['note', 'comment'],
      ['add', 'create', 'post', 'new'],
    ],
    avoid: ['document', 'step'],
  },
  completeStep: {
    methods: ['POST', 'PUT', 'PATCH'],
    path: (shape) => has(shape.last, 'complete', 'completion', 'finish'),
    pathReason: (tail) => `path ends in ${tail}`,
    words: [['complete', 'completion', 'finish', 'done'], ['step']],
    avoid: ['note', 'document'],
  },
  getDocument: {
    methods: ['GET'],
    path: (shape) => shape.endsWithPlaceholder && has(shape.last, 'document', 'file', 'attachment'),
    pathReason: (tail) => `path ends in ${tail}`,
    words: [
      ['document', 'file', 'attachment'],
      ['get', 'read', 'download', 'retrieve'],
    ],
    avoid: ['extract', 'add', 'upload', 'step'],
  },
  token: {
    methods: ['POST'],
    path: (shape) => !shape.endsWithPlaceholder && has(shape.last, 'token'),
    pathReason: (tail) => `path ends in ${tail}`,
    words: [
      ['token', 'oauth'],
      ['get', 'issue', 'create', 'request', 'bearer'],
    ],
    avoid: ['document', 'process', 'step', 'key'],
  },
};

/** Splits identifiers and sentences into lower-case singular words: "getCurrentStep" -> get, current, step. */
export function wordsOf(text: string): string[] {
  let words = known.get(text);
  if (words === undefined) {
    words = splitWords(text);
    // Bounded: the same segment names recur across a description's paths.
    if (known.size > 20_000) known.clear();
    known.set(text, words);
  }
  return words;
}

const known = new Map<string, string[]>();

function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(singular);
}

function singular(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
  return word;
}
