/**
 * screenpol's hook added to hook configurations of every shape a team may
 * have (the shapes init.test's and init-team-hooks' real files do not reach):
 * what the file says before is still said after, plus screenpol's hook once.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { mergeLefthookConfig, mergePreCommitConfig } from "../../src/core/hook-configs.js";
import { PROJECT_ROOT } from "../helpers/project-root.js";

const PRE_COMMIT = readFileSync(join(PROJECT_ROOT, "src/app/init-files/pre-commit-config.yaml"), "utf8");
const LEFTHOOK = readFileSync(join(PROJECT_ROOT, "src/app/init-files/lefthook.yml"), "utf8");

function added(result: ReturnType<typeof mergePreCommitConfig>): string {
  if (result.outcome !== "added") throw new Error(`expected the hook added, got ${JSON.stringify(result)}`);
  return result.text;
}

describe("mergePreCommitConfig", () => {
  it("a file of comments only, a flow `repos: []`, no `repos:` at all: a block list with screenpol's entry, the rest kept", () => {
    const commentsOnly = added(mergePreCommitConfig("# hooks come later\n", PRE_COMMIT));
    expect(commentsOnly.startsWith("# hooks come later\n")).toBe(true);
    expect(parse(commentsOnly)).toEqual(parse(PRE_COMMIT));

    const emptyFlow = added(mergePreCommitConfig("fail_fast: true\nrepos: []\n", PRE_COMMIT));
    expect(emptyFlow).toMatch(/^fail_fast: true\nrepos:\n {2}# Added by screenpol init/);
    expect(parse(emptyFlow)).toEqual({ fail_fast: true, ...(parse(PRE_COMMIT) as object) });

    const noRepos = added(mergePreCommitConfig("# ours\nminimum_pre_commit_version: '3.0.0'\n", PRE_COMMIT));
    expect(noRepos.startsWith("# ours\nminimum_pre_commit_version: '3.0.0'\n")).toBe(true);
    expect((parse(noRepos) as { repos: unknown[] }).repos).toHaveLength(1);
  });

  it("the published hook or a local one that runs screenpol: present, nothing added", () => {
    expect(mergePreCommitConfig("repos:\n  - repo: https://github.com/screenpol/screenpol\n    rev: v0.1.0\n    hooks:\n      - id: screenpol-lint\n", PRE_COMMIT)).toEqual({ outcome: "present" });
  });

  it("not a mapping, `repos:` not a list, not YAML: unreadable, with the reason", () => {
    expect(mergePreCommitConfig("- repo: local\n", PRE_COMMIT)).toEqual({ outcome: "unreadable", reason: "it is not a mapping with `repos:`" });
    expect(mergePreCommitConfig("repos: local\n", PRE_COMMIT)).toEqual({ outcome: "unreadable", reason: "its `repos:` is not a list" });
    expect(mergePreCommitConfig("repos: [\n", PRE_COMMIT).outcome).toBe("unreadable");
  });
});

describe("mergeLefthookConfig", () => {
  it("no pre-commit hook yet: one with screenpol's command, the other hooks kept", () => {
    const text = "# ours\npre-push:\n  commands:\n    test:\n      run: npm test\n";
    const merged = mergeLefthookConfig(text, LEFTHOOK);
    if (merged.outcome !== "added") throw new Error(JSON.stringify(merged));
    expect(merged.text.startsWith(text)).toBe(true);
    expect(parse(merged.text)).toEqual({ "pre-push": { commands: { test: { run: "npm test" } } }, ...(parse(LEFTHOOK) as object) });
  });

  it("screenpol already under pre-commit: present; under pre-push only: added to pre-commit", () => {
    expect(mergeLefthookConfig("pre-commit:\n  commands:\n    policies:\n      run: npx screenpol lint --staged {staged_files}\n", LEFTHOOK)).toEqual({ outcome: "present" });
    expect(mergeLefthookConfig("pre-push:\n  commands:\n    policies:\n      run: npx screenpol lint\n", LEFTHOOK).outcome).toBe("added");
  });
});
