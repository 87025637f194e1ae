/**
 * The runner of the compare fixtures (test/fixtures/compare/<code>/<case>/,
 * support/compare-fixtures.ts), as the check fixtures have theirs: each
 * `fail-*` case gives exactly the findings its head files expect, as GitHub
 * annotations of `compare --format github --deny-weakening` (exit 1); each
 * `pass-*` case, a near miss, gives none (exit 0). And every code of
 * COMPARE_CODES has both.
 */
import { describe, expect, it } from "vitest";
import { COMPARE_CODES } from "../../src/core/diagnostic.js";
import { COMPARE_FIXTURE_ARGS, compareCaseDir, compareCasesOf, headExpectations, runOnCase } from "../integrations/support/compare-fixtures.js";

const ANNOTATION = /^::(error|warning) file=([^,]+),line=(\d+),col=(\d+),endLine=\d+,endColumn=\d+,title=([a-z-]+)::/;

describe.each([...COMPARE_CODES])("compare fixtures of %s", { timeout: 120_000 }, (code) => {
  it("has a failing case and a near miss", () => {
    expect(compareCasesOf(code).some((name) => name.startsWith("fail-")), `test/fixtures/compare/${code}/ has no fail-* case`).toBe(true);
    expect(compareCasesOf(code).some((name) => name.startsWith("pass-")), `test/fixtures/compare/${code}/ has no pass-* case`).toBe(true);
  });

  it.each(compareCasesOf(code))("%s", async (name) => {
    const dir = compareCaseDir(code, name);
    const run = await runOnCase(dir, [...COMPARE_FIXTURE_ARGS, "--format", "github"]);
    const findings = run.stdout
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => {
        const match = ANNOTATION.exec(line);
        expect(match, line).not.toBeNull();
        return { file: match![2]!, line: Number(match![3]), column: Number(match![4]), code: match![5]! };
      });
    if (name.startsWith("pass-")) {
      expect(findings).toEqual([]);
      expect(run.code).toBe(0);
    } else {
      const expected = headExpectations(dir);
      expect(expected.some((expectation) => expectation.code === code), `${name} names no ${code} expectation`).toBe(true);
      expect(findings).toEqual(expected);
      expect(run.code).toBe(1);
    }
  });
});
