/**
 * secret-in-file over the token catalog snapshot (docs/decisions.md,
 * "Lint hardening"): lint reads catalog/tokens.json and tokens.meta.json for
 * unknown-token, so their text is scanned for secrets too, and a finding
 * points at its line and column there.
 */
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runLint } from "../../src/app/lint.js";
import { PROJECT_ROOT } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

let repo: TempRepo | undefined;
afterEach(() => repo?.remove());

/** The sample repository with its catalog snapshot; its TRANSACTION policies list tokens, so lint reads the snapshot. */
function sampleWithCatalog(): TempRepo {
  const made = makeTempRepo();
  cpSync(join(PROJECT_ROOT, "catalog"), join(made.dir, "catalog"), { recursive: true });
  return made;
}

function snapshotFindings(diagnostics: Array<{ file: string; line: number; column: number; endColumn: number; code: string; message: string }>) {
  return diagnostics.filter((d) => d.file.startsWith("catalog/")).map(({ file, line, column, endColumn, code }) => ({ file, line, column, endColumn, code }));
}

describe("lint scans the token catalog snapshot for secrets", () => {
  it("the repository's own snapshot has none, scanned in full (its meta's scan seal removed)", async () => {
    repo = sampleWithCatalog();
    const metaPath = join(repo.dir, "catalog", "tokens.meta.json");
    const { secretScan, ...unsealed } = JSON.parse(readFileSync(metaPath, "utf8")) as Record<string, unknown>;
    expect(secretScan).toBeDefined();
    repo.write("catalog/tokens.meta.json", `${JSON.stringify(unsealed, null, 2)}\n`);
    const run = await runLint({ cwd: repo.dir });
    expect(run.catalog).toMatchObject({ status: "loaded", secretScanSealed: false, metaProblem: undefined });
    expect(snapshotFindings(run.diagnostics)).toEqual([]);
  });

  it("reports a credential in tokens.json at its line and column", async () => {
    repo = sampleWithCatalog();
    const path = join(repo.dir, "catalog", "tokens.json");
    const lines = readFileSync(path, "utf8").split("\n");
    // Line 4 of the file: a logo URL that carries an access token in its query.
    lines[3] = lines[3]!.replace(/"decimals"/, '"logoURI":"https://cdn.example.com/l.png?access_token=Zq8xV2mN4pL7rT1w","decimals"');
    repo.write("catalog/tokens.json", lines.join("\n"));
    const run = await runLint({ cwd: repo.dir });
    const column = lines[3]!.indexOf("?access_token=") + 1;
    expect(snapshotFindings(run.diagnostics)).toEqual([
      { file: "catalog/tokens.json", line: 4, column, endColumn: column + "?access_token=Zq8xV2mN4pL7rT1w".length, code: "secret-in-file" },
    ]);
    expect(run.diagnostics.find((d) => d.file === "catalog/tokens.json")?.message).not.toContain("Zq8xV2mN4pL7rT1w");
  });

  it("reports a URL password in tokens.meta.json at the value, as in a YAML file", async () => {
    repo = sampleWithCatalog();
    const path = join(repo.dir, "catalog", "tokens.meta.json");
    const text = readFileSync(path, "utf8").replace(/"source": "http:\/\//, '"source": "https://ops:hunter2hunter2@');
    repo.write("catalog/tokens.meta.json", text);
    const run = await runLint({ cwd: repo.dir });
    const lineIndex = text.split("\n").findIndex((line) => line.includes('"source"'));
    expect(snapshotFindings(run.diagnostics)).toEqual([
      {
        file: "catalog/tokens.meta.json",
        line: lineIndex + 1,
        column: text.split("\n")[lineIndex]!.indexOf("https://ops") + 1,
        endColumn: text.split("\n")[lineIndex]!.lastIndexOf('"') + 1,
        code: "secret-in-file",
      },
    ]);
    expect(run.diagnostics.some((d) => d.file === "catalog/tokens.meta.json" && d.severity === "error")).toBe(true);
  });
});
