import type { z } from 'zod';
import { guidPattern } from './api';

/**
 * The contract's one way of turning zod issues into sentences a person can act on. The door into
 * main uses it for every call, and the renderer's forms use it beside their inputs, so a rule's
 * wording lives with the rule (in the schema) and its framing lives here.
 */

type Issue = Pick<z.core.$ZodIssue, 'path' | 'message'>;

/** How a key is named in a sentence: `processId` -> "process id". */
const labels: Record<string, string> = {
  processId: 'process id',
  processTypeId: 'process type id',
  stepId: 'step id',
  documentId: 'document id',
  externalReference: 'external reference',
  intentId: 'intent id',
  fieldId: 'Field id',
  fieldType: 'Field type',
  contents: 'Note:',
  csv: 'CSV',
  text: 'pasted text',
  connectMs: 'Connect timeout:',
  headersMs: 'Headers timeout:',
  bodyIdleMs: 'Body idle timeout:',
  overallMs: 'Overall deadline:',
  delayMs: 'Reply delay:',
  maxDeliveries: 'Deliveries kept:',
  maxBytes: 'MiB kept:',
  perSecond: 'Deliveries a second:',
  stepName: 'Step to complete:',
};

/** The sentence for one issue; `input` (the raw call input) lets a field row be named by its code. */
export function describeIssue(issue: Issue, input?: unknown): string {
  const [first, row, key] = issue.path;
  if (first === 'fields' && typeof row === 'number') {
    const code = codeAt(input, row);
    const where = `Field ${row + 1}${code ? ` (${code})` : ''}`;
    const text = key === undefined ? issue.message : framed(String(key), issue.message);
    const processId = guidOf(input, 'processId');
    const hint = key === 'fieldId' && processId ? `; the process id ${processId} is a valid choice` : '';
    return sentence(`${where}: ${text}${hint}`);
  }
  if (first === 'notes' && typeof row === 'number') return sentence(`Note ${row + 1}: ${issue.message}`);
  if (typeof first === 'string' && issue.path.length === 1 && labels[first]) {
    const label = labels[first];
    return sentence(label.endsWith(':') ? labelled(label, issue.message) : `The ${label} ${issue.message}`);
  }
  // A nested input the forms name (a timeout, a receiver cap) is named as the form names it.
  const last = String(issue.path.at(-1) ?? '');
  if (labels[last]?.endsWith(':')) return sentence(labelled(labels[last], issue.message));
  // Anything else is named by its own key in words, never by the contract's path to it.
  const named = [...issue.path].reverse().find((part) => typeof part === 'string');
  return sentence(named ? labelled(`${words(named)}:`, issue.message) : issue.message);
}

/** `stepName` -> "Step name", `a_b` -> "A b". */
function words(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Every issue's sentence (at most five, each once), for one error message. */
export function describeIssues(issues: readonly Issue[], input?: unknown): string {
  // One input can fail two checks with one sentence (a range says both "whole" and "at most").
  const sentences = new Set(issues.map((issue) => describeIssue(issue, input)));
  return [...sentences].slice(0, 5).join(' ');
}

/**
 * A form's way of putting a label before a message: "Connect timeout" + "enter a number…" ->
 * "Connect timeout: enter a number…"; "must…"/"is…" read on without the colon; a message that
 * names its subject already ("Name is required") stays as written.
 */
export function labelled(label: string | undefined, message: string): string {
  if (!label || !/^[a-z0-9]/.test(message)) return message;
  const bare = label.replace(/:$/, '');
  if (message.startsWith('must') || message.startsWith('is ')) return `${bare} ${message}`;
  return `${bare}: ${message}`;
}

/** `fieldId` + 'must be a GUID…' -> 'Field id must be a GUID…'; a message naming its key stays. */
function framed(key: string, message: string): string {
  const label = labels[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
  if (message.startsWith('must') || message.startsWith('is ')) return `${label} ${message}`;
  return message.toLowerCase().startsWith(label.toLowerCase()) ? message : `${label}: ${message}`;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function codeAt(input: unknown, row: number): string | undefined {
  const fields = (input as { fields?: unknown } | undefined)?.fields;
  const code = Array.isArray(fields) ? (fields[row] as { code?: unknown } | undefined)?.code : undefined;
  return typeof code === 'string' && code.trim() ? code.trim() : undefined;
}

function guidOf(input: unknown, key: string): string | undefined {
  const value = (input as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' && guidPattern.test(value.trim()) ? value.trim() : undefined;
}
