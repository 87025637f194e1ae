/**
 * Docs that travel with the version (issue 25): `screenpol explain <code>` prints
 * a code's page from the docs installed with screenpol, offline, as `rustc
 * --explain` does; every link a finding carries names this version's tag, not
 * `main`. Through the real CLI, from a folder that is no policy repository.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_INFO } from "../../src/core/codes.js";
import { CODES } from "../../src/core/diagnostic.js";
import { DOCS_CODES_URL } from "../helpers/docs-url.js";
import { runCliInProcess } from "../helpers/run-cli-in-process.js";
import { BUILD_ROOT, PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const ESC = "\x1b";

/** A folder with no screenpol.config.yaml and no docs/: whatever `explain` prints comes from the package. */
let elsewhere: string;
beforeAll(() => {
  elsewhere = mkdtempSync(join(tmpdir(), "screenpol-explain-cwd-"));
});
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

describe("screenpol explain <code>", () => {
  // Every code's page (29) through the CLI's main entry in this process (test/helpers/run-cli-in-process.ts, which
  // prints what the spawned CLI prints), as test/cli/help.test.ts reads its --help pages; its standard output is no
  // TTY there either. Colour on a terminal, and the one page below, go through a process.
  it("prints the installed page of every code: its heading first, its sections, no HTML comment, no colour off a TTY, exit 0", async () => {
    for (const code of CODES) {
      const run = await runCliInProcess(["explain", code], { cwd: elsewhere });
      expect([run.code, run.stderr], code).toEqual([0, ""]);
      expect(run.stdout.split("\n")[0], code).toBe(`# \`${code}\`: ${CODE_INFO[code].title}`);
      for (const heading of ["## What it catches", "## Why it matters for compliance", "## How to fix", "## Failing example"]) expect(run.stdout, `${code}: ${heading}`).toContain(`\n${heading}\n`);
      expect(run.stdout, code).not.toContain("<!--");
      expect(run.stdout, code).not.toContain(ESC);
      expect(run.stdout, code).not.toMatch(/\n\n\n/);
      expect(run.stdout.endsWith("\n") && !run.stdout.endsWith("\n\n"), code).toBe(true);
    }
  }, 60_000);

  it("keeps the page's text and code blocks as written, and turns links a terminal cannot follow into commands", async () => {
    const run = await runCli(["explain", "terminal-allow"], { cwd: elsewhere });
    const page = readFileSync(join(PROJECT_ROOT, "docs/codes/terminal-allow.md"), "utf8");
    // A code block, byte for byte.
    const block = page.slice(page.indexOf("```yaml\nproviderType: vendorAWalletScreening"), page.indexOf("```\n", page.indexOf("```yaml")) + 4);
    expect(block.length).toBeGreaterThan(100);
    expect(run.stdout).toContain(block);
    expect(run.stdout).toContain("- **Suppression:** never: a compliance finding (`invalid-suppression`)\n");
    expect(run.stdout).toContain("\nFrom `test/fixtures/checks/terminal-allow/fail-score-gte-0/`:\n");
    expect(run.stdout.endsWith("\nAll codes: `screenpol explain`\n")).toBe(true);
    expect(run.stdout).not.toMatch(/\]\(/);
  });

  it("bolds the headings when colour is on (FORCE_COLOR), and nothing else", async () => {
    const run = await runCli(["explain", "schema"], { cwd: elsewhere, env: { FORCE_COLOR: "1" } });
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[0]).toBe(`${ESC}[1m# \`schema\`: Schema violation${ESC}[0m`);
    expect(run.stdout).toContain(`\n${ESC}[1m## How to fix${ESC}[0m\n`);
    expect(run.stdout.replace(/\x1b\[[01]m(#{1,6} [^\n]*)\x1b\[0m/g, "$1")).not.toContain(ESC);
  });

  it("refuses a name that is not a code in one line, naming the closest code, exit 2", async () => {
    const typo = await runCli(["explain", "terminal-alow"], { cwd: elsewhere });
    expect(typo).toEqual({ code: 2, stdout: "", stderr: "screenpol: terminal-alow is not a screenpol code (did you mean terminal-allow?); `screenpol explain` lists the codes\n" });
    const nothingClose = await runCli(["explain", "banana"], { cwd: elsewhere });
    expect(nothingClose).toEqual({ code: 2, stdout: "", stderr: "screenpol: banana is not a screenpol code; `screenpol explain` lists the codes\n" });
  });

  it("without a code, lists every code with its severity and summary, one line each, then how to read one", async () => {
    const run = await runCli(["explain"], { cwd: elsewhere });
    expect([run.code, run.stderr]).toEqual([0, ""]);
    const lines = run.stdout.split("\n");
    expect(lines.slice(0, CODES.length).map((line) => line.split(/\s+/).slice(0, 2))).toEqual(CODES.map((code) => [code, CODE_INFO[code].severity]));
    for (const [index, code] of CODES.entries()) expect(lines[index]!.endsWith(`  ${CODE_INFO[code].summary}`), code).toBe(true);
    expect(lines.slice(CODES.length)).toEqual(["", "Run `screenpol explain <code>` for a code's page: what it catches, why it matters, how to fix it.", ""]);
  });
});

describe("an installation whose page is missing", () => {
  let install: string;
  beforeAll(() => {
    // A copy of the installed package (what package.json "files" ships), with node_modules linked.
    install = mkdtempSync(join(tmpdir(), "screenpol-explain-install-"));
    for (const entry of ["bin", "dist", "package.json", "docs"]) cpSync(join(BUILD_ROOT, entry), join(install, entry), { recursive: true, dereference: true });
    symlinkSync(join(PROJECT_ROOT, "node_modules"), join(install, "node_modules"), "dir");
  });
  afterAll(() => rmSync(install, { recursive: true, force: true }));

  it("reads the page of the installation that runs, and says in one line, exit 2, where it is online when it is gone", async () => {
    const bin = join(install, "bin/screenpol.js");
    const present = await runCli(["explain", "duplicate-key"], { cwd: elsewhere, bin });
    expect([present.code, present.stdout.split("\n")[0]]).toEqual([0, "# `duplicate-key`: Duplicate key"]);
    unlinkSync(join(install, "docs/codes/duplicate-key.md"));
    const missing = await runCli(["explain", "duplicate-key"], { cwd: elsewhere, bin });
    expect(missing).toEqual({
      code: 2,
      stdout: "",
      stderr: `screenpol: the page of duplicate-key is not installed (${join(install, "docs/codes/duplicate-key.md")}: no such file); it is online at ${DOCS_CODES_URL}/duplicate-key.md\n`,
    });
  });
});

describe("a finding's link", () => {
  const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
  let repo: TempRepo;
  beforeAll(() => {
    repo = makeTempRepo();
    repo.write(POLICY, "providerType: vendorAWalletScreening\nscope: TRANSACTION\nschemaVersion: 1\nenabled: yes-please\nrules: {}\n");
  });
  afterAll(() => repo.remove());

  it("names this version's tag in pretty, JUnit and SARIF output", async () => {
    const pretty = await runCli(["lint", POLICY], { cwd: repo.dir });
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toContain(`\n  ${DOCS_CODES_URL}/schema.md\n`);
    const junit = await runCli(["lint", POLICY, "--format", "junit"], { cwd: repo.dir });
    expect(junit.stdout).toContain(`${DOCS_CODES_URL}/schema.md`);
    const sarif = await runCli(["lint", POLICY, "--format", "sarif"], { cwd: repo.dir });
    const rules = JSON.parse(sarif.stdout).runs[0].tool.driver.rules as Array<{ id: string; helpUri: string }>;
    expect(rules.find((rule) => rule.id === "schema")!.helpUri).toBe(`${DOCS_CODES_URL}/schema.md`);
    for (const run of [pretty, junit, sarif]) expect(run.stdout).not.toContain("/blob/main/");
  });
});
