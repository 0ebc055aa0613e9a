/**
 * The one rule for changes on a live tenant: the user types what identifies the thing changed
 * (the process's external reference for a note or a completion, the process type id for a
 * start), exactly. Main enforces it for every change call; the renderer's review shows the same
 * prompt and holds its send button until the same test passes, so the two cannot drift.
 */

/** What a change on a live tenant asks the user to type. */
export interface LiveConfirmation {
  /** How the prompt names it, e.g. "external reference". */
  what: 'external reference' | 'process type id' | 'number of processes';
  /** The exact text to type. */
  expected: string;
}

/** A note or a completion on an existing process: its external reference. */
export function confirmProcess(process: { externalReference: string }): LiveConfirmation {
  return { what: 'external reference', expected: process.externalReference };
}

/**
 * A new process: the type's id. The API has no call that names a process type before a process of
 * it exists, so its name cannot be checked; the id is what the user entered and can see.
 */
export function confirmProcessType(processTypeId: string): LiveConfirmation {
  return { what: 'process type id', expected: processTypeId };
}

/**
 * A batch run: the number of processes it will change. A reference cannot stand for hundreds of
 * processes; the count proves the administrator read the review, and a count that changed since
 * (rows re-read, chosen again) no longer matches.
 */
export function confirmBatch(count: number): LiveConfirmation {
  return { what: 'number of processes', expected: String(count) };
}

/** The label of the field where the user types it. */
export function confirmationPrompt(confirmation: LiveConfirmation): string {
  return `Type the ${confirmation.what} ${confirmation.expected} exactly to confirm`;
}

/**
 * Null when the change may go ahead (a test tenant, or the exact text typed); otherwise the
 * sentence that says exactly what to type.
 */
export function liveConfirmationProblem(
  environment: 'test' | 'live',
  confirmation: LiveConfirmation,
  typed: string | undefined,
): string | null {
  if (environment !== 'live' || typed === confirmation.expected) return null;
  return `${confirmationPrompt(confirmation)} a change on a live tenant.`;
}
