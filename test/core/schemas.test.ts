import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM script without types
import { renderSchemasModule, renderValidatorsModule } from "../../scripts/generate.mjs";
import { schemaNames, schemaDocument } from "../../src/core/validate.js";

describe("schemas/", () => {
  it("are what the core was built with (run `npm run generate` after editing a schema)", () => {
    const generated = join(import.meta.dirname, "../../src/core/generated");
    expect(readFileSync(join(generated, "schemas.ts"), "utf8")).toBe(renderSchemasModule());
    expect(readFileSync(join(generated, "validators.ts"), "utf8")).toBe(renderValidatorsModule());
  });

  it.each(schemaNames())("%s compiles in ajv strict mode and describes every property", (name) => {
    const schema = schemaDocument(name);
    expect(() => new Ajv({ strict: true }).compile(schema)).not.toThrow();
    const undocumented: string[] = [];
    const visit = (node: unknown, path: string): void => {
      if (typeof node !== "object" || node === null) return;
      const record = node as Record<string, unknown>;
      if (record.properties && typeof record.properties === "object") {
        for (const [key, value] of Object.entries(record.properties as Record<string, Record<string, unknown>>)) {
          if (typeof value.description !== "string" && typeof value.$ref !== "string") undocumented.push(`${path}.${key}`);
        }
      }
      for (const [key, value] of Object.entries(record)) visit(value, `${path}.${key}`);
    };
    visit(schema, name);
    expect(undocumented).toEqual([]);
  });
});
