/**
 * JSON Schema validation with ajv, translated into findings a person can read.
 * Raw ajv errors never leave this file.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import type { Finding } from "./checks/check.js";
import { formatPath, type DocPath } from "./diagnostic.js";
import { SCHEMAS, type SchemaName } from "./generated/schemas.js";
// Precompiled by scripts/generate.mjs (ajv standalone, allErrors + verbose): compiling at start-up cost more than the rest of a lint.
import { VALIDATORS } from "./generated/validators.js";
import { closest } from "./suggest.js";
import { ELLIPSIS } from "./secret-redactor.js";
import type { SchemaVersion, Vendor } from "./vendors.js";

function validatorFor(name: SchemaName): ValidateFunction {
  return (VALIDATORS as Record<SchemaName, ValidateFunction>)[name];
}

export function policySchemaName(vendor: Vendor, version: SchemaVersion): SchemaName {
  return `policy-${vendor}-v${version}` as SchemaName;
}

/** The JSON Schema of a file kind, for `screenpol schema` and editors. */
export function schemaDocument(name: SchemaName): object {
  return SCHEMAS[name];
}

export function schemaNames(): SchemaName[] {
  return Object.keys(SCHEMAS) as SchemaName[];
}

export interface ValidationHints {
  /** The policy's declared schemaVersion, so `anyOf` under 1 can say it needs 2. */
  schemaVersion?: unknown;
}

