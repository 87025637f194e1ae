/**
 * The composite action (action.yml) run as written, step by step, with a
 * stand-in for the runner (support/actions-runner.ts) on a pull request of the
 * sample policies: annotations from `lint --format github`, the SARIF file
 * handed to upload-sarif (validated against the SARIF 2.1.0 schema), and
 * `plan --format markdown` against the local emulator posted by the
 * github-script step to a stand-in of the GitHub API. Only two steps are not
 * executed: actions/setup-node (node is already here) and the `npm ci` of the
 * install step, which would download packages; the package this test run built
 * (test/global-setup.ts) stands in as the action's folder.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { releaseTarballUrl } from "../../src/core/install-source.js";
import { BIN, BUILD_ROOT, PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { loadAction, runCompositeAction, type ActionFile, type ActionRun, type RunOptions } from "./support/actions-runner.js";
import { git, gitEnv } from "./support/git.js";
import { runGithubScript, type ExistingComment } from "./support/github-script.js";
import { makePolicyRepo, POLICY, type PolicyRepo } from "./support/policy-repo.js";
import { sarifValidator } from "./support/sarif-schema.js";

const ACTION = loadAction(join(PROJECT_ROOT, "action.yml"));
const MARKER = "<!-- screenpol-plan -->";
const COMMENT_LIMIT = 65_535;

interface Emulator {
  process: ChildProcess;
  baseUrl: string;
  token: string;
}

/** The local emulator on a free port, in memory, and its all-scopes token. */
function startEmulator(): Promise<Emulator> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "emulator", "--port", "0", "--in-memory", "--json"], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    const timer = setTimeout(() => reject(new Error("the emulator did not start in 15 s")), 15_000);
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const line = stdout.split("\n")[0];
      if (!stdout.includes("\n") || line === undefined) return;
      clearTimeout(timer);
      const facts = JSON.parse(line) as { baseUrl: string; tokens: Array<{ token: string; scopes: string[] }> };
      const token = [...facts.tokens].sort((a, b) => b.scopes.length - a.scopes.length)[0]!.token;
      resolve({ process: child, baseUrl: facts.baseUrl, token });
    });
    child.on("error", reject);
  });
}

interface Recorded {
  uploads: Array<{ sarif_file: string; category: string; log: any }>;
  comments: Array<Awaited<ReturnType<typeof runGithubScript>>>;
  /** Each call of npm the install step made: its folder and arguments (a stand-in npm on PATH records them). */
  installs: Array<{ cwd: string; args: string }>;
  artifacts: Array<{ name: string; path: string; text: string }>;
}

/** Runs action.yml with the stand-ins for the actions it uses. */
async function runAction(
  repo: PolicyRepo,
  options: { inputs?: Record<string, string>; env?: Record<string, string>; eventName?: string; comments?: ExistingComment[]; base?: string; workspace?: string } = {},
): Promise<{ run: ActionRun; recorded: Recorded }> {
  const recorded: Recorded = { uploads: [], comments: [], installs: [], artifacts: [] };
  const eventName = options.eventName ?? "pull_request";
  const npmLog = join(FAKE_NPM_DIR, `calls-${Math.random().toString(36).slice(2)}.log`);
  const runOptions: RunOptions = {
    action: ACTION,
    inputs: options.inputs ?? {},
    workspace: options.workspace ?? repo.dir,
    actionPath: BUILD_ROOT,
    event: eventName === "pull_request" ? { pull_request: { number: 7, ...(options.base === undefined ? {} : { base: { sha: options.base } }) } } : {},
    eventName,
    // The install step runs as written, with an npm that records its calls and, for a published
    // version, lays out the bin a registry install would (this run's build): no network.
    env: { ...repo.env, PATH: `${FAKE_NPM_DIR}:${repo.env.PATH ?? process.env.PATH}`, FAKE_NPM_LOG: npmLog, FAKE_NPM_BIN: BIN, ...options.env },
    async uses({ action, with: withValues, env }) {
      if (action.startsWith("actions/setup-node@")) return {};
      if (action.startsWith("github/codeql-action/upload-sarif@")) {
        const log = JSON.parse(readFileSync(withValues.sarif_file!, "utf8"));
        recorded.uploads.push({ sarif_file: withValues.sarif_file!, category: withValues.category!, log });
        return {};
      }
      if (action.startsWith("actions/github-script@")) {
        recorded.comments.push(await runGithubScript({ script: withValues.script!, env, comments: options.comments }));
        return {};
      }
      if (action.startsWith("actions/upload-artifact@")) {
        recorded.artifacts.push({ name: withValues.name!, path: withValues.path!, text: readFileSync(withValues.path!, "utf8") });
        return {};
      }
      throw new Error(`no stand-in for ${action}`);
    },
  };
  const run = await runCompositeAction(runOptions);
  if (existsSync(npmLog)) {
    for (const line of readFileSync(npmLog, "utf8").split("\n").filter(Boolean)) {
      const [cwd, ...args] = line.split("\t");
      recorded.installs.push({ cwd: cwd!, args: args.join(" ") });
    }
    rmSync(npmLog);
  }
  return { run, recorded };
}

