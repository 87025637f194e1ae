/** The official SARIF 2.1.0 schema (sarif-2.1.0-rtm.5, shipped by @microsoft/jest-sarif) as a validator. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import ajvDraft04 from "ajv-draft-04";
import ajvFormats from "ajv-formats";

const require = createRequire(import.meta.url);

// Both are CommonJS with `exports.default`: seen from ESM, the class and the plugin are that member.
const Ajv04 = ajvDraft04.default;
const addFormats = ajvFormats.default;
export const SARIF_SCHEMA_FILE = join(require.resolve("@microsoft/jest-sarif/package.json"), "../lib/schemas/sarif-2.1.0-rtm.5.json");

export interface SarifValidator {
  (log: unknown): boolean;
  /** ajv's errors of the last call, as text. */
  errors(): string;
}

/**
 * draft-04, hence ajv-draft-04; the schema's patterns are written for
 * non-Unicode regular expressions, hence `unicodeRegExp: false`; formats (uri,
 * uri-reference, date-time) are checked too.
 */
export function sarifValidator(): SarifValidator {
  const schema = JSON.parse(readFileSync(SARIF_SCHEMA_FILE, "utf8")) as { $schema: string };
  if (schema.$schema !== "http://json-schema.org/draft-04/schema#") throw new Error(`unexpected SARIF schema dialect ${schema.$schema}`);
  const ajv = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  const compiled = ajv.compile(schema);
  const validate = ((log: unknown) => compiled(log) as boolean) as SarifValidator;
  validate.errors = () => JSON.stringify(compiled.errors, null, 2);
  return validate;
}
