import type { Process, Step } from './api';
import { defaultEndpoints, type Endpoint, type Operation } from './profile';

/**
 * Pure rules about processes and endpoint paths that both sides need: main when it sends, the
 * renderer when it shows what will be sent. One home each, so the preview cannot drift from the
 * request.
 */

/** The step a process is waiting at: the last step not yet complete; none once it is complete. */
export function currentStepOf<S extends Pick<Step, 'completedOn'> = Step>(
  process: Pick<Process, 'status'> & { steps: readonly S[] },
): S | null {
  if (process.status === 'Completed') return null;
  return process.steps.findLast((step) => step.completedOn === null) ?? null;
}

/** The endpoint of an operation: the profile's override, else API.md's default. */
export function endpointFor(endpoints: Partial<Record<Operation, Endpoint>>, operation: Operation): Endpoint {
  return endpoints[operation] ?? defaultEndpoints[operation];
}

/**
 * An endpoint's path with its `{placeholders}` filled, each value percent-encoded as one path
 * segment so an id cannot add segments or a query. `onValue` may refuse a value by throwing.
 */
export function fillPath(
  template: string,
  params: Record<string, string>,
  onValue: (name: string, value: string | undefined) => void = () => undefined,
): string {
  const parts = partsOf(template);
  let path = parts[0]!;
  for (let at = 1; at < parts.length; at += 2) {
    const name = parts[at]!;
    onValue(name, params[name]);
    path += encodeURIComponent(params[name] ?? '') + parts[at + 1]!;
  }
  return path;
}

/*
 * A template split once into its literal pieces and placeholder names (`['/p/', 'processId',
 * '/steps']`): a regular-expression replace with a callback per request was a visible part of a
 * batch read. Templates come from profiles' endpoint maps, a handful; the cache is bounded anyway.
 */
const templates = new Map<string, string[]>();

function partsOf(template: string): string[] {
  let parts = templates.get(template);
  if (parts === undefined) {
    if (templates.size >= 256) templates.clear();
    parts = template.split(/\{(\w+)\}/);
    templates.set(template, parts);
  }
  return parts;
}

/**
 * The document id in a link's path, by matching the tail of the documents endpoint's template
 * (`/open-api/documents/{documentId}`, a trailing slash allowed); null when it does not match.
 */
export function documentIdFromPath(
  pathname: string,
  template: string = defaultEndpoints.getDocument.path,
): string | null {
  const [before, after = ''] = template.split('{documentId}') as [string, string?];
  const pattern = new RegExp(`${escapeRegExp(before)}([^/?#]+)${escapeRegExp(after)}$`);
  const match = pattern.exec(pathname.replace(/\/+$/, ''))?.[1];
  if (!match) return null;
  try {
    return decodeURIComponent(match);
  } catch {
    return match;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
