import { guid, type Note, type Process } from '../../src-shared/api';
import { invalidate, setRemote, updateRemote, useRemote, type Progress } from './cache';
import { recordLookup, refreshSeen } from './history';
import type { Remote } from './remote';

const processCalls = ['processes.get', 'processes.getByReference'] as const;

/** True when the text is a process id (a GUID, by the contract's rule) rather than a reference. */
export function isProcessId(text: string): boolean {
  return guid.safeParse(text.trim()).success;
}

/**
 * The process the user looked up, by id when the text is a GUID, else by external reference,
 * kept in the cache under the call that found it. Returns it with its reload.
 */
export function useProcessLookup(
  profileId: string | null,
  lookup: string,
): [Remote<Process>, () => void, Progress | null] {
  const text = lookup.trim();
  const byId = profileId !== null && isProcessId(text);
  const byIdRead = useRemote('processes.get', byId ? { profileId, processId: text } : null);
  const byReferenceRead = useRemote(
    'processes.getByReference',
    profileId !== null && !byId ? { profileId, externalReference: text } : null,
  );
  return byId ? byIdRead : byReferenceRead;
}

function sameProcess(profileId: string, processId: string) {
  return (value: Process, input: { profileId: string }) =>
    input.profileId === profileId && value.processId === processId;
}

/**
 * A change's reply carries the process as it now is (completion, start): put it everywhere it is
 * kept, under both of its names, and in Recent, instead of asking the service again.
 */
export function processChanged(profileId: string, process: Process): void {
  const isIt = sameProcess(profileId, process.processId);
  for (const call of processCalls)
    updateRemote(call, (value, input) => (isIt(value, input) ? process : undefined));
  setRemote('processes.get', { profileId, processId: process.processId }, process);
  setRemote('processes.getByReference', { profileId, externalReference: process.externalReference }, process);
  updateRemote('history.list', (history, input) =>
    input.profileId === profileId ? refreshSeen(history, process) : undefined,
  );
  changesLogged();
}

/**
 * A started process opens at once from the reply. It goes on top of Recent here as a lookup would
 * put it; main records lookups only, so the history file learns of it at its first lookup.
 */
export function processStarted(profileId: string, process: Process): void {
  processChanged(profileId, process);
  updateRemote('history.list', (history, input) =>
    input.profileId === profileId ? recordLookup(history, process) : undefined,
  );
}

/** A note's reply is the note: add it to the kept process rather than fetch the process again. */
export function noteAdded(profileId: string, processId: string, note: Note): void {
  const isIt = sameProcess(profileId, processId);
  for (const call of processCalls)
    updateRemote(call, (value, input) =>
      isIt(value, input) && !value.notes.some((old) => old.noteId === note.noteId)
        ? { ...value, notes: [...value.notes, note] }
        : undefined,
    );
  changesLogged();
}

/** The process changed in a way the console cannot know (or may have): ask again where it shows. */
export function processStale(profileId: string, processId: string): void {
  const isIt = sameProcess(profileId, processId);
  for (const call of processCalls)
    invalidate(call, (input, value) => value !== undefined && isIt(value, input));
  changesLogged();
}

/** Every change is audited and its request logged: their kept lists are out of date. */
function changesLogged(): void {
  invalidate('audit.list');
  invalidate('requests.list');
}
