import { latestVersion, type Migration } from './sqlite';

/** The reference service's schema. */
// Append only: a released migration never changes, a new one gets the next version.
export const migrations: Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE process_types (
        process_type_id TEXT PRIMARY KEY, name TEXT NOT NULL, reference_prefix TEXT NOT NULL UNIQUE,
        next_reference INTEGER NOT NULL DEFAULT 1, definition TEXT NOT NULL);
      CREATE TABLE forms (form_code TEXT PRIMARY KEY, definition TEXT NOT NULL);
      CREATE TABLE processes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, process_id TEXT NOT NULL UNIQUE,
        process_type_id TEXT NOT NULL REFERENCES process_types(process_type_id),
        external_reference TEXT NOT NULL UNIQUE COLLATE NOCASE, status TEXT NOT NULL,
        started_date TEXT NOT NULL, completed_date TEXT, location TEXT, allocated_user TEXT, geo_tag TEXT);
      CREATE TABLE accounts (
        process_id TEXT NOT NULL REFERENCES processes(process_id), position INTEGER NOT NULL,
        account_id TEXT NOT NULL, reference TEXT NOT NULL, name TEXT NOT NULL,
        PRIMARY KEY (process_id, position));
      CREATE TABLE fields (
        process_id TEXT NOT NULL REFERENCES processes(process_id), code TEXT NOT NULL,
        position INTEGER NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, field_id TEXT NOT NULL,
        description TEXT NOT NULL, field_type TEXT NOT NULL, confidential INTEGER NOT NULL,
        PRIMARY KEY (process_id, code));
      CREATE TABLE steps (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, step_id TEXT NOT NULL UNIQUE,
        process_id TEXT NOT NULL REFERENCES processes(process_id), definition_index INTEGER NOT NULL,
        kind TEXT NOT NULL, name TEXT NOT NULL, started_on TEXT NOT NULL, completed_on TEXT,
        rest_state TEXT, rest_call TEXT);
      CREATE INDEX steps_by_process ON steps(process_id, seq);
      CREATE INDEX steps_rest_waiting ON steps(rest_state) WHERE completed_on IS NULL;
      CREATE TABLE notes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, note_id TEXT NOT NULL UNIQUE,
        process_id TEXT NOT NULL REFERENCES processes(process_id), contents TEXT NOT NULL,
        visible_to_accounts INTEGER NOT NULL, author TEXT NOT NULL, created_on TEXT NOT NULL);
      CREATE INDEX notes_by_process ON notes(process_id, seq);
      CREATE TABLE documents (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, document_id TEXT NOT NULL UNIQUE,
        process_id TEXT NOT NULL REFERENCES processes(process_id), filename TEXT NOT NULL,
        content_type TEXT NOT NULL, contents BLOB NOT NULL, created_on TEXT NOT NULL);
      CREATE INDEX documents_by_process ON documents(process_id, seq);
      CREATE TABLE api_keys (
        key_id TEXT PRIMARY KEY, name TEXT NOT NULL, api_key TEXT NOT NULL UNIQUE,
        secret_hash TEXT NOT NULL, created_on TEXT NOT NULL, created_by TEXT NOT NULL);
      CREATE TABLE access_tokens (
        token_hash TEXT PRIMARY KEY, key_id TEXT NOT NULL REFERENCES api_keys(key_id) ON DELETE CASCADE,
        expires_at INTEGER NOT NULL);
      CREATE TABLE staff_groups (name TEXT PRIMARY KEY, permissions TEXT NOT NULL);
      CREATE TABLE staff_users (
        user_name TEXT PRIMARY KEY, display_name TEXT NOT NULL, password_hash TEXT NOT NULL);
      CREATE TABLE staff_memberships (
        user_name TEXT NOT NULL REFERENCES staff_users(user_name),
        group_name TEXT NOT NULL REFERENCES staff_groups(name), PRIMARY KEY (user_name, group_name));
      CREATE TABLE idempotency_keys (
        key_id TEXT NOT NULL, idempotency_key TEXT NOT NULL, fingerprint TEXT NOT NULL,
        status INTEGER NOT NULL, response TEXT NOT NULL, created_at INTEGER NOT NULL,
        PRIMARY KEY (key_id, idempotency_key));
      CREATE INDEX idempotency_by_age ON idempotency_keys(created_at);
    `,
  },
];

/** The newest schema version this code knows. */
export const latestSchemaVersion = latestVersion(migrations);
