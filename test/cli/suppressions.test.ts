/**
 * Suppressions with a reason and config severities (docs/decisions.md,
 * "Issue 14: suppressions"), through the real CLI: a suppressed finding
 * leaves the exit code and the counts but stays visible in every format;
 * compliance findings are never suppressed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const FIXTURES = join(import.meta.dirname, "../fixtures/checks");
const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const REASON = "kept while the catch-all is trialled (COMP-1201)";

let repo: TempRepo;
afterEach(() => repo.remove());

/** The fixture repository of `code/name`, with the fixtures' config. */
function fixture(code: string, name: string): TempRepo {
  const made = makeTempRepo({ samples: false });
  made.write("screenpol.config.yaml", readFileSync(join(FIXTURES, "screenpol.config.yaml")));
  const base = join(FIXTURES, code, name);
  for (const path of [POLICY, "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml"]) {
    try {
      made.write(path, readFileSync(join(base, path)));
    } catch {
      // The case has only one of them.
    }
  }
  return made;
}

const lint = (...args: string[]) => runCli(["lint", ...args], { cwd: repo.dir });

describe("a suppressed finding", () => {
  it("leaves the exit code and the totals; pretty counts it, and lists it with its reason under --show-suppressed", async () => {
    repo = fixture("invalid-suppression", "pass-reason-given");
    expect(await lint()).toEqual({ code: 0, stdout: "✔ 2 files linted, no problems (1 suppressed)\n", stderr: "" });
    const shown = await lint("--show-suppressed", "--max-warnings", "0");
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe(
      `${POLICY}:14:11  suppressed  rules.postScreen[1].id: unreachable: rules.postScreen[0] (id "block-everything") matches every address before this rule is reached  unreachable-rule\n` +
        `  reason: ${REASON}\n\n✔ 2 files linted, no problems (1 suppressed)\n`,
    );
  });

  it("is in JSON with its justification, in SARIF with an inSource suppression, a skipped JUnit case, and no GitHub annotation", async () => {
    repo = fixture("invalid-suppression", "pass-reason-given");
    const json = JSON.parse((await lint("--format", "json")).stdout);
    expect(json).toMatchObject({ errorCount: 0, warningCount: 0, diagnostics: [], suppressedCount: 1 });
    expect(json.suppressed).toEqual([expect.objectContaining({ file: POLICY, line: 14, column: 11, code: "unreachable-rule", severity: "warning", justification: REASON })]);

    const sarif = JSON.parse((await lint("--format", "sarif")).stdout);
    expect(sarif.runs[0].results).toEqual([expect.objectContaining({ ruleId: "unreachable-rule", suppressions: [{ kind: "inSource", justification: REASON }] })]);

    const junit = (await lint("--format", "junit")).stdout;
    expect(junit).toContain('<testsuites name="screenpol" tests="2" failures="0" errors="0" skipped="1">');
    expect(junit).toContain(`line="14"><skipped message="suppressed: ${REASON}"/></testcase>`);

    expect(await lint("--format", "github")).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe("a suppression that cannot be honoured", () => {
  it("without a reason suppresses nothing and is an error", async () => {
    repo = fixture("invalid-suppression", "fail-no-reason");
    const run = await lint("--format", "json");
    expect(run.code).toBe(1);
    const codes = JSON.parse(run.stdout).diagnostics.map((d: { line: number; code: string; message: string }) => `${d.line} ${d.code}`);
    expect(codes).toEqual(["13 invalid-suppression", "14 unreachable-rule"]);
  });

  it("of a compliance finding is an error that says why, and the finding stays", async () => {
    repo = fixture("invalid-suppression", "fail-compliance-finding");
    const run = await lint();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("cross-vendor-field is a compliance finding (field of the other vendor) and cannot be suppressed: fix the policy  invalid-suppression");
    expect(run.stdout).toContain("  cross-vendor-field\n");
  });

  it.each([
    ["yaml-syntax", "fail-yaml-syntax-next-line", "Invalid YAML"],
    ["duplicate-key", "fail-duplicate-key-file", "Duplicate key"],
    ["schema", "fail-schema-next-line", "Schema violation"],
    ["unknown-schema-version", "fail-unknown-schema-version-file", "Unknown schemaVersion"],
    ["path-mismatch", "fail-path-mismatch-next-line", "Content disagrees with path"],
  ])("of %s, in a file with no meaning yet, is an error that says why, and the finding stays an error (exit 1)", async (code, name, title) => {
    repo = fixture("invalid-suppression", name);
    const run = await lint("--format", "json");
    expect([run.code, run.stderr]).toEqual([1, ""]);
    const json = JSON.parse(run.stdout);
    expect(json.suppressedCount ?? 0).toBe(0);
    expect(json.diagnostics.map((d: { code: string; severity: string }) => `${d.code} ${d.severity}`).sort()).toEqual([`${code} error`, "invalid-suppression error"].sort());
    expect(json.diagnostics.find((d: { code: string }) => d.code === "invalid-suppression").message).toBe(
      `${code} cannot be suppressed: a file that does not parse, validate and name one policy has no meaning to accept (${title.toLowerCase()}); fix the file`,
    );
  });

  it("that matches nothing is a warning", async () => {
    repo = fixture("unused-suppression", "fail-no-finding-below");
    const run = await lint();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${POLICY}:10:5  warning  the suppression of unreachable-rule matches no finding on line 11; remove it, so that it cannot hide the next one  unused-suppression`);
  });
});

describe("severity in screenpol.config.yaml", () => {
  const withSeverity = (severity: string) => {
    repo = fixture("unreachable-rule", "fail-same-when");
    repo.write("screenpol.config.yaml", `${readFileSync(join(repo.dir, "screenpol.config.yaml"), "utf8")}severity:\n${severity}`);
  };

  it("makes a warning-level code an error, or turns it off", async () => {
    withSeverity("  unreachable-rule: error\n");
    const raised = await lint("--format", "json");
    expect(raised.code).toBe(1);
    expect(JSON.parse(raised.stdout).diagnostics.map((d: { code: string; severity: string }) => `${d.code} ${d.severity}`)).toEqual(["unreachable-rule error"]);
    repo.remove();
    withSeverity("  unreachable-rule: off\n");
    expect((await lint()).stdout).toMatch(/^✔ \d+ files linted, no problems\n$/);
  });

  it("refuses an error-level code even under a suppression: the config's schema finding stays, and so do the compliance findings", async () => {
    withSeverity("  # screenpol-disable-next-line schema -- we know what we do\n  cross-vendor-field: off\n");
    const run = await lint("--format", "json");
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout);
    expect(json.suppressed).toBeUndefined();
    const codes = new Set(json.diagnostics.map((d: { file: string; code: string }) => `${d.file} ${d.code}`));
    expect([...codes].filter((code) => code.startsWith("screenpol.config.yaml"))).toEqual(["screenpol.config.yaml invalid-suppression", "screenpol.config.yaml schema"]);
    const decide = await runCli(["decide", "--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION", "-"], { cwd: repo.dir, input: "chain: EVM\naddress: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e'\n" });
    expect(decide.code).toBe(2);
    expect(decide.stderr).toBe(
      "screenpol: screenpol.config.yaml:11:3: schema cannot be suppressed: a file that does not parse, validate and name one policy has no meaning to accept (schema violation); fix the file (and 2 more; run `screenpol lint`)\n",
    );
  });

  it("refuses an error-level code: compliance findings stay errors", async () => {
    withSeverity("  cross-vendor-field: off\n");
    const run = await lint();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('screenpol.config.yaml:11:3  error  severity: "cross-vendor-field" is not one of unreachable-rule, expired-address-entry, placeholder-environment-id, unused-suppression  schema');
  });
});
