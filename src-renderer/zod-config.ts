import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function()` unless told not to, and even its probe for
 * eval is reported by a strict CSP. Imported first by main.tsx, so it runs before any schema
 * (the contract's) is built.
 */
z.config({ jitless: true });
