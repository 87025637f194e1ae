/**
 * One self-contained JSON Schema per vendor for editors: it picks the rule schema
 * of the policy's own `schemaVersion`, so a single `yaml.schemas` mapping covers
 * version 1 and version 2 files alike. Built from the per-version schemas in
 * schemas/, never written by hand.
 */
import { SCHEMAS, type SchemaName } from "./generated/schemas.js";
import { screeningSchemaName } from "./semantics/screening-input.js";
import { SCHEMA_VERSIONS, VENDORS, type Vendor } from "./vendors.js";

export function editorPolicySchema(vendor: Vendor): object {
  const definitions: Record<string, unknown> = {};
  for (const version of SCHEMA_VERSIONS) {
    const { $schema: _schema, $id: _id, ...rest } = SCHEMAS[`policy-${vendor}-v${version}` as SchemaName] as Record<string, unknown>;
    definitions[`v${version}`] = rebaseReferences(rest, `#/definitions/v${version}`);
  }
  const combined = SCHEMAS[`policy-${vendor}` as SchemaName] as Record<string, unknown>;
  return {
    $schema: combined.$schema,
    $id: combined.$id,
    title: combined.title,
    description: combined.description,
    definitions,
    if: combined.if,
    then: { $ref: "#/definitions/v1" },
    else: { $ref: "#/definitions/v2" },
  };
}

/**
 * The test file schema for editors: the header and cases of
 * schemas/policy-test.schema.json, with each case's screening checked as the
 * screening schema of the vendor the header names (both embedded, not copied).
 */
export function editorTestSchema(): object {
  const { definitions, ...test } = SCHEMAS["policy-test"] as Record<string, unknown> & { definitions: Record<string, unknown> };
  const embedded: Record<string, unknown> = { ...definitions };
  const branches = VENDORS.map((vendor) => {
    const { $schema: _schema, $id: _id, ...screening } = SCHEMAS[screeningSchemaName(vendor)] as Record<string, unknown>;
    embedded[`screening-${vendor}`] = rebaseReferences(screening, `#/definitions/screening-${vendor}`);
    return {
      if: { properties: { providerType: { const: vendor } }, required: ["providerType"] },
      then: { properties: { cases: { type: "array", items: { type: "object", properties: { screening: { $ref: `#/definitions/screening-${vendor}` } } } } } },
    };
  });
  return { ...test, definitions: embedded, allOf: branches };
}

/** Local references (`#/definitions/x`) of an embedded schema, pointed at its new place. */
function rebaseReferences(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((item) => rebaseReferences(item, base));
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === "$ref" && typeof value === "string" && value.startsWith("#/") ? `${base}/${value.slice(2)}` : rebaseReferences(value, base);
  }
  return out;
}