/** A folder with the stand-in npm (see runAction). */
const FAKE_NPM_DIR = mkdtempSync(join(tmpdir(), "screenpol-fake-npm-"));
writeFileSync(
  join(FAKE_NPM_DIR, "npm"),
  [
    "#!/usr/bin/env bash",
    'printf "%s" "$PWD" >> "$FAKE_NPM_LOG"; for arg in "$@"; do printf "\t%s" "$arg" >> "$FAKE_NPM_LOG"; done; echo >> "$FAKE_NPM_LOG"',
    'if [ "$1" = install ]; then',
    '  while [ $# -gt 0 ]; do if [ "$1" = --prefix ]; then prefix="$2"; fi; shift; done',
    '  mkdir -p "$prefix/node_modules/.bin" && ln -sf "$FAKE_NPM_BIN" "$prefix/node_modules/.bin/screenpol"',
    "fi",
    "",
  ].join("\n"),
  { mode: 0o755 },
);
afterAll(() => rmSync(FAKE_NPM_DIR, { recursive: true, force: true }));

function step(run: ActionRun, id: string) {
  const found = run.steps.find((s) => s.id === id);
  if (!found) throw new Error(`no step ${id}`);
  return found;
}

describe("action.yml (composite), run as written", () => {
  let emulator: Emulator;
  let repo: PolicyRepo;
  const validate = sarifValidator();

  beforeAll(async () => {
    emulator = await startEmulator();
  }, 20_000);
  afterAll(() => {
    emulator?.process.kill("SIGTERM");
  });
  beforeEach(() => {
    repo = makePolicyRepo(gitEnv({ SCREENPOL_BASE_URL: undefined }));
  });
  afterEach(() => repo.remove());

  const planEnv = () => ({ SCREENPOL_API_TOKEN: emulator.token, SCREENPOL_BASE_URL: emulator.baseUrl });

  it("on a pull request with a bad policy: annotations, SARIF with the finding, and a failed job", async () => {
    repo.write(POLICY, repo.bad);
    const { run, recorded } = await runAction(repo);

    // No screenpol installed in the repository: the action's own checkout, built.
    expect(recorded.installs).toEqual([{ cwd: BUILD_ROOT, args: "ci --no-audit --no-fund" }]);
    const lint = step(run, "lint");
    expect(lint.status).toBe("success");
    expect(lint.output).toContain(
      `::error file=${POLICY},line=20,col=9,endLine=20,endColumn=18,title=cross-vendor-field::rules.postScreen[0].when.riskScore: riskScore belongs to vendorAWalletScreening`,
    );
    expect(run.outputs["lint-exit-code"]).toBe("1");

    expect(recorded.uploads).toHaveLength(1);
    const upload = recorded.uploads[0]!;
    expect(upload.sarif_file).toBe(join(run.temp, "screenpol.sarif"));
    expect(upload.category).toBe("screenpol");
    expect(validate(upload.log), validate.errors()).toBe(true);
    expect(upload.log.runs[0].results.map((r: any) => [r.ruleId, r.locations[0].physicalLocation.artifactLocation.uri])).toEqual([["cross-vendor-field", POLICY]]);

    // The plan is off by default: no plan, no comment.
    expect(step(run, "plan").status).toBe("skipped");
    expect(recorded.comments).toEqual([]);

    const verdict = run.steps.at(-1)!;
    expect(verdict.status).toBe("failure");
    expect(verdict.output).toContain("::error title=screenpol::screenpol lint failed (exit 1)");
    expect(run.status).toBe("failure");
  }, 60_000);

  it("on a clean pull request with plan: 'true': posts the plan against the emulator as one comment, and passes", async () => {
    const { run, recorded } = await runAction(repo, { inputs: { plan: "true" }, env: planEnv() });
    expect(run.outputs["lint-exit-code"]).toBe("0");
    expect(step(run, "lint").output).not.toMatch(/^::(error|warning)/m);
    expect(recorded.uploads[0]!.log.runs[0].results).toEqual([]);
    expect(validate(recorded.uploads[0]!.log), validate.errors()).toBe(true);

    expect(run.outputs["plan-exit-code"]).toBe("0");
    const plan = readFileSync(join(run.temp, "screenpol-plan.md"), "utf8");
    expect(plan).toContain("### screenpol plan");
    expect(run.summary).toBe(plan);

    expect(recorded.comments).toHaveLength(1);
    const calls = recorded.comments[0]!.calls;
    expect(calls.map((c) => c.method)).toEqual(["listComments", "createComment"]);
    expect(calls[1]!.params).toMatchObject({ owner: "acme", repo: "screening-policies", issue_number: 7 });
    expect(calls[1]!.params.body).toBe(`${MARKER}\n${plan}`);

    // The reviewed plan goes up as the artifact the apply workflow downloads on merge (docs/integrations.md).
    expect(recorded.artifacts.map(({ name, path }) => ({ name, path }))).toEqual([{ name: "screenpol-plan", path: join(run.temp, "screenpol-plan", "plan.json") }]);
    const uploaded = JSON.parse(recorded.artifacts[0]!.text);
    expect(uploaded.formatVersion).toBe(1);
    expect(uploaded.entries.length).toBeGreaterThan(0);
    expect(run.status).toBe("success");
  }, 60_000);

  it("updates its own comment on the next push instead of adding one", async () => {
    const comments: ExistingComment[] = [
      { id: 11, body: `${MARKER}\nsomeone quoting the bot`, user: { type: "User", login: "reviewer" } },
      { id: 12, body: `${MARKER}\nthe plan of the last push`, user: { type: "Bot", login: "github-actions[bot]" } },
    ];
    const { recorded } = await runAction(repo, { inputs: { plan: "true" }, env: planEnv(), comments });
    const calls = recorded.comments[0]!.calls;
    expect(calls.map((c) => c.method)).toEqual(["listComments", "updateComment"]);
    expect(calls[1]!.params.comment_id).toBe(12);
  }, 60_000);

  it("comments the findings instead of a plan when the policies have errors, and fails the job", async () => {
    repo.write(POLICY, repo.bad);
    const { run, recorded } = await runAction(repo, { inputs: { plan: "true" }, env: planEnv() });
    expect(run.outputs["plan-exit-code"]).toBe("1");
    const body: string = recorded.comments[0]!.calls.at(-1)!.params.body;
    expect(body).toMatch(/^<!-- screenpol-plan -->\n### screenpol plan: not computed\n/);
    expect(body).toContain("[cross-vendor-field](");
    // No plan, so no plan.json to push on merge.
    expect(recorded.artifacts).toEqual([]);
    expect(run.status).toBe("failure");
  }, 60_000);

  it("says in the comment that the plan failed, with its output verbatim, when it could not run", async () => {
    const { run, recorded } = await runAction(repo, { inputs: { plan: "true" }, env: { ...planEnv(), SCREENPOL_API_TOKEN: "" } });
    expect(run.outputs["plan-exit-code"]).toBe("2");
    const body: string = recorded.comments[0]!.calls.at(-1)!.params.body;
    expect(body).toMatch(/^<!-- screenpol-plan -->\n\*\*screenpol plan failed\*\* \(exit 2\)/);
    expect(run.status).toBe("failure");
  }, 60_000);

  it("does not comment outside a pull request, and skips SARIF when asked", async () => {
    const { run, recorded } = await runAction(repo, { inputs: { plan: "true", sarif: "false" }, env: planEnv(), eventName: "push" });
    expect(step(run, "plan").status).toBe("success");
    expect(recorded.comments).toEqual([]);
    expect(step(run, "sarif").status).toBe("skipped");
    expect(recorded.uploads).toEqual([]);
    expect(run.status).toBe("success");
  }, 60_000);

  it("passes paths and max-warnings to the lint", async () => {
    // An expired address entry is a warning; --max-warnings 0 makes it fail.
    repo.write("policies/sandbox/vendorAWalletScreening/addresses.yaml", readFileSync(join(repo.dir, "policies/sandbox/vendorAWalletScreening/addresses.yaml"), "utf8").replace(/expiresAt: .*/g, "expiresAt: 2001-01-01T00:00:00Z"));
    const warned = await runAction(repo, { inputs: { paths: "policies/sandbox webhooks", "max-warnings": "0", sarif: "false" } });
    expect(step(warned.run, "lint").output).toMatch(/^::warning file=policies\/sandbox\/vendorAWalletScreening\/addresses\.yaml,/m);
    expect(warned.run.outputs["lint-exit-code"]).toBe("1");
    const other = await runAction(repo, { inputs: { paths: "policies/live", "max-warnings": "0", sarif: "false" } });
    expect(other.run.outputs["lint-exit-code"]).toBe("0");
  }, 60_000);

  it("runs the repository's own installed screenpol, or installs a published version with its production dependencies only", async () => {
    // None installed: the action's own build, with a warning that says how to pin one.
    const none = await runAction(repo, { inputs: { sarif: "false", compare: "false" } });
    expect(none.recorded.installs).toEqual([{ cwd: BUILD_ROOT, args: "ci --no-audit --no-fund" }]);
    expect(step(none.run, "install").output).toBe(
      "::warning title=screenpol::no screenpol in ./node_modules (no npm ci before this step, or package.json lacks it): running the action's own version; install screenpol from its release tarball (README, Install) and run npm ci first, so the hook and CI run the version package-lock.json pins\n",
    );
    expect(step(none.run, "install").outputs).toEqual({ bin: join(BUILD_ROOT, "bin/screenpol.js") });

    mkdirSync(join(repo.dir, "node_modules/.bin"), { recursive: true });
    symlinkSync(BIN, join(repo.dir, "node_modules/.bin/screenpol"));
    const own = await runAction(repo, { inputs: { sarif: "false", compare: "false" } });
    expect(own.recorded.installs).toEqual([]);
    expect(step(own.run, "install").outputs).toEqual({ bin: join(repo.dir, "node_modules/.bin/screenpol") });
    expect(own.run.outputs["lint-exit-code"]).toBe("0");

    // A published version from its release tarball (README.md, "Install"), never the registry's package by name.
    const pinned = await runAction(repo, { inputs: { "screenpol-version": "0.1.0", sarif: "false", compare: "false" } });
    expect(pinned.recorded.installs).toEqual([
      { cwd: repo.dir, args: `install --prefix ${join(pinned.run.temp, "screenpol")} --omit=dev --no-audit --no-fund --no-save ${releaseTarballUrl("0.1.0")}` },
    ]);
    expect(step(pinned.run, "install").outputs).toEqual({ bin: join(pinned.run.temp, "screenpol/node_modules/.bin/screenpol") });
    expect(pinned.run.outputs["lint-exit-code"]).toBe("0");
    const prerelease = await runAction(repo, { inputs: { "screenpol-version": "1.0.0-rc-1", sarif: "false", compare: "false" } });
    expect(prerelease.recorded.installs.map((install) => install.args.split(" ").at(-1))).toEqual([releaseTarballUrl("1.0.0-rc-1")]);
  }, 60_000);

  it("refuses a screenpol-version that is neither installed nor a release version: one annotation, no install, a failed job", async () => {
    for (const version of ["latest", "^0.1.0", "0.1.0 evil@1.0.0"]) {
      const { run, recorded } = await runAction(repo, { inputs: { "screenpol-version": version, sarif: "false", compare: "false" } });
      expect(recorded.installs).toEqual([]);
      expect(step(run, "install").status).toBe("failure");
      expect(step(run, "install").output).toBe(`::error title=screenpol::screenpol-version is "installed" or a release version such as 0.1.0, not ${version}\n`);
      expect(step(run, "lint").status).toBe("skipped");
      expect(run.status).toBe("failure");
    }
  }, 60_000);

  it("keeps a Node of 20.19 or later that is already on PATH: setup-node does not run", async () => {
    const { run } = await runAction(repo, { inputs: { sarif: "false", compare: "false" } });
    expect(step(run, "node").outputs).toEqual({ ok: "true" });
    expect(run.steps.find((s) => s.name === "Set up Node.js")?.status).toBe("skipped");
  }, 60_000);

  it("with working-directory, runs in a monorepo's subfolder; annotations name files from the repository root", async () => {
    const monorepo = mkdtempSync(join(tmpdir(), "screenpol-monorepo-"));
    try {
      cpSync(repo.dir, join(monorepo, "compliance"), { recursive: true, filter: (source) => !source.includes(`${repo.dir}/.git`) });
      git(monorepo, repo.env, "init", "-q");
      git(monorepo, repo.env, "add", "-A");
      git(monorepo, repo.env, "commit", "-qm", "monorepo");
      writeFileSync(join(monorepo, "compliance", POLICY), repo.bad);
      const { run, recorded } = await runAction(repo, { workspace: monorepo, inputs: { "working-directory": "compliance", compare: "false" } });
      expect(step(run, "lint").output).toMatch(new RegExp(`^::error file=compliance/${POLICY.replace(/\//g, "\\/")},line=\\d+`, "m"));
      expect(recorded.uploads[0]!.log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe(`compliance/${POLICY}`);
      expect(run.status).toBe("failure");
    } finally {
      rmSync(monorepo, { recursive: true, force: true });
    }
  }, 60_000);

  it("with comment: 'summary', comments counts, names and verdicts only: no diff, threshold or address", async () => {
    const { recorded } = await runAction(repo, { inputs: { plan: "true", comment: "summary", sarif: "false", compare: "false" }, env: planEnv() });
    const body: string = recorded.comments[0]!.calls.at(-1)!.params.body;
    expect(body).toMatch(/^<!-- screenpol-plan -->\n### screenpol plan\n/);
    expect(body).toContain("| | Policy | Live revision | Weakening check |");
    expect(body).toContain("Diffs, thresholds and addresses are left out of this comment");
    expect(body).not.toMatch(/```|0x[0-9a-fA-F]{6}|minAmountUsd|gte:|riskScore/);
  }, 60_000);

  it("with fmt-check: 'true', annotates each file not in canonical form and fails the job at the end; passes once formatted", async () => {
    const file = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
    // The sample policy is canonical: pad its chains list as the canonical form once did, which it no longer is.
    const canonical = readFileSync(join(repo.dir, file), "utf8");
    const padded = canonical.replace("chains: [EVM, SOL, BTC]", "chains: [ EVM, SOL, BTC ]");
    expect(padded).not.toBe(canonical);
    writeFileSync(join(repo.dir, file), padded);
    const { run } = await runAction(repo, { inputs: { "fmt-check": "true", paths: file, sarif: "false", compare: "false" } });
    expect(step(run, "fmt").output).toContain(`::error file=${file},title=screenpol fmt::not in canonical form: run screenpol fmt`);
    expect(run.outputs["lint-exit-code"]).toBe("0");
    expect(step(run, "verdict").output).toContain("::error title=screenpol::screenpol fmt --check failed (exit 1)");
    expect(run.status).toBe("failure");
    expect((await runCli(["fmt", file], { cwd: repo.dir })).code).toBe(0);
    expect(readFileSync(join(repo.dir, file), "utf8")).toBe(canonical);
    const formatted = await runAction(repo, { inputs: { "fmt-check": "true", paths: file, sarif: "false", compare: "false" } });
    expect(formatted.run.status).toBe("success");
    // Off by default: no step runs.
    const plain = await runAction(repo, { inputs: { paths: file, sarif: "false", compare: "false" } });
    expect(step(plain.run, "fmt").status).toBe("skipped");
  }, 60_000);
});

describe("action.yml's policy tests step (test: 'true', the default)", () => {
  const TEST_FILE = "tests/sandbox/vendorBAddressScreening/SIGN_IN.test.yaml";
  const HEADER = "environment: sandbox\nproviderType: vendorBAddressScreening\nscope: SIGN_IN\ncases:\n";
  const FLOOR_CASE = [
    "  - name: a sanctioned address is blocked by the floor",
    "    screening:",
    "      chain: EVM",
    '      address: "0x52908400098527886E0F7030069857D2E4169EE7"',
    "      sanctioned: true",
    "      signals: { riskLevel: low }",
    "    expect: { action: BLOCK, by: sanctions-floor }",
    "",
  ].join("\n");
  // Line 12 of the file: the item of the second case.
  const WRONG_CASE = ["  - name: a low risk level is blocked", "    screening:", "      chain: EVM", '      address: "0x52908400098527886E0F7030069857D2E4169EE7"', "      signals: { riskLevel: low }", "    expect: { action: BLOCK }", ""].join("\n");
  let repo: PolicyRepo;
  beforeEach(() => {
    repo = makePolicyRepo(gitEnv({ SCREENPOL_BASE_URL: undefined }));
  });
  afterEach(() => repo.remove());

  it("a failing case: an annotation at its line of the test file, the JUnit report as an output, and a failed job", async () => {
    repo.write(TEST_FILE, HEADER + FLOOR_CASE + WRONG_CASE);
    const { run } = await runAction(repo, { inputs: { sarif: "false", compare: "false" } });
    const tests = step(run, "test");
    expect(tests.status).toBe("success");
    expect(tests.output).toContain(`::error file=${TEST_FILE},line=12,title=screenpol test%3A a low risk level is blocked::expected: BLOCK%0Aactual:   ALLOW by terminal-allow%0Awhy:      terminal-allow: no rule matched`);
    // The readable report goes to the log too.
    expect(tests.output).toContain(`FAIL ${TEST_FILE}:12  a low risk level is blocked`);
    expect(run.outputs["test-exit-code"]).toBe("1");
    expect(run.outputs["test-junit"]).toBe(join(run.temp, "screenpol-tests.xml"));
    const junit = readFileSync(run.outputs["test-junit"]!, "utf8");
    expect(junit).toContain('<testsuites name="screenpol test" tests="2" failures="1" errors="0" skipped="0">');
    expect(junit).toContain(`<testcase classname="${TEST_FILE}" name="a low risk level is blocked" file="${TEST_FILE}" line="12">`);
    expect(run.outputs["lint-exit-code"]).toBe("0");
    const verdict = step(run, "verdict");
    expect(verdict.status).toBe("failure");
    expect(verdict.output).toContain("::error title=screenpol::screenpol test failed (exit 1): see the failing cases' annotations on the test files");
    expect(run.status).toBe("failure");
  }, 60_000);

  it("passing cases: no annotation, exit 0, and the job passes; test: 'false' skips the step", async () => {
    repo.write(TEST_FILE, HEADER + FLOOR_CASE);
    const { run } = await runAction(repo, { inputs: { sarif: "false", compare: "false" } });
    expect(step(run, "test").output).not.toMatch(/^::error/m);
    expect(step(run, "test").output).toContain("1 passed, 0 failed");
    expect(run.outputs["test-exit-code"]).toBe("0");
    expect(run.status).toBe("success");

    repo.write(TEST_FILE, HEADER + WRONG_CASE);
    const off = await runAction(repo, { inputs: { sarif: "false", compare: "false", test: "false" } });
    expect(step(off.run, "test").status).toBe("skipped");
    expect(off.run.outputs["test-exit-code"]).toBe("");
    expect(off.run.status).toBe("success");
  }, 60_000);

  it("with test-threshold, fails the job when the coverage is under it: the untested policies count as 0%", { timeout: 120_000 }, async () => {
    repo.write(TEST_FILE, HEADER + FLOOR_CASE);
    const { run } = await runAction(repo, { inputs: { sarif: "false", compare: "false", "test-threshold": "50" } });
    expect(step(run, "test").output).toMatch(/screenpol: coverage \d+\.\d% \(1 of \d+ rules and steps reached\) is under --threshold 50%/);
    expect(step(run, "test").output).toContain("sandbox vendorBAddressScreening TRANSACTION: 0.0% (0 of ");
    expect(run.outputs["test-exit-code"]).toBe("1");
    expect(run.status).toBe("failure");
  });

  it("a repository without test files passes", async () => {
    const { run } = await runAction(repo, { inputs: { sarif: "false", compare: "false" } });
    expect(step(run, "test").output).toContain("no test files in tests/");
    expect(run.outputs["test-exit-code"]).toBe("0");
    expect(run.status).toBe("success");
  }, 60_000);
});

describe("action.yml's compare step on a pull request", { timeout: 180_000 }, () => {
  const COMPARE_MARKER = "<!-- screenpol-compare -->";
  const TRANSACTION = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
  let repo: PolicyRepo;
  let base: string;
  beforeEach(() => {
    repo = makePolicyRepo(gitEnv({ SCREENPOL_BASE_URL: undefined }));
    base = repo.head();
  });
  afterEach(() => repo.remove());

  /** The pull request raises the sample's BLOCK threshold: three weakenings against its base. */
  function weaken(): void {
    const text = readFileSync(join(repo.dir, TRANSACTION), "utf8");
    expect(text).toContain("riskScore: { gte: 8.5 }");
    repo.write(TRANSACTION, text.replace("riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }"));
    repo.git("commit", "-qam", "raise the block threshold");
  }

  const commentBody = (recorded: Recorded): string => {
    const compareCalls = recorded.comments.at(-1)!.calls;
    return compareCalls.at(-1)!.params.body as string;
  };

  it("annotates each weakening as a warning, posts the comparison as one comment led by the weakenings, and passes", async () => {
    weaken();
    const { run, recorded } = await runAction(repo, { base, inputs: { sarif: "false" } });
    const compare = step(run, "compare");
    expect(compare.status).toBe("success");
    const annotations = compare.output.split("\n").filter((line) => line.startsWith("::"));
    expect(annotations).toHaveLength(3);
    for (const annotation of annotations) expect(annotation).toMatch(new RegExp(`^::warning file=${TRANSACTION},line=\\d+,col=11,endLine=\\d+,endColumn=\\d+,title=policy-weakened::sandbox/vendorAWalletScreening/TRANSACTION is weaker: BLOCK \\(block-severe-risk-score\\) -> ALERT `));
    expect(run.outputs["compare-exit-code"]).toBe("0");

    const markdown = readFileSync(join(run.temp, "screenpol-compare.md"), "utf8");
    expect(markdown.split("\n").slice(0, 4)).toEqual([COMPARE_MARKER, "### screenpol compare", "", `Base \`${base} (${base.slice(0, 7)})\`, head \`working tree\`.`]);
    expect(markdown.indexOf("#### Weakenings")).toBeGreaterThan(0);
    expect(run.summary).toBe(markdown);
    expect(recorded.comments).toHaveLength(1);
    expect(recorded.comments[0]!.calls.map((c) => c.method)).toEqual(["listComments", "createComment"]);
    expect(commentBody(recorded)).toBe(markdown);
    expect(run.status).toBe("success");
  });

  it("with deny-weakening: 'true', annotates errors and fails the job at the end, after the comment", async () => {
    weaken();
    const { run, recorded } = await runAction(repo, { base, inputs: { sarif: "false", "deny-weakening": "true" } });
    const annotations = step(run, "compare").output.split("\n").filter((line) => line.startsWith("::"));
    expect(annotations).toHaveLength(3);
    for (const annotation of annotations) expect(annotation).toMatch(/^::error file=.*,title=policy-weakened::/);
    expect(run.outputs["compare-exit-code"]).toBe("1");
    expect(commentBody(recorded)).toContain("> `--deny-weakening` refuses `sandbox/vendorAWalletScreening/TRANSACTION` (weaker)");
    expect(commentBody(recorded)).not.toContain("screenpol: --deny-weakening");
    const verdict = run.steps.at(-1)!;
    expect(verdict.status).toBe("failure");
    expect(verdict.output).toContain("::error title=screenpol::screenpol compare failed (exit 1): see the policy-weakened annotations and the compare comment");
    expect(run.status).toBe("failure");
  });

  it("updates its own compare comment, not the plan's, and says so when nothing changed", async () => {
    const comments: ExistingComment[] = [
      { id: 21, body: "<!-- screenpol-plan -->\nthe plan", user: { type: "Bot", login: "github-actions[bot]" } },
      { id: 22, body: `${COMPARE_MARKER}\nthe comparison of the last push`, user: { type: "Bot", login: "github-actions[bot]" } },
    ];
    const { run, recorded } = await runAction(repo, { base, inputs: { sarif: "false" }, comments });
    expect(step(run, "compare").output).not.toMatch(/^::/m);
    const calls = recorded.comments[0]!.calls;
    expect(calls.map((c) => c.method)).toEqual(["listComments", "updateComment"]);
    expect(calls[1]!.params.comment_id).toBe(22);
    expect(calls[1]!.params.body).toBe(`${COMPARE_MARKER}\n### screenpol compare\n\nBase \`${base} (${base.slice(0, 7)})\`, head \`working tree\`.\n\nNo policy or address entries changed.\n`);
    expect(run.status).toBe("success");
  });

  it("fetches the base into a one-commit checkout before comparing", async () => {
    weaken();
    // What actions/checkout leaves: the pull request's head, one commit deep, with origin to fetch from.
    const checkout = mkdtempSync(join(tmpdir(), "screenpol-checkout-"));
    try {
      repo.git("clone", "-q", "--depth=1", "--no-local", repo.dir, checkout);
      expect(() => repo.git("-C", checkout, "cat-file", "-e", `${base}^{commit}`)).toThrow();
      const { run } = await runAction(repo, { base, workspace: checkout, inputs: { sarif: "false" } });
      expect(step(run, "compare").status).toBe("success");
      expect(step(run, "compare").output.split("\n").filter((line) => line.startsWith("::warning"))).toHaveLength(3);
      expect(run.outputs["compare-exit-code"]).toBe("0");
    } finally {
      rmSync(checkout, { recursive: true, force: true });
    }
  });

  it("does not compare outside a pull request or when compare: 'false'", async () => {
    weaken();
    const push = await runAction(repo, { inputs: { sarif: "false" }, eventName: "push" });
    expect(step(push.run, "compare").status).toBe("skipped");
    const off = await runAction(repo, { base, inputs: { sarif: "false", compare: "false" } });
    expect(step(off.run, "compare").status).toBe("skipped");
    expect(off.recorded.comments).toEqual([]);
    expect(off.run.outputs["compare-exit-code"]).toBe("");
  });
});

describe("the comment step's script", () => {
  const script: string = (ACTION.runs.steps.find((s) => s.uses?.startsWith("actions/github-script@"))!.with as { script: string }).script;
  let dir: string;
  let repo: PolicyRepo;
  beforeEach(() => {
    repo = makePolicyRepo();
    dir = repo.dir;
  });
  afterEach(() => repo.remove());

  it("cuts a plan over GitHub's comment limit, closing the open code block and saying where the rest is", async () => {
    const table = "| ✏️ update | `sandbox/vendorAWalletScreening/TRANSACTION` | 9 | 1 rule added |\n";
    const diff = "```diff\n" + "+    - id: rule-😀-with-an-emoji-and-a-long-tail\n".repeat(3000) + "```\n";
    const plan = `### screenpol plan\n\n${table.repeat(10)}\n${diff}`;
    expect(plan.length).toBeGreaterThan(2 * COMMENT_LIMIT);
    const file = join(dir, "plan.md");
    writeFileSync(file, plan);
    const result = await runGithubScript({ script, env: { PLAN_FILE: file, PLAN_EXIT_CODE: "0" } });
    const body: string = result.calls.at(-1)!.params.body;
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body.length).toBeGreaterThan(COMMENT_LIMIT - 500);
    expect(body.startsWith(`${MARKER}\n### screenpol plan`)).toBe(true);
    expect(body).toMatch(/\n```\n\n\*\*Plan cut at GitHub's comment limit\*\* \(\d+ characters in all\): the whole plan is in the job summary and the job log\.\n$/);
    expect((body.match(/^```/gm) ?? []).length % 2).toBe(0);
    // No lone surrogate: the text survives a UTF-8 round trip unchanged.
    expect(Buffer.from(body, "utf8").toString("utf8")).toBe(body);
  });

  it("keeps a plan exactly at the limit whole", async () => {
    const file = join(dir, "plan.md");
    const plan = "x".repeat(COMMENT_LIMIT - MARKER.length - 1);
    writeFileSync(file, plan);
    const result = await runGithubScript({ script, env: { PLAN_FILE: file, PLAN_EXIT_CODE: "0" } });
    expect(result.calls.at(-1)!.params.body).toBe(`${MARKER}\n${plan}`);
  });

  it("warns instead of failing when the token may not comment (a pull request from a fork)", async () => {
    const file = join(dir, "plan.md");
    writeFileSync(file, "### screenpol plan\n");
    const result = await runGithubScript({ script, env: { PLAN_FILE: file, PLAN_EXIT_CODE: "0" }, refuseWrites: true });
    expect(result.failed).toEqual([]);
    expect(result.warnings).toEqual([expect.stringMatching(/^could not post the plan comment \(403 Resource not accessible by integration\)/)]);
  });
});

