import { z } from 'zod';

/*
 * Inputs of the paged document calls (documents.tree, .text, .search, .source, .close). They live
 * here so contract.ts stays one screenful per domain; the limits are the renderer's page sizes.
 */

/** The handle documents.get gave for the open document. */
export const documentRef = z
  .string()
  .regex(/^[mw]-[0-9a-f-]{36}$/, 'is not a document handle from documents.get');

/** An element's place in the tree: '0' is the root, '0.2' its third child. */
const treePath = z
  .string()
  .max(2000)
  .regex(/^0(\.\d{1,7})*$/, 'is not a tree path like 0.2.5');

/** Largest page of tree children, lines or search matches one call returns. */
export const maxPage = 2000;

export const documentTreeInput = z
  .object({
    documentRef,
    path: treePath,
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(maxPage).default(200),
  })
  .strict();

export const documentTextInput = z
  .object({
    documentRef,
    fromLine: z.number().int().min(0),
    toLine: z.number().int().min(0),
  })
  .strict()
  .refine((input) => input.toLine >= input.fromLine, { message: 'toLine must not be before fromLine' })
  .refine((input) => input.toLine - input.fromLine <= maxPage, {
    message: `ask for at most ${maxPage} lines at a time`,
  });

export const documentSearchInput = z
  .object({
    documentRef,
    query: z.string().trim().min(1, 'is empty; type what to look for').max(200),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(maxPage).default(200),
  })
  .strict();

export const documentRefInput = z.object({ documentRef }).strict();
