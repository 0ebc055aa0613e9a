import type { Field } from '../domain/api-types';
import type { Db } from './db';
import { prepareColumn } from './sqlite';

/** Process fields, keyed by code. */
export type FieldRepo = ReturnType<typeof createFieldRepo>;

/** Prepares the statements for fields once per connection. */
export function createFieldRepo(db: Db) {
  const ofProcess = db.prepare(`SELECT name, value, field_id AS fieldId, code, description,
    field_type AS fieldType, confidential FROM fields WHERE process_id = ? ORDER BY position`);
  // A new code goes last; an existing code keeps its place and takes the new values.
  const upsert =
    db.prepare(`INSERT INTO fields (process_id, code, position, name, value, field_id, description,
      field_type, confidential)
    VALUES (@processId, @code, (SELECT COUNT(*) FROM fields WHERE process_id = @processId), @name, @value,
      @fieldId, @description, @fieldType, @confidential)
    ON CONFLICT (process_id, code) DO UPDATE SET name = excluded.name, value = excluded.value,
      field_id = excluded.field_id, description = excluded.description, field_type = excluded.field_type,
      confidential = excluded.confidential`);
  const valueOf = prepareColumn<string>(db, 'SELECT value FROM fields WHERE process_id = ? AND code = ?');

  return {
    list(processId: string): Field[] {
      return (ofProcess.all(processId) as Array<Omit<Field, 'confidential'> & { confidential: number }>).map(
        (row) => ({ ...row, confidential: row.confidential === 1 }),
      );
    },
    upsert(processId: string, field: Field): void {
      upsert.run({ processId, ...field, confidential: field.confidential ? 1 : 0 });
    },
    /** A field's value, or undefined when the process has no field of that code. */
    value(processId: string, code: string): string | undefined {
      return valueOf.get(processId, code);
    },
  };
}
