/**
 * `-o, --output-file` on lint, test, compare and plan (docs/decisions.md,
 * "Issue 14: output for CI"): one run writes the report in --format to the
 * file, byte for byte what the same run prints without -o, and the terminal
 * gets the readable report; a path that cannot be written is refused before
 * anything runs. And lint's --quiet.
 */
import { mkdirSync, readFileSync, readdirSync, readlinkSync, existsSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { edit, makeCommittedRepo } from "../helpers/committed-repo.js";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";
import { recordRequests, setUp } from "./plan-harness.js";

const ADDRESSES = "policies/live/vendorAWalletScreening/addresses.yaml";
const TRANSACTION = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";

let repo: TempRepo | undefined;
afterEach(() => repo?.remove());

/** The file the -o run wrote, and what it printed, beside the two runs without -o. */
async function both(cwd: string, args: string[], format: string, run = (a: string[]) => runCli(a, { cwd, timeoutMs: 60_000 })) {
  const withFile = await run([...args, "--format", format, "-o", "report.out"]);
  const asked = await run([...args, "--format", format]);
  const readable = await run(args);
  return { withFile, asked, readable, file: readFileSync(join(cwd, "report.out"), "utf8") };
}

describe("--output-file", () => {
  it("lint: SARIF (or JUnit) to the file, the readable report to the terminal, the same exit code", async () => {
    // With the catalog snapshot: no "no token catalog snapshot" line, which is said once per repository, to the first run only.
    repo = makeTempRepo({ extra: ["catalog"] });
    edit(repo, ADDRESSES, /expiresAt: .*/.exec(readFileSync(join(repo.dir, ADDRESSES), "utf8"))![0], "expiresAt: 2001-01-01T00:00:00Z");
    for (const format of ["sarif", "junit"]) {
      const { withFile, asked, readable, file } = await both(repo.dir, ["lint"], format);
      expect(file).toBe(asked.stdout);
      expect(withFile).toEqual({ code: readable.code, stdout: readable.stdout, stderr: readable.stderr });
      expect(withFile.stdout).toContain("expired-address-entry");
    }
  });

  it("test: JUnit to the file, the pass/fail lines to the terminal", async () => {
    repo = makeTempRepo({ extra: ["tests"] });
    const { withFile, asked, readable, file } = await both(repo.dir, ["test"], "junit");
    expect(file).toBe(asked.stdout);
    expect(file).toContain('<testsuites name="screenpol test" tests="136" failures="0"');
    expect(withFile).toEqual(readable);
    expect(withFile.stdout).toMatch(/136 passed, 0 failed\n$/);
  });

  it("compare: SARIF to the file, the weakenings in words to the terminal", async () => {
    const committed = makeCommittedRepo();
    repo = committed.repo;
    edit(repo, TRANSACTION, "minAmountUsd: 250 #", "minAmountUsd: 900 #");
    const { withFile, asked, readable, file } = await both(repo.dir, ["compare", "--base", "HEAD"], "sarif");
    expect(file).toBe(asked.stdout);
    expect(JSON.parse(file).runs[0].results.length).toBeGreaterThan(0);
    expect(withFile).toEqual(readable);
    expect(withFile.stdout).toContain("weaker");
    // The comment for a public repository: names and verdicts, no example screening.
    const summary = await runCli(["compare", "--base", "HEAD", "--format", "markdown", "--summary"], { cwd: repo.dir, timeoutMs: 60_000 });
    expect(summary.stdout).toContain("| `sandbox/vendorAWalletScreening/TRANSACTION` | weaker |");
    expect(summary.stdout).not.toMatch(/```|amountUsd|0x[0-9a-fA-F]{6}/);
    expect((await runCli(["compare", "--base", "HEAD", "--summary"], { cwd: repo.dir })).code).toBe(2);
  });

  it("plan: Markdown to the file, the plan to the terminal; --out still writes plan.json", async () => {
    const setup = await setUp();
    try {
      const run = (args: string[]) => setup.cli(args);
      const { withFile, asked, readable, file } = await both(setup.repo.dir, ["plan", "--env", "sandbox", "--no-weakening-check"], "markdown", run);
      expect(file).toBe(asked.stdout);
      expect(file).toMatch(/^### screenpol plan\n/);
      expect(withFile).toEqual(readable);
      const out = await setup.cli(["plan", "--env", "sandbox", "--no-weakening-check", "--out", "plan.json", "-o", "plan.md", "--format", "markdown"]);
      expect(out.code).toBe(0);
      expect(JSON.parse(readFileSync(join(setup.repo.dir, "plan.json"), "utf8")).formatVersion).toBe(1);
      expect(readFileSync(join(setup.repo.dir, "plan.md"), "utf8")).toBe(asked.stdout);
    } finally {
      await setup.close();
    }
  });

  it("refuses a path it cannot write before running anything: exit 2, one line, nothing written", async () => {
    repo = makeTempRepo();
    mkdirSync(join(repo.dir, "reports"));
    for (const [target, message] of [
      ["missing/report.sarif", `screenpol: --output-file missing/report.sarif: the folder ${join(repo.dir, "missing")} does not exist\n`],
      ["reports", "screenpol: --output-file reports is a folder; name a file\n"],
    ] as const) {
      const run = await runCli(["lint", "--format", "sarif", "-o", target], { cwd: repo.dir });
      expect(run).toEqual({ code: 2, stdout: "", stderr: message });
    }
    expect(existsSync(join(repo.dir, "missing"))).toBe(false);
  });
});

/** Every file under `dir` as `path -> bytes`, each link as `-> target`: what a refused run must leave exactly as it was. */
function treeOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink()) files.set(path.slice(dir.length + 1), `-> ${readlinkSync(path)}`);
    else if (entry.isFile()) files.set(path.slice(dir.length + 1), readFileSync(path, "latin1"));
  }
  return files;
}

describe("--output-file over a file screenpol reads", () => {
  const refused = (option: string, given: string, what: string) => ({
    code: 2,
    stdout: "",
    stderr: `screenpol: ${option} ${given} is ${what}; name a file outside what screenpol reads\n`,
  });

  it("lint: refuses a policy, the config, a test, a webhook, the catalog snapshot or an input, however spelled: exit 2, one line, nothing written", async () => {
    repo = makeTempRepo({ extra: ["tests", "catalog"] });
    repo.write("extra/a.yaml", "not: linted by default\n");
    symlinkSync(join(repo.dir, TRANSACTION), join(repo.dir, "link.yaml"));
    symlinkSync(join(repo.dir, "policies"), join(repo.dir, "linked-policies"));
    const before = treeOf(repo.dir);
    const cases: Array<[string[], string, string]> = [
      [[], TRANSACTION, "in the policies folder policies/"],
      [[], `./policies/../${TRANSACTION}`, "in the policies folder policies/"],
      [[], "link.yaml", "in the policies folder policies/"],
      [[], "linked-policies/new.json", "in the policies folder policies/"],
      [[], "policies/sandbox/new-report.json", "in the policies folder policies/"],
      [[], "screenpol.config.yaml", "the config file screenpol.config.yaml"],
      [[], "tests/report.json", "in the tests folder tests/"],
      [[], "webhooks/report.json", "in the webhooks folder webhooks/"],
      [[], "catalog/tokens.json", "the catalog snapshot file catalog/tokens.json"],
      [[], "catalog/tokens.meta.json", "the catalog snapshot file catalog/tokens.meta.json"],
      [["extra/a.yaml"], "extra/a.yaml", "extra/a.yaml, an input of this run"],
      [["extra"], "extra/report.yaml", "a YAML file in extra, which this run reads"],
    ];
    for (const [inputs, target, what] of cases) {
      const run = await runCli(["lint", ...inputs, "-f", "json", "-o", target], { cwd: repo.dir });
      expect(run, target).toEqual(refused("--output-file", target, what));
    }
    expect(treeOf(repo.dir)).toEqual(before);
    // What is not read is still written: a JSON report beside the inputs, a report anywhere else.
    expect((await runCli(["lint", "extra", "-f", "json", "-o", "extra/report.json"], { cwd: repo.dir })).stderr).not.toContain("--output-file");
    expect(JSON.parse(readFileSync(join(repo.dir, "extra/report.json"), "utf8"))).toMatchObject({ diagnostics: expect.any(Array) });
  });

  it("test and compare refuse it too, before running anything", async () => {
    const committed = makeCommittedRepo(["tests"]);
    repo = committed.repo;
    const before = treeOf(repo.dir);
    const testFile = "tests/sandbox/vendorAWalletScreening/" + readdirSync(join(repo.dir, "tests/sandbox/vendorAWalletScreening"))[0];
    expect(await runCli(["test", "-f", "junit", "-o", testFile], { cwd: repo.dir })).toEqual(refused("--output-file", testFile, "in the tests folder tests/"));
    expect(await runCli(["compare", "--base", "HEAD", "-f", "sarif", "-o", TRANSACTION], { cwd: repo.dir })).toEqual(refused("--output-file", TRANSACTION, "in the policies folder policies/"));
    expect(treeOf(repo.dir)).toEqual(before);
  });

  it("plan refuses it for -o and for --out, with no request made", async () => {
    const setup = await setUp();
    const proxy = await recordRequests(setup.harness);
    try {
      const before = treeOf(setup.repo.dir);
      const env = { SCREENPOL_BASE_URL: proxy.baseUrl };
      const report = await setup.cli(["plan", "--env", "sandbox", "-f", "markdown", "-o", "screenpol.config.yaml"], { env });
      expect(report).toEqual(refused("--output-file", "screenpol.config.yaml", "the config file screenpol.config.yaml"));
      const out = await setup.cli(["plan", "--env", "sandbox", "--out", TRANSACTION], { env });
      expect(out).toEqual(refused("--out", TRANSACTION, "in the policies folder policies/"));
      expect(proxy.seen).toEqual([]);
      expect(treeOf(setup.repo.dir)).toEqual(before);
    } finally {
      await proxy.close();
      await setup.close();
    }
  });
});

describe("lint --quiet", () => {
  it("reports errors only: warnings are not shown and not counted by --max-warnings", async () => {
    repo = makeTempRepo();
    edit(repo, ADDRESSES, /expiresAt: .*/.exec(readFileSync(join(repo.dir, ADDRESSES), "utf8"))![0], "expiresAt: 2001-01-01T00:00:00Z");
    const loud = await runCli(["lint", "--max-warnings", "0"], { cwd: repo.dir });
    expect(loud.code).toBe(1);
    const quiet = await runCli(["lint", "--quiet", "--max-warnings", "0"], { cwd: repo.dir });
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toMatch(/^✔ \d+ files linted, no problems\n$/);
    const json = JSON.parse((await runCli(["lint", "-q", "--format", "json"], { cwd: repo.dir })).stdout) as { warningCount: number; diagnostics: unknown[] };
    expect(json).toMatchObject({ warningCount: 0, diagnostics: [] });
  });
});
