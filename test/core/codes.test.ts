import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CODE_INFO, DOCS_BASE_URL, docsPath, docsUrl } from "../../src/core/codes.js";
import { CODES } from "../../src/core/diagnostic.js";
import { STRUCTURAL, UNSUPPRESSIBLE } from "../../src/core/suppressions.js";
import { DOCS_CODES_URL, PACKAGE_VERSION } from "../helpers/docs-url.js";

describe("CODE_INFO", () => {
  it("describes exactly the codes of CODES", () => {
    expect(Object.keys(CODE_INFO).sort()).toEqual([...CODES].sort());
  });

  it("makes only unreachable-rule, expired-address-entry (policy-language.md 5.3, 6), placeholder-environment-id and unused-suppression warnings: the codes config `severity:` may change", () => {
    const warnings = CODES.filter((code) => CODE_INFO[code].severity === "warning");
    expect(warnings).toEqual(["unreachable-rule", "expired-address-entry", "placeholder-environment-id", "unused-suppression"]);
    const config = JSON.parse(readFileSync(join(import.meta.dirname, "../../schemas/config.schema.json"), "utf8")) as { properties: { severity: { propertyNames: { enum: string[] } } } };
    expect(config.properties.severity.propertyNames.enum).toEqual(warnings);
  });

  it("says in invalid-suppression's help every code that cannot be suppressed", () => {
    const named = new Set(CODE_INFO["invalid-suppression"].help.match(/[a-z]+(?:-[a-z]+)+|\bschema\b/g));
    expect([...UNSUPPRESSIBLE, ...STRUCTURAL].filter((code) => !named.has(code))).toEqual([]);
  });

  it.each(CODES)("%s has a short title, a one-sentence summary and a 2-4 sentence help", (code) => {
    const { title, summary, help } = CODE_INFO[code];
    expect(title.length).toBeGreaterThan(0);
    expect(title.length).toBeLessThanOrEqual(40);
    expect(title).not.toMatch(/\.$/);
    expect(summary).toMatch(/^[A-Z`].*\.$/);
    const sentences = help.split(/(?<=\.)\s+(?=[A-Z`])/);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(4);
  });
});

describe("docsPath", () => {
  it("points at docs/codes/<code>.md, which DOCS_BASE_URL turns into a URL at this version's tag", () => {
    expect(docsPath("sanctions-floor")).toBe("docs/codes/sanctions-floor.md");
    expect(`${DOCS_BASE_URL}${docsPath("schema")}`).toBe(`${DOCS_CODES_URL}/schema.md`);
    expect(docsUrl("schema")).toBe(`https://github.com/screenpol/screenpol/blob/v${PACKAGE_VERSION}/docs/codes/schema.md`);
  });
});
