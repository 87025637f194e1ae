/**
 * The CLI's SARIF against the OFFICIAL SARIF 2.1.0 JSON Schema (the
 * sarif-2.1.0-rtm.5 schema that @microsoft/jest-sarif ships; draft-04, hence
 * ajv-draft-04; its patterns are not written for the `u` flag, hence
 * `unicodeRegExp: false`), for the findings of every failing fixture, plus what
 * GitHub code scanning relies on: a rule with help for every code, relative
 * artifact locations against %SRCROOT%, 1-based regions.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_INFO, DOCS_BASE_URL, docsPath } from "../../src/core/codes.js";
import { CODES, COMPARE_CODES } from "../../src/core/diagnostic.js";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { fixtureCases, fixtureRepo } from "./support/fixtures.js";
import { sarifValidator, type SarifValidator } from "./support/sarif-schema.js";

type Json = any;

interface CaseRun {
  code: string;
  name: string;
  root: string;
  sarif: Json;
  json: { diagnostics: Array<{ file: string; line: number; column: number; endLine: number; endColumn: number; code: string; message: string }> };
}

// The first failing case of each code: every rule gets results, in ~20 CLI runs. unknown-token's
// cases carry their catalog as catalog.json beside the policies, which only the fixture runner reads.
const failing = fixtureCases().filter(
  (fixture, index, all) => fixture.name.startsWith("fail") && fixture.code !== "unknown-token" && !all.slice(0, index).some((f) => f.code === fixture.code && f.name.startsWith("fail")),
);

describe("SARIF output against the official SARIF 2.1.0 schema", () => {
  let validate: SarifValidator;
  const runs: CaseRun[] = [];
  const cleanups: Array<() => void> = [];

  beforeAll(async () => {
    validate = sarifValidator();

    // Two cases (four CLI processes) at a time: the machine has two cores.
    const queue = [...failing];
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        for (let fixture = queue.shift(); fixture; fixture = queue.shift()) {
          const repo = fixtureRepo(fixture);
          cleanups.push(repo.remove);
          const [sarifRun, jsonRun] = await Promise.all([
            runCli(["lint", "--format", "sarif"], { cwd: repo.dir }),
            runCli(["lint", "--format", "json"], { cwd: repo.dir }),
          ]);
          expect(sarifRun.stderr).toBe("");
          runs.push({ code: fixture.code, name: fixture.name, root: repo.dir, sarif: JSON.parse(sarifRun.stdout), json: JSON.parse(jsonRun.stdout) });
        }
      }),
    );
    runs.sort((a, b) => (a.code + a.name < b.code + b.name ? -1 : 1));
  }, 90_000);
  afterAll(() => cleanups.forEach((remove) => remove()));

  // Compare's codes are not lint's: test/cli/compare-formats.test.ts validates compare's SARIF.
  it("lints a failing fixture of every lint code but unknown-token", () => {
    expect(new Set(runs.map((run) => run.code))).toEqual(new Set(CODES.filter((code) => code !== "unknown-token" && !COMPARE_CODES.has(code))));
  });

  it("validates every run against the schema", () => {
    for (const run of runs) {
      const ok = validate(run.sarif);
      expect(ok, `${run.code}/${run.name}: ${validate.errors()}`).toBe(true);
    }
  });

  it("the schema is not a rubber stamp: it refuses a 0-based region and a rule without an id", () => {
    const sample = structuredClone(runs.find((run) => run.sarif.runs[0].results.length > 0)!.sarif);
    const broken = structuredClone(sample);
    broken.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    expect(validate(broken)).toBe(false);
    const noId = structuredClone(sample);
    delete noId.runs[0].tool.driver.rules[0].id;
    expect(validate(noId)).toBe(false);
  });

  it("reports each fixture's own code as a result of that rule", () => {
    for (const run of runs) {
      expect(run.sarif.runs[0].results.map((r: Json) => r.ruleId), `${run.code}/${run.name}`).toContain(run.code);
    }
  });

  it("has a rule for every code, with a short description, help text and a helpUri to its docs page", () => {
    const rules: Json[] = runs[0]!.sarif.runs[0].tool.driver.rules;
    expect(rules.map((rule) => rule.id)).toEqual([...CODES]);
    for (const code of CODES) {
      const rule = rules.find((r) => r.id === code);
      expect(rule.shortDescription.text).toBe(CODE_INFO[code].title);
      expect(rule.fullDescription.text).toBe(CODE_INFO[code].summary);
      expect(rule.help.text.length).toBeGreaterThan(40);
      expect(rule.helpUri).toBe(`${DOCS_BASE_URL}${docsPath(code)}`);
      expect(existsSync(join(PROJECT_ROOT, docsPath(code))), `${docsPath(code)} exists`).toBe(true);
      expect(rule.defaultConfiguration.level).toBe(CODE_INFO[code].severity);
    }
  });

  it("locates results relative to %SRCROOT%, with 1-based lines and columns equal to --format json", () => {
    for (const run of runs) {
      const sarifRun = run.sarif.runs[0];
      expect(sarifRun.originalUriBaseIds["%SRCROOT%"].uri).toBe(pathToFileURL(`${run.root}/`).href);
      expect(sarifRun.columnKind).toBe("utf16CodeUnits");
      expect(sarifRun.results).toHaveLength(run.json.diagnostics.length);
      sarifRun.results.forEach((result: Json, index: number) => {
        const d = run.json.diagnostics[index]!;
        const { artifactLocation, region } = result.locations[0].physicalLocation;
        expect(artifactLocation.uriBaseId).toBe("%SRCROOT%");
        expect(artifactLocation.uri).not.toMatch(/^[a-z][a-z0-9+.-]*:|^\//i);
        expect(decodeURIComponent(artifactLocation.uri)).toBe(d.file);
        expect(region.startLine).toBe(d.line);
        expect(region.startColumn).toBe(d.column);
        expect(region.startLine).toBeGreaterThanOrEqual(1);
        expect(region.startColumn).toBeGreaterThanOrEqual(1);
        expect(result.ruleId).toBe(d.code);
        expect(result.message.text).toBe(d.message);
      });
    }
  });
});
