/**
 * The bounds of a token catalog read, shared by the sync (app/catalog.ts) and
 * the flags that set them (cli/program.ts), in a module light enough for the
 * program to import at start-up.
 */

/** Page size bounds (admin-api.md, operation 2 and Limits: an integer from 1 to 100). */
export const CATALOG_LIMIT = { min: 1, max: 100 } as const;
/** Ranges the two bounds may be set to (`--max-tokens`, `--max-seconds`). */
export const MAX_TOKENS_RANGE = { min: 1, max: 100_000_000 } as const;
export const MAX_SECONDS_RANGE = { min: 1, max: 86_400 } as const;
