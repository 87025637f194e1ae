/**
 * The docs links a user should see, made here from package.json rather than from
 * core/codes.ts, so that a test of a link checks the link and not the code that
 * made it: this version's tag, never `main` (the docs travel with the version).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** package.json's version: the tag `v<version>` the links name. */
export const PACKAGE_VERSION = (JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8")) as { version: string }).version;

/** The folder of the codes' pages at this version's tag; a page is `${DOCS_CODES_URL}/<code>.md`. */
export const DOCS_CODES_URL = `https://github.com/screenpol/screenpol/blob/v${PACKAGE_VERSION}/docs/codes`;
