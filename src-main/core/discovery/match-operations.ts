import type { Confidence, ExtraOperation, OperationProposal } from '../../../src-shared/discovery';
import { endpointFor } from '../../../src-shared/process-paths';
import {
  operationPlaceholders,
  operations,
  type Endpoint,
  type Operation,
} from '../../../src-shared/profile';
import type { DescribedApi, DescribedOperation } from './described-operations';
import { operationRules, wordsOf, type PathShape } from './operation-rules';

/**
 * Maps each console operation to the description's operation that fits it best, by method, path
 * shape and placeholders, operation id, summary and tags. Pure: a description in, proposals out.
 * Each description operation serves one console operation at most; the rest are extras.
 */

/** What the matcher returns. */
export interface OperationMatch {
  operations: OperationProposal[];
  unmatched: Operation[];
  extras: ExtraOperation[];
}

/** Below this score a candidate is not proposed at all. */
const minimumScore = 0.45;

interface Candidate {
  operation: Operation;
  source: DescribedOperation;
  score: number;
  reasons: string[];
  path: string;
}

/** Matches `api` against the profile's current endpoint map. */
export function matchOperations(
  api: DescribedApi,
  current: Partial<Record<Operation, Endpoint>>,
  tokenPath: string | null = null,
): OperationMatch {
  // Each operation's words and shape are worked out once, not once per console operation.
  const features = api.operations.map(featuresOf);
  const candidates = operations.flatMap((operation) =>
    features.flatMap((feature) => {
      const candidate = score(operation, feature, api.prefix);
      return candidate && candidate.score >= minimumScore ? [candidate] : [];
    }),
  );
  candidates.sort((a, b) => b.score - a.score);
  const chosen = new Map<Operation, Candidate>();
  const used = new Set<DescribedOperation>();
  for (const candidate of candidates) {
    if (chosen.has(candidate.operation) || used.has(candidate.source)) continue;
    chosen.set(candidate.operation, candidate);
    used.add(candidate.source);
  }
  const proposals = operations.map((operation) => proposal(operation, chosen.get(operation), current));
  const token = proposals.find((entry) => entry.operation === 'token');
  if (token && !token.proposed && tokenPath) {
    Object.assign(token, {
      proposed: { method: 'POST', path: tokenPath },
      confidence: 'high',
      score: 0.9,
      reasons: ["the OAuth2 client-credentials scheme's token URL"],
      changes: !same(token.current, { method: 'POST', path: tokenPath }),
    } satisfies Partial<OperationProposal>);
  }
  return {
    operations: proposals,
    unmatched: proposals.filter((entry) => !entry.proposed).map((entry) => entry.operation),
    extras: api.operations
      .filter((source) => !used.has(source))
      .map(({ method, path, operationId, summary }) => ({
        method,
        path: api.prefix + path,
        operationId,
        summary,
      })),
  };
}

function proposal(
  operation: Operation,
  candidate: Candidate | undefined,
  current: Partial<Record<Operation, Endpoint>>,
): OperationProposal {
  const now = endpointFor(current, operation);
  if (!candidate) {
    return {
      operation,
      current: now,
      proposed: null,
      confidence: null,
      score: 0,
      reasons: ['nothing in the description fits'],
      changes: false,
      source: null,
    };
  }
  const proposed = { method: candidate.source.method as Endpoint['method'], path: candidate.path };
  const { method, path, operationId, summary } = candidate.source;
  return {
    operation,
    current: now,
    proposed,
    confidence: confidenceOf(candidate.score),
    score: Math.round(candidate.score * 100) / 100,
    reasons: candidate.reasons,
    changes: !same(now, proposed),
    source: { method, path, operationId, summary },
  };
}

interface Features {
  source: DescribedOperation;
  shape: PathShape;
  meta: string[];
  placeholders: number;
}

