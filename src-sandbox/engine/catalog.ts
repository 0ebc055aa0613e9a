import type { FormDefinition, ProcessTypeDefinition } from '../seed/seed-schema';
import type { CatalogRepo } from '../storage/catalog-repo';

/** Process types and forms, read from the database once at start (they change only by seed). */
export interface Catalog {
  processType(processTypeId: string): ProcessTypeDefinition | undefined;
  form(formCode: string): FormDefinition | undefined;
}

/** A catalog over the given definitions. */
export function catalogFrom(types: ProcessTypeDefinition[], forms: FormDefinition[]): Catalog {
  const typesById = new Map(types.map((type) => [type.processTypeId.toLowerCase(), type]));
  const formsByCode = new Map(forms.map((form) => [form.formCode, form]));
  return {
    processType: (processTypeId) => typesById.get(processTypeId.toLowerCase()),
    form: (formCode) => formsByCode.get(formCode),
  };
}

/** Loads the catalog into memory so requests never re-parse definitions. */
export function loadCatalog(repo: CatalogRepo): Catalog {
  return catalogFrom(repo.processTypes(), repo.forms());
}
