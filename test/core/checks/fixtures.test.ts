/**
 * One runner for every check's fixtures (markdownlint's habit): each case folder
 * under test/fixtures/checks/<code>/ is a small repository. `fail-*` cases write
 * the expected finding as a comment on the offending line:
 *
 *     riskLevel: {atLeast: high}   # expect: cross-vendor-field@7
 *
 * (code, then the column; `@L:C` names another line). Files that cannot hold a
 * comment list expectations in the case's expected.json. `pass-*` cases are near
 * misses and must lint with no finding at all.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { indexCatalog, type CatalogToken } from "../../../src/core/catalog.js";
import { toConfig } from "../../../src/core/config.js";
import { CODES, COMPARE_CODES } from "../../../src/core/diagnostic.js";
import { lintSources, type SourceFile } from "../../../src/core/lint.js";
import { parseYaml } from "../../../src/core/document.js";

const FIXTURES = join(import.meta.dirname, "../../fixtures/checks");
/** Fixed clock for expiry fixtures. */
const NOW = new Date("2026-11-21T12:00:00Z");
const config = toConfig(parseYaml(readFileSync(join(FIXTURES, "screenpol.config.yaml"), "utf8")).document?.data);

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

interface Expectation { file: string; line: number; column: number; code: string }

function expectationsOf(caseDir: string, files: SourceFile[]): Expectation[] {
  const expectations: Expectation[] = [];
  for (const source of files) {
    const text = source.text ?? "";
    text.split(/\r?\n/).forEach((line, index) => {
      for (const match of line.matchAll(/#\s*expect:\s*([a-z-]+)@(?:(\d+):)?(\d+)/g)) {
        expectations.push({ file: source.file, line: match[2] ? Number(match[2]) : index + 1, column: Number(match[3]), code: match[1]! });
      }
    });
  }
  try {
    expectations.push(...(JSON.parse(readFileSync(join(caseDir, "expected.json"), "utf8")) as Expectation[]));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  return expectations.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
}

function loadCase(caseDir: string): SourceFile[] {
  return listFiles(caseDir)
    .filter((path) => !path.endsWith("expected.json") && !path.endsWith("catalog.json"))
    .sort()
    .map((path) => {
      const bytes = readFileSync(path);
      const file = relative(caseDir, path).split("\\").join("/");
      return bytes.includes(0) ? { file, bytes } : { file, text: bytes.toString("utf8") };
    });
}

function catalogOf(caseDir: string) {
  try {
    return indexCatalog(JSON.parse(readFileSync(join(caseDir, "catalog.json"), "utf8")) as CatalogToken[]);
  } catch {
    return undefined;
  }
}

const codeDirs = readdirSync(FIXTURES).filter((name) => statSync(join(FIXTURES, name)).isDirectory()).sort();

for (const code of codeDirs) {
  describe(`check ${code}`, () => {
    const cases = readdirSync(join(FIXTURES, code)).sort();
    for (const name of cases) {
      const caseDir = join(FIXTURES, code, name);
      it(name, () => {
        const files = loadCase(caseDir);
        const result = lintSources(files, { config, now: NOW, catalog: catalogOf(caseDir) });
        const actual = result.diagnostics.map((d) => ({ file: d.file, line: d.line, column: d.column, code: d.code }));
        if (name.startsWith("pass")) {
          expect(result.diagnostics).toEqual([]);
        } else {
          const expected = expectationsOf(caseDir, files);
          expect(expected.some((e) => e.code === code), `fixture ${name} names no ${code} expectation`).toBe(true);
          expect(actual).toEqual(expected);
        }
      });
    }
  });
}

describe("fixture coverage", () => {
  // A code compare finds has its pairs of trees under test/fixtures/compare/ (test/cli/compare-fixtures.test.ts).
  it.each(CODES.filter((code) => !COMPARE_CODES.has(code)))("%s has a failing case and a near miss", (code) => {
    const cases = codeDirs.includes(code) ? readdirSync(join(FIXTURES, code)) : [];
    expect(cases.some((name) => name.startsWith("fail")), `${code} has no fail-* fixture`).toBe(true);
    expect(cases.some((name) => name.startsWith("pass")), `${code} has no pass-* fixture`).toBe(true);
  });
});
