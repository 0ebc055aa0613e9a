import type { Note } from '../domain/api-types';
import type { Db } from './db';

/** Notes on processes. */
export type NoteRepo = ReturnType<typeof createNoteRepo>;

/** Prepares the statements for notes once per connection. */
export function createNoteRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO notes (note_id, process_id, contents, visible_to_accounts, author,
    created_on) VALUES (?, ?, ?, ?, ?, ?)`);
  const ofProcess = db.prepare(`SELECT note_id AS noteId, contents, visible_to_accounts AS visibleToAccounts,
    author, created_on AS createdOn FROM notes WHERE process_id = ? ORDER BY seq`);

  return {
    insert(processId: string, note: Note): void {
      insert.run(
        note.noteId,
        processId,
        note.contents,
        note.visibleToAccounts ? 1 : 0,
        note.author,
        note.createdOn,
      );
    },
    list(processId: string): Note[] {
      return (
        ofProcess.all(processId) as Array<Omit<Note, 'visibleToAccounts'> & { visibleToAccounts: number }>
      ).map((row) => ({ ...row, visibleToAccounts: row.visibleToAccounts === 1 }));
    },
  };
}
