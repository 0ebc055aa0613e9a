import type { FormDefinition, ProcessTypeDefinition } from '../seed/seed-schema';
import { definitionSchemas } from '../seed/seed-schema';
import type { Db } from './db';
import { prepareColumn } from './sqlite';

/** Process types, forms and the folder's metadata: the configuration a seed sets. */
export type CatalogRepo = ReturnType<typeof createCatalogRepo>;

/** Prepares the statements for the catalog once per connection. */
export function createCatalogRepo(db: Db) {
  const insertType =
    db.prepare(`INSERT INTO process_types (process_type_id, name, reference_prefix, definition)
    VALUES (?, ?, ?, ?)`);
  const insertForm = db.prepare('INSERT INTO forms (form_code, definition) VALUES (?, ?)');
  const types = prepareColumn<string>(db, 'SELECT definition FROM process_types ORDER BY rowid');
  const forms = prepareColumn<string>(db, 'SELECT definition FROM forms ORDER BY rowid');
  const getMeta = prepareColumn<string>(db, 'SELECT value FROM meta WHERE key = ?');
  const setMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');

  return {
    addProcessType(type: ProcessTypeDefinition): void {
      const id = type.processTypeId.toLowerCase();
      insertType.run(id, type.name, type.referencePrefix, JSON.stringify({ ...type, processTypeId: id }));
    },
    addForm(form: FormDefinition): void {
      insertForm.run(form.formCode, JSON.stringify(form));
    },
    processTypes(): ProcessTypeDefinition[] {
      return types.all().map((json) => definitionSchemas.processType.parse(JSON.parse(json)));
    },
    forms(): FormDefinition[] {
      return forms.all().map((json) => definitionSchemas.form.parse(JSON.parse(json)));
    },
    meta(key: string): string | undefined {
      return getMeta.get(key);
    },
    setMeta(key: string, value: string): void {
      setMeta.run(key, value);
    },
  };
}