describe("the compare comment step's script", () => {
  const scripts = ACTION.runs.steps.filter((s) => s.uses?.startsWith("actions/github-script@")).map((s) => (s.with as { script: string }).script);
  const script = scripts.find((text) => text.includes("<!-- screenpol-compare -->"))!;
  let repo: PolicyRepo;
  beforeEach(() => {
    repo = makePolicyRepo();
  });
  afterEach(() => repo.remove());

  it("says that compare failed, with the marker, when it exited 2", async () => {
    const file = join(repo.dir, "compare.md");
    writeFileSync(file, "");
    const result = await runGithubScript({ script, env: { COMPARE_FILE: file, COMPARE_EXIT_CODE: "2" } });
    expect(result.calls.at(-1)!.params.body).toBe("<!-- screenpol-compare -->\n**screenpol compare failed** (exit 2); the job log says why.\n\n````text\n\n````\n");
  });

  it("cuts a comparison over GitHub's comment limit inside a folded example, closing its code block", async () => {
    const bullet = "- `sandbox/vendorAWalletScreening/TRANSACTION`: BLOCK (a) -&gt; ALLOW (b) when riskScore = 8.5\n  <details><summary>Example screening</summary>\n\n  ```yaml\n" + "  chain: EVM\n".repeat(40) + "  ```\n\n  </details>\n\n";
    const file = join(repo.dir, "compare.md");
    writeFileSync(file, `<!-- screenpol-compare -->\n### screenpol compare\n\n${bullet.repeat(200)}`);
    const result = await runGithubScript({ script, env: { COMPARE_FILE: file, COMPARE_EXIT_CODE: "0" } });
    const body: string = result.calls.at(-1)!.params.body;
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body.startsWith("<!-- screenpol-compare -->\n")).toBe(true);
    expect(body.endsWith("\n\n**Cut at GitHub's comment limit**: the whole comparison is in the job summary.\n")).toBe(true);
    expect((body.match(/^ *```/gm) ?? []).length % 2).toBe(0);
  });
});

describe("the pull-request workflow `screenpol init` writes, run as written", () => {
  let repo: PolicyRepo;
  let tools: string;
  beforeEach(async () => {
    repo = makePolicyRepo(gitEnv({ SCREENPOL_BASE_URL: undefined }));
    tools = mkdtempSync(join(tmpdir(), "screenpol-workflow-tools-"));
    expect((await runCli(["init", "--hooks", "none"], { cwd: repo.dir })).code).toBe(0);
  });
  afterEach(() => {
    repo.remove();
    rmSync(tools, { recursive: true, force: true });
  });

  it("sets up Node and runs npm ci before the action, which runs the screenpol npm ci installed, building nothing of its own", async () => {
    // npm as the runner's would act, recording each call: `npm ci` lays out the lockfile's screenpol
    // (this run's build) in node_modules. The action's checkout is a folder of its own, unbuilt.
    const npmLog = join(tools, "npm.log");
    writeFileSync(
      join(tools, "npm"),
      [
        "#!/usr/bin/env bash",
        'echo "$PWD $*" >> "$NPM_LOG"',
        'if [ "$1" = ci ]; then mkdir -p node_modules/.bin && ln -sf "$SCREENPOL_BUILD" node_modules/.bin/screenpol; fi',
        "",
      ].join("\n"),
      { mode: 0o755 },
    );
    const actionCheckout = join(tools, "action-checkout");
    mkdirSync(join(actionCheckout, "bin"), { recursive: true });
    symlinkSync(BIN, join(actionCheckout, "bin/screenpol.js"));

    const workflow = parse(readFileSync(join(repo.dir, ".github/workflows/screenpol.yml"), "utf8")) as { jobs: { screenpol: { steps: RunOptions["action"]["runs"]["steps"] } } };
    const env = { ...repo.env, PATH: `${tools}:${repo.env.PATH ?? process.env.PATH}`, NPM_LOG: npmLog, SCREENPOL_BUILD: BIN };
    const event = { pull_request: { number: 7 } };
    const used: string[] = [];
    let action: ActionRun | undefined;
    const job = await runCompositeAction({
      action: { inputs: {}, outputs: {}, runs: { using: "composite", steps: workflow.jobs.screenpol.steps } },
      inputs: {},
      workspace: repo.dir,
      actionPath: repo.dir,
      event,
      eventName: "pull_request",
      env,
      async uses({ action: name, with: withValues }) {
        used.push(name.split("@")[0]!);
        if (name.startsWith("screenpol/screenpol@")) {
          action = await runCompositeAction({
            action: ACTION,
            inputs: withValues,
            workspace: repo.dir,
            actionPath: actionCheckout,
            event,
            eventName: "pull_request",
            env,
            uses: () => ({}),
          });
          if (action.status !== "success") throw new Error(action.steps.map((s) => s.output).join("\n"));
        }
        return {};
      },
    });
    expect(job.status).toBe("success");
    expect(used).toEqual(["actions/checkout", "actions/setup-node", "screenpol/screenpol"]);
    expect(readFileSync(npmLog, "utf8")).toBe(`${repo.dir} ci --no-audit --no-fund\n`);
    expect(step(action!, "install").outputs).toEqual({ bin: join(repo.dir, "node_modules/.bin/screenpol") });
    expect(action!.outputs["lint-exit-code"]).toBe("0");
  }, 60_000);
});

describe(".github/workflows/screenpol.yml (this repository's example)", () => {
  it("is the workflow `screenpol init` writes, running this checkout's action", () => {
    const example = parse(readFileSync(join(PROJECT_ROOT, ".github/workflows/screenpol.yml"), "utf8")) as any;
    const template = parse(readFileSync(join(PROJECT_ROOT, "docs/integrations.md"), "utf8").split("<!-- snippet: github-workflow -->")[1]!.split("```")[1]!.replace(/^yaml\n/, "")) as any;
    expect(example.on).toEqual(template.on);
    expect(example.permissions).toEqual(template.permissions);
    const steps = example.jobs.screenpol.steps as Array<{ uses?: string }>;
    const templateSteps = template.jobs.screenpol.steps as Array<{ uses?: string }>;
    expect(steps.map((s) => (s.uses === "./" ? "screenpol/screenpol@v0.1.0" : s.uses))).toEqual(templateSteps.map((s) => s.uses));
    for (const [index, s] of steps.entries()) expect({ ...s, uses: undefined }).toEqual({ ...templateSteps[index], uses: undefined });
    expect(existsSync(join(PROJECT_ROOT, "action.yml"))).toBe(true);
  });

  it("pins every third-party action by a full commit, with its release as a comment", () => {
    const text = readFileSync(join(PROJECT_ROOT, "action.yml"), "utf8") + readFileSync(join(PROJECT_ROOT, ".github/workflows/screenpol.yml"), "utf8");
    const uses = [...text.matchAll(/^\s*(?:- )?uses: (\S+)(.*)$/gm)].filter((match) => match[1] !== "./");
    expect(uses.length).toBeGreaterThanOrEqual(5);
    for (const [line, reference, comment] of uses) {
      expect(reference, line).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
      expect(comment, line).toMatch(/^ # v\d+\.\d+\.\d+$/);
    }
  });

  it("names only inputs the action has, and the action declares every input it reads", () => {
    const action = ACTION as ActionFile;
    const text = readFileSync(join(PROJECT_ROOT, "action.yml"), "utf8");
    const read = new Set([...text.matchAll(/\binputs\.([\w-]+)/g)].map((m) => m[1]!));
    for (const name of read) expect(Object.keys(action.inputs)).toContain(name);
    // Inputs reach scripts only through env: no `${{ inputs.* }}` inside a run: block.
    for (const s of action.runs.steps) if (s.run) expect(s.run, s.name).not.toMatch(/\$\{\{/);
  });
});
