/**
 * The fixtures of the codes `screenpol compare` finds (COMPARE_CODES):
 * test/fixtures/compare/<code>/<case>/ holds two trees, `base/` and `head/`.
 * A case becomes a Git repository whose one commit is `base/` and whose
 * working tree is `head/`, with the check fixtures' config, so that
 * `screenpol compare --base HEAD` compares exactly the two trees. `fail-*`
 * cases write the expected finding on head's line, as the check fixtures do:
 *
 *     - id: alert-mixers   # expect: policy-weakened@11
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { PROJECT_ROOT, runCli, type CliRun } from "../../helpers/run-cli.js";
import { FIXTURES } from "./fixtures.js";

export const COMPARE_FIXTURES = join(PROJECT_ROOT, "test/fixtures/compare");

/** The clock every compare fixture is compared at (address entries' expiresAt). */
export const COMPARE_FIXTURE_NOW = "2026-11-21T12:00:00Z";

/** The command a compare fixture's page shows, and the runner runs. */
export const COMPARE_FIXTURE_ARGS = ["compare", "--base", "HEAD", "--deny-weakening", "--now", COMPARE_FIXTURE_NOW];

export function compareCaseDir(code: string, name: string): string {
  return join(COMPARE_FIXTURES, code, name);
}

export function compareCasesOf(code: string): string[] {
  try {
    return readdirSync(join(COMPARE_FIXTURES, code)).sort();
  } catch {
    return [];
  }
}

/** Every file of one side of a case, repository-relative, sorted. */
export function sideFiles(caseDir: string, side: "base" | "head"): Array<{ file: string; text: string }> {
  const root = join(caseDir, side);
  const walk = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => (statSync(join(folder, name)).isDirectory() ? walk(join(folder, name)) : [join(folder, name)]));
  return walk(root)
    .sort()
    .map((path) => ({ file: relative(root, path).split("\\").join("/"), text: readFileSync(path, "utf8") }));
}

export interface Expectation {
  file: string;
  line: number;
  column: number;
  code: string;
}

/** The `# expect: code@column` comments of head's files, in file and line order. */
export function headExpectations(caseDir: string): Expectation[] {
  return sideFiles(caseDir, "head").flatMap(({ file, text }) =>
    text.split(/\r?\n/).flatMap((line, index) => [...line.matchAll(/#\s*expect:\s*([a-z-]+)@(\d+)/g)].map((match) => ({ file, line: index + 1, column: Number(match[2]), code: match[1]! }))),
  );
}

/**
 * A case as a repository: `base/` committed (fixed identity and dates, so the
 * commit id a page shows stays put), then replaced by `head/` in the working tree.
 */
export function compareFixtureRepo(caseDir: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "screenpol-compare-fixture-"));
  const when = "2026-11-21T12:00:00Z";
  const env = { ...process.env, GIT_AUTHOR_NAME: "fixture", GIT_AUTHOR_EMAIL: "fixture@example.com", GIT_COMMITTER_NAME: "fixture", GIT_COMMITTER_EMAIL: "fixture@example.com", GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, env, stdio: "pipe" });
  cpSync(join(FIXTURES, "screenpol.config.yaml"), join(dir, "screenpol.config.yaml"));
  cpSync(join(caseDir, "base"), dir, { recursive: true });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-qm", "base");
  for (const { file } of sideFiles(caseDir, "base")) rmSync(join(dir, file));
  cpSync(join(caseDir, "head"), dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `screenpol <args>` on a case's repository (z3 starts in the process: a minute, as the compare CLI tests give). */
export async function runOnCase(caseDir: string, args: string[]): Promise<CliRun> {
  const repo = compareFixtureRepo(caseDir);
  try {
    return await runCli(args, { cwd: repo.dir, timeoutMs: 60_000 });
  } finally {
    repo.remove();
  }
}

/**
 * The example sections of a compare code's page (docs-per-code.test.ts): each
 * case's base and head files, without the `# expect:` comments, and what
 * `screenpol compare --base HEAD --deny-weakening` prints on it, both streams.
 */
export async function renderCompareExamples(code: string, failCase: string, passCase: string): Promise<string> {
  const parts: string[] = [];
  for (const [name, heading] of [[failCase, "Failing example"], [passCase, "Passing example"]] as const) {
    const dir = compareCaseDir(code, name);
    const folder = `test/fixtures/compare/${code}/${name}/`;
    parts.push(`## ${heading}`, "", `From [\`${folder}\`](../../${folder}), \`base/\` committed and \`head/\` in the working tree:`, "");
    for (const side of ["base", "head"] as const) {
      for (const { file, text } of sideFiles(dir, side)) {
        const shown = text.replace(/[ \t]*#\s*expect:[^\n]*/g, "");
        parts.push(`\`${side}/${file}\`:`, "", "```yaml", shown.endsWith("\n") ? shown.slice(0, -1) : shown, "```", "");
      }
    }
    const run = await runOnCase(dir, COMPARE_FIXTURE_ARGS);
    parts.push(`\`screenpol ${COMPARE_FIXTURE_ARGS.join(" ")}\` exits ${run.code} and prints:`, "", "```text", `${run.stdout}${run.stderr}`.trimEnd(), "```", "");
  }
  return `\n${parts.join("\n")}`;
}