/** Validates `data` against a schema; returns findings with code `schema`. */
export function validateWithSchema(name: SchemaName, data: unknown, hints: ValidationHints = {}): Finding[] {
  const validate = validatorFor(name);
  if (validate(data)) return [];
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const finding = translate(error, data, hints);
    const key = `${JSON.stringify(finding.path)}|${finding.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(finding);
  }
  return findings;
}

function translate(error: ErrorObject, root: unknown, hints: ValidationHints): Finding {
  const path = toDocPath(error.instancePath, root);
  const params = error.params as Record<string, unknown>;
  const parentSchema = (error.parentSchema ?? {}) as Record<string, unknown>;
  switch (error.keyword) {
    case "additionalProperties": {
      const key = String(params.additionalProperty);
      const allowed = Object.keys((parentSchema.properties as object | undefined) ?? {});
      if (key === "anyOf" && hints.schemaVersion === 1) {
        return schemaFinding([...path, key], "anyOf needs schemaVersion 2; this policy declares schemaVersion 1", "key");
      }
      const guess = closest(key, allowed);
      const hint = guess ? `did you mean "${guess}"?` : `allowed here: ${allowed.join(", ")}`;
      return schemaFinding([...path, key], `unknown field ${JSON.stringify(key)}; ${hint}`, "key");
    }
    case "required": {
      const missing = String(params.missingProperty);
      if (path.length === 0 && (root === null || root === undefined)) {
        return schemaFinding(path, "the file is empty");
      }
      return schemaFinding(path, `missing required field "${missing}"`, path.length > 0 ? "key" : undefined);
    }
    case "enum": {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const value = error.data;
      const guess = typeof value === "string" ? closest(value, allowed) : undefined;
      const hint = guess ? ` (did you mean ${guess}?)` : "";
      return schemaFinding(path, `${describe(value)} is not one of ${allowed.join(", ")}${hint}`, "value");
    }
    case "const":
      return schemaFinding(path, `must be ${JSON.stringify(params.allowedValue)}, not ${describe(error.data)}`, "value");
    case "type":
      return schemaFinding(path, typeMessage(String(params.type), error.data, path.length === 0), "value");
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return schemaFinding(path, `${describe(error.data)} is out of range: must be ${String(params.comparison)} ${String(params.limit)}`, "value");
    case "pattern":
      return schemaFinding(path, `${describe(error.data)} ${patternExplanation(parentSchema)}`, "value");
    case "minLength":
      return schemaFinding(path, Number(params.limit) === 1 ? "must not be empty" : `must be at least ${String(params.limit)} characters`, "value");
    case "maxLength":
      return schemaFinding(path, `is ${(error.data as string).length} characters; at most ${String(params.limit)} allowed`, "value");
    case "minItems":
      return schemaFinding(path, Number(params.limit) === 1 ? "must not be an empty list" : `must hold at least ${String(params.limit)} items`, "value");
    case "maxItems":
      return schemaFinding(path, `must hold at most ${String(params.limit)} items`, "value");
    case "uniqueItems":
      return schemaFinding([...path, Number(params.j)], `repeats item ${Number(params.i) + 1} of the list; list items must be unique`, "value");
    case "minProperties":
      return schemaFinding(path, `must not be empty: set at least ${String(params.limit)} of ${Object.keys((parentSchema.properties as object | undefined) ?? {}).join(", ")}`, "value");
    case "propertyNames":
      return schemaFinding([...path, String(params.propertyName)], `name "${String(params.propertyName)}" is not allowed here`, "key");
    default:
      return schemaFinding(path, error.message ?? `fails the ${error.keyword} rule of the schema`);
  }
}

/**
 * The first way `data` fails the schema of a wire shape (a response body of the
 * admin interface, plan.json): where, as `tokens[3].decimals`, and what it is
 * not. Undefined when the data conforms. Unlike {@link validateWithSchema} it
 * never quotes a value, since a response may echo a secret.
 */
export interface ShapeProblem {
  /** Dotted path of the member; "" for the body itself. */
  path: string;
  /** e.g. "is not a non-negative integer". */
  expectation: string;
}

export function shapeProblem(name: SchemaName, data: unknown): ShapeProblem | undefined {
  const validate = validatorFor(name);
  if (validate(data)) return undefined;
  // An `if` error only says that its `then` failed, which is reported on its own. A member
  // that is there but wrong names the mistake better than one that is missing.
  const errors = (validate.errors ?? []).filter((candidate) => candidate.keyword !== "if");
  const error = errors.find((candidate) => candidate.keyword !== "required") ?? errors[0];
  if (!error) return { path: "", expectation: "does not match its schema" };
  const path = toDocPath(error.instancePath, data);
  const params = error.params as Record<string, unknown>;
  const at = (expectation: string, member?: string): ShapeProblem => ({ path: formatPath(member === undefined ? path : [...path, member]), expectation });
  switch (error.keyword) {
    case "required":
      return at("is missing", String(params.missingProperty));
    case "type":
      // An integer with minimum 0 (a revision, a count) is one expectation, as the minimum below says it.
      return at(params.type === "integer" && (error.parentSchema as { minimum?: number } | undefined)?.minimum === 0 ? "is not a non-negative integer" : shapeTypeExpectation(String(params.type)));
    case "minimum":
      return at(Number(params.limit) === 0 ? "is not a non-negative integer" : `is less than ${String(params.limit)}`);
    case "maximum":
      return at(`is greater than ${String(params.limit)}`);
    case "enum":
      return at(`is not one of ${(params.allowedValues as unknown[]).map(String).join(", ")}`);
    case "const":
      return at(`is not ${JSON.stringify(params.allowedValue)}`);
    case "minLength":
      return at("is empty");
    case "pattern":
      return at(`does not match ${String(params.pattern)}`);
    default:
      return at(error.message ?? `fails the ${error.keyword} rule of the schema`);
  }
}

/** ajv's type names ("string,null") as the reader of a one-line error reads them. */
function shapeTypeExpectation(types: string): string {
  const names: Record<string, string> = { object: "a JSON object", array: "an array", string: "a string", integer: "an integer", number: "a number", boolean: "a boolean", null: "null" };
  const wanted = types.split(",").map((type) => names[type] ?? type);
  return wanted.length === 1 ? `is not ${wanted[0]}` : `is neither ${wanted.slice(0, -1).join(", ")} nor ${wanted.at(-1)}`;
}

function schemaFinding(path: DocPath, message: string, target?: Finding["target"]): Finding {
  return target ? { code: "schema", path, message, target } : { code: "schema", path, message };
}

/** ajv's instancePath is a JSON pointer; array indexes become numbers by looking at the data. */
function toDocPath(pointer: string, root: unknown): DocPath {
  if (pointer === "") return [];
  const path: Array<string | number> = [];
  let node: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(node)) {
      const index = Number(segment);
      path.push(index);
      node = node[index];
    } else {
      path.push(segment);
      node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
    }
  }
  return path;
}

/** YAML 1.1 booleans read as strings under YAML 1.2, the usual trap. */
const YAML11_BOOLEANS: Readonly<Record<string, boolean>> = {
  yes: true, no: false, on: true, off: false, y: true, n: false, true: true, false: false,
};

function typeMessage(expected: string, value: unknown, isRoot: boolean): string {
  if (isRoot && (value === null || value === undefined)) return "the file is empty";
  const wanted = expected.replace(/,/g, " or ").replace("integer", "whole number").replace("object", "map");
  const article = /^[aeiou]/.test(wanted) ? "an" : "a";
  let message = `must be ${article} ${wanted}, not ${describe(value)}`;
  if (expected === "boolean" && typeof value === "string") {
    const meant = YAML11_BOOLEANS[value.toLowerCase()];
    if (meant !== undefined) message += ` (YAML 1.2 reads ${value} as text; write ${String(meant)})`;
  }
  if ((expected === "number" || expected === "integer") && typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value))) {
    message += ` (remove the quotes: ${value})`;
  }
  if (expected === "string" && (typeof value === "number" || typeof value === "boolean")) {
    message += ` (quote it: "${String(value)}")`;
  }
  return message;
}

function patternExplanation(schema: Record<string, unknown>): string {
  const description = typeof schema.description === "string" ? schema.description : "";
  return `does not match the required format ${String(schema.pattern)}${description ? ` (${firstSentence(description)})` : ""}`;
}

function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return end === -1 ? text : text.slice(0, end);
}

/**
 * A value as a person would read it in a message. A long one is cut with the
 * redactor's ellipsis, so a secret pasted into a policy is still found when
 * only its first characters are quoted (core/secret-redactor.ts).
 */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return "empty";
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 59)}${ELLIPSIS}` : value);
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a map";
  return String(value);
}
