/**
 * Messages of the codes the runner produces itself (document.ts, validate.ts),
 * for the fixtures whose message matters, not only their position.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { lintText } from "../../../src/core/lint.js";

const FIXTURES = join(import.meta.dirname, "../../fixtures/checks");

it("anyOf under schemaVersion 1 says it needs schemaVersion 2", () => {
  const file = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
  const text = readFileSync(join(FIXTURES, "schema/fail-anyof-in-v1", file), "utf8");
  expect(lintText(file, text).map((d) => [d.code, d.message])).toEqual([
    ["schema", "rules.postScreen[0].when.anyOf: anyOf needs schemaVersion 2; this policy declares schemaVersion 1"],
  ]);
});

it("a whole-file finding sits at line 1, column 1, even below leading comments", () => {
  const text = "# a comment\n# another\nwebhooks: []\n";
  const [diagnostic] = lintText("webhooks/nested/x.yaml", text);
  expect(diagnostic).toMatchObject({ code: "path-mismatch", line: 1, column: 1, path: "" });
});
