import type { Account, ProcessStatus } from '../domain/api-types';
import type { Db } from './db';
import { prepareColumn } from './sqlite';

/** A process row, in API names. */
export interface ProcessRecord {
  processId: string;
  processTypeId: string;
  externalReference: string;
  status: ProcessStatus;
  startedDate: string;
  completedDate: string | null;
  location: string | null;
  allocatedUser: string | null;
  geoTag: string | null;
}

const columns = `process_id AS processId, process_type_id AS processTypeId,
  external_reference AS externalReference, status, started_date AS startedDate,
  completed_date AS completedDate, location, allocated_user AS allocatedUser, geo_tag AS geoTag`;

/** Processes and their linked accounts. */
export type ProcessRepo = ReturnType<typeof createProcessRepo>;

/** Prepares the statements for processes and accounts once per connection. */
export function createProcessRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO processes (process_id, process_type_id, external_reference, status,
    started_date, completed_date, location, allocated_user, geo_tag) VALUES (@processId, @processTypeId,
    @externalReference, @status, @startedDate, @completedDate, @location, @allocatedUser, @geoTag)`);
  const byId = db.prepare(`SELECT ${columns} FROM processes WHERE process_id = ?`);
  const byReference = db.prepare(`SELECT ${columns} FROM processes WHERE external_reference = ?`);
  const referenceTaken = prepareColumn<number>(db, 'SELECT 1 FROM processes WHERE external_reference = ?');
  const update = db.prepare(`UPDATE processes SET status = @status, completed_date = @completedDate,
    location = @location, allocated_user = @allocatedUser, geo_tag = @geoTag WHERE process_id = @processId`);
  const takeNumber = db.prepare(`UPDATE process_types SET next_reference = next_reference + 1
    WHERE process_type_id = ? RETURNING next_reference - 1 AS number, reference_prefix AS prefix`);
  const insertAccount = db.prepare(`INSERT INTO accounts (process_id, position, account_id, reference, name)
    VALUES (?, ?, ?, ?, ?)`);
  const accountsOf = db.prepare(`SELECT account_id AS accountId, reference, name FROM accounts
    WHERE process_id = ? ORDER BY position`);

  return {
    insert(record: ProcessRecord): void {
      insert.run({ ...record });
    },
    get(processId: string): ProcessRecord | undefined {
      return byId.get(processId) as ProcessRecord | undefined;
    },
    getByReference(externalReference: string): ProcessRecord | undefined {
      return byReference.get(externalReference) as ProcessRecord | undefined;
    },
    isReferenceTaken(externalReference: string): boolean {
      return referenceTaken.get(externalReference) !== undefined;
    },
    update(record: ProcessRecord): void {
      update.run({ ...record });
    },
    /** The type's next free reference, e.g. `FT-000042`, skipping any a client chose itself. */
    nextReference(processTypeId: string): string {
      for (;;) {
        const row = takeNumber.get(processTypeId) as { number: number; prefix: string };
        const reference = `${row.prefix}-${String(row.number).padStart(6, '0')}`;
        if (!this.isReferenceTaken(reference)) return reference;
      }
    },
    addAccounts(processId: string, accounts: Account[]): void {
      accounts.forEach((a, i) =>
        insertAccount.run(processId, i, a.accountId.toLowerCase(), a.reference, a.name),
      );
    },
    accounts(processId: string): Account[] {
      return accountsOf.all(processId) as unknown as Account[];
    },
  };
}