function featuresOf(source: DescribedOperation): Features {
  return {
    source,
    shape: shapeOf(source.path),
    meta: [source.operationId ?? '', source.summary ?? '', ...source.tags].flatMap(wordsOf),
    placeholders: (source.path.match(/\{/g) ?? []).length,
  };
}

/**
 * The path's last literal segment, with `/{id}` when placeholders follow it: `…/{processId}/note`
 * -> `/note`, `/documents/{documentId}` -> `/documents/{id}` (short, so the Reason column fits).
 */
function pathTail(path: string): string {
  const segments = path.split('/').filter(Boolean);
  let last = segments.length - 1;
  while (last > 0 && segments[last]!.startsWith('{')) last -= 1;
  return `/${segments[last] ?? ''}${last < segments.length - 1 ? '/{id}' : ''}`;
}

/** Scores one description operation as one console operation; null when it cannot be it. */
function score(
  operation: Operation,
  { source, shape, meta, placeholders }: Features,
  prefix: string,
): Candidate | null {
  const rule = operationRules[operation];
  if (!rule.methods.includes(source.method)) return null;
  if (placeholders !== operationPlaceholders[operation].length) return null;
  const renamed = renamePlaceholders(source.path, operationPlaceholders[operation]);
  if (!renamed) return null;
  const reasons = [`${source.method} with ${placeholderWords(operationPlaceholders[operation])}`];
  let total = 0.3;
  if (renamed.exactNames) total += 0.1;
  else reasons.push(...renamed.renames);
  if (rule.path(shape)) {
    total += 0.3;
    reasons.push(rule.pathReason(pathTail(renamed.path)));
  }
  const found = rule.words.filter((synonyms) => synonyms.some((word) => meta.includes(word)));
  total += 0.15 * found.length;
  if (found.length > 0) reasons.push(metaReason(source));
  const against = rule.avoid.filter((word) => meta.includes(word) || shape.all.includes(word));
  total -= Math.min(0.4, 0.2 * against.length);
  if (against.length > 0) reasons.push(`but it mentions ${against.join(', ')}`);
  return { operation, source, score: Math.max(0, Math.min(1, total)), reasons, path: prefix + renamed.path };
}

/**
 * Renames the description's placeholders to the console's (`{id}` -> `{processId}`), by their
 * names and the segment before them; null when they are not exactly the ones `wanted`.
 */
export function renamePlaceholders(
  path: string,
  wanted: readonly string[],
): { path: string; exactNames: boolean; renames: string[] } | null {
  const segments = path.split('/');
  const found = segments.flatMap((segment, index) => {
    const match = /^\{([^}]+)\}$/.exec(segment);
    return match ? [{ index, name: match[1]! }] : [];
  });
  if (
    found.length !== wanted.length ||
    segments.some((segment) => /[{}]/.test(segment) && !/^\{[^}]+\}$/.test(segment))
  )
    return null;
  const left = [...wanted];
  const roles = found.map(({ index, name }) => {
    const role = roleOf(name, segments[index - 1] ?? '', left);
    if (role) left.splice(left.indexOf(role), 1);
    return role;
  });
  if (roles.some((role) => role === null)) return null;
  const renames: string[] = [];
  found.forEach(({ index, name }, position) => {
    const role = roles[position]!;
    if (name !== role) renames.push(`{${name}} read as {${role}}`);
    segments[index] = `{${role}}`;
  });
  return { path: segments.join('/'), exactNames: renames.length === 0, renames };
}

function roleOf(name: string, before: string, left: readonly string[]): string | null {
  const pick = (role: string) => (left.includes(role) ? role : null);
  const byWords = (words: string[]) => {
    if (words.some((word) => word.includes('step'))) return pick('stepId');
    if (words.some((word) => /document|file|attachment/.test(word))) return pick('documentId');
    if (words.some((word) => word.startsWith('ref') || word === 'external')) return pick('externalReference');
    if (words.some((word) => word.startsWith('process') || word === 'case')) return pick('processId');
    return undefined;
  };
  const named = byWords(wordsOf(name));
  if (named !== undefined) return named;
  const placed = byWords(wordsOf(before));
  if (placed !== undefined) return placed;
  return left.length === 1 ? left[0]! : null;
}

function shapeOf(path: string): PathShape {
  const segments = path.split('/').filter(Boolean);
  const literals = segments.filter((segment) => !segment.startsWith('{'));
  const lastLiteral = literals.at(-1) ?? '';
  return {
    last: [...wordsOf(lastLiteral), lastLiteral.toLowerCase().replace(/[^a-z]/g, '')],
    endsWithPlaceholder: segments.at(-1)?.startsWith('{') ?? false,
    all: literals.flatMap(wordsOf),
  };
}

function metaReason(source: DescribedOperation): string {
  const parts = [
    source.operationId ? `operation id ${source.operationId}` : null,
    source.summary ? `summary "${source.summary}"` : null,
    source.tags.length ? `tag ${source.tags.join(', ')}` : null,
  ].filter(Boolean);
  return parts.join(', ');
}

function placeholderWords(names: readonly string[]): string {
  if (names.length === 0) return 'no placeholder';
  return names.map((name) => `{${name}}`).join(' and ');
}

function confidenceOf(score: number): Confidence {
  return score >= 0.8 ? 'high' : score >= 0.6 ? 'medium' : 'low';
}

function same(a: Endpoint, b: Endpoint): boolean {
  return a.method === b.method && a.path === b.path;
}
