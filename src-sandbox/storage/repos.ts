import { createCatalogRepo } from './catalog-repo';
import type { Db } from './db';
import { createDocumentRepo } from './document-repo';
import { createFieldRepo } from './field-repo';
import { createIdempotencyRepo } from './idempotency-repo';
import { createKeyRepo } from './key-repo';
import { createNoteRepo } from './note-repo';
import { createProcessRepo } from './process-repo';
import { createStaffRepo } from './staff-repo';
import { createStepRepo } from './step-repo';

/** Every repository, prepared once on one connection. */
export type Repos = ReturnType<typeof createRepos>;

/** Prepares all statements up front so no request pays for SQL parsing. */
export function createRepos(db: Db) {
  return {
    processes: createProcessRepo(db),
    steps: createStepRepo(db),
    fields: createFieldRepo(db),
    notes: createNoteRepo(db),
    documents: createDocumentRepo(db),
    keys: createKeyRepo(db),
    staff: createStaffRepo(db),
    idempotency: createIdempotencyRepo(db),
    catalog: createCatalogRepo(db),
  };
}
