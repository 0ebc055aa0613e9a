import { z } from 'zod';
import { plainIssueMessage } from '../src-shared/issue-messages';

/**
 * zod compiles object parsers with `new Function()` unless told not to, and even its probe for
 * eval is reported by a strict CSP. Imported first by main.tsx, so it runs before any schema
 * (the contract's) is built. It also words every issue a schema leaves unworded (input-errors.ts).
 */
z.config({ jitless: true, customError: plainIssueMessage });
