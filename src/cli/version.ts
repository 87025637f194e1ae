import { createRequire } from "node:module";

/** From package.json, so SARIF and --version never drift from the release. */
export const VERSION: string = (createRequire(import.meta.url)("../../package.json") as { version: string }).version;
