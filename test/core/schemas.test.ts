import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM script without types
import { renderReleaseModule, renderSchemasModule, renderValidatorsModule } from "../../scripts/generate.mjs";
import { schemaDocument } from "../../src/core/validate.js";
import { editorPolicySchema } from "../../src/core/editor-schema.js";
import { SCHEMAS, type SchemaName } from "../../src/core/generated/schemas.js";
import { parse } from "yaml";

const schemaNames = (): SchemaName[] => Object.keys(SCHEMAS) as SchemaName[];

describe("schemas/", () => {
  it("are what the core was built with (run `npm run generate` after editing a schema)", () => {
    const generated = join(import.meta.dirname, "../../src/core/generated");
    expect(readFileSync(join(generated, "schemas.ts"), "utf8")).toBe(renderSchemasModule());
    expect(readFileSync(join(generated, "validators.ts"), "utf8")).toBe(renderValidatorsModule());
  });

  it.each(schemaNames())("%s compiles in ajv strict mode and describes every property", (name) => {
    const schema = schemaDocument(name);
    const ajv = new Ajv({ strict: true });
    // The per-vendor editor schemas refer to the per-version ones by relative $ref.
    for (const other of schemaNames()) if (other !== name) ajv.addSchema(schemaDocument(other));
    expect(() => ajv.compile(schema)).not.toThrow();
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

describe("the editor schema of a vendor", () => {
  const sample = (path: string) => parse(readFileSync(join(import.meta.dirname, "../..", path), "utf8"));

  it.each(["vendorAWalletScreening", "vendorBAddressScreening"] as const)("%s is self-contained and follows each file's schemaVersion", (vendor) => {
    const validate = new Ajv({ strict: true }).compile(editorPolicySchema(vendor));
    for (const environment of ["sandbox", "live"]) {
      for (const scope of ["SIGN_IN", "TRANSACTION"]) {
        const policy = sample(`policies/${environment}/${vendor}/${scope}.yaml`);
        expect(validate(policy), `${environment}/${scope} v${policy.schemaVersion}`).toBe(true);
        const other = { ...policy, schemaVersion: policy.schemaVersion === 1 ? 2 : 1 };
        const anyOfUsed = JSON.stringify(policy.rules).includes('"anyOf"');
        // anyOf is valid only under schemaVersion 2.
        if (anyOfUsed) expect(validate(other)).toBe(false);
      }
    }
  });
});

describe("src/core/generated/release.ts", () => {
  it("is package.json's version and GitHub repository, which the docs links and the action reference are made from", () => {
    const generated = join(import.meta.dirname, "../../src/core/generated");
    expect(readFileSync(join(generated, "release.ts"), "utf8")).toBe(renderReleaseModule());
    expect(renderReleaseModule({ version: "1.2.3", repository: { type: "git", url: "git+https://github.com/acme/policy-tool.git" } })).toContain(
      'export const PACKAGE_VERSION = "1.2.3";',
    );
    expect(renderReleaseModule({ version: "1.2.3", repository: "https://github.com/acme/policy-tool" })).toContain('export const GITHUB_REPOSITORY = "acme/policy-tool";');
  });

  it("fails the build on a repository that is not on GitHub, or no version: a link made from it would lead nowhere", () => {
    expect(() => renderReleaseModule({ version: "1.2.3", repository: { url: "git+https://gitlab.com/acme/tool.git" } })).toThrow(/"repository" must be a GitHub repository URL/);
    expect(() => renderReleaseModule({ version: "1.2.3" })).toThrow(/"repository" must be a GitHub repository URL/);
    expect(() => renderReleaseModule({ repository: "https://github.com/acme/tool" })).toThrow(/"version" is missing/);
  });
});
