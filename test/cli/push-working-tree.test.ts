/**
 * A push to a `live` environment from a tree that is not what the default
 * branch holds (toolkit.md, push; docs/review-workflow.md): uncommitted
 * changes to the policies or config, or HEAD on another branch, are said; under
 * --yes the push is refused (exit 2, one line, nothing sent) unless
 * --allow-dirty. Untracked files elsewhere, a detached HEAD, and a folder
 * outside Git are not concerns.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { git } from "../helpers/committed-repo.js";
import { ALL_SCOPES_TOKEN, revisions, setUp, type Setup } from "./plan-harness.js";

const LIVE_POLICY = "policies/live/vendorBAddressScreening/SIGN_IN.yaml";

describe("push to a live environment from the working tree", { timeout: 120_000 }, () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
    git(setup.repo.dir, "init", "-q", "-b", "main");
    git(setup.repo.dir, "add", "-A");
    git(setup.repo.dir, "commit", "-qm", "samples");
    // A clone's record of the remote's default branch: main.
    git(setup.repo.dir, "update-ref", "refs/remotes/origin/main", "HEAD");
    git(setup.repo.dir, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main");
  });
  afterEach(() => setup.close());

  it("refuses under --yes with uncommitted changes to a policy: exit 2, one line, nothing pushed", async () => {
    setup.repo.write(LIVE_POLICY, `${readFileSync(join(setup.repo.dir, LIVE_POLICY), "utf8")}# edited\n`);
    const before = revisions(setup.harness);
    const run = await setup.cli(["push", "--env", "live", "--yes"]);
    expect([run.code, run.stderr]).toEqual([
      2,
      expect.stringMatching(new RegExp(`^screenpol: refusing to push \\d+ changes? to the live environment "live": the working tree has uncommitted changes to ${LIVE_POLICY} \\(--allow-dirty pushes it anyway\\); nothing was pushed\\n$`)),
    ]);
    expect(revisions(setup.harness)).toEqual(before);

    const allowed = await setup.cli(["push", "--env", "live", "--yes", "--allow-dirty"]);
    expect(allowed.stderr).toContain(`screenpol: warning: the working tree has uncommitted changes to ${LIVE_POLICY}: the live environment "live" gets what this tree holds\n`);
    expect(allowed.code).toBe(0);
    expect(revisions(setup.harness)).not.toEqual(before);
  });

  it("on a terminal, says so before asking; answered no, nothing is pushed", async () => {
    setup.repo.write(LIVE_POLICY, `${readFileSync(join(setup.repo.dir, LIVE_POLICY), "utf8")}# edited\n`);
    const before = revisions(setup.harness);
    let err = "";
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    stdin.end("n\n");
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: { write: (chunk: string) => (err += chunk) },
      stdin,
      env: { SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN, SCREENPOL_BASE_URL: setup.harness.running.baseUrl, NO_COLOR: "1" },
      cwd: setup.repo.dir,
      waitForInterrupt: () => new Promise(() => undefined),
    };
    const code = await main(["push", "--env", "live"], io);
    const warning = `screenpol: warning: the working tree has uncommitted changes to ${LIVE_POLICY}: the live environment "live" gets what this tree holds\n`;
    expect(err).toContain(warning);
    expect(err.indexOf(warning)).toBeLessThan(err.search(/Push \d+ changes? to the live environment "live"\? \[y\/N\] /));
    expect(err).toContain("screenpol: push cancelled; nothing was pushed\n");
    expect(code).toBe(2);
    expect(revisions(setup.harness)).toEqual(before);
  });

  it("refuses under --yes on a branch other than the default one; a detached HEAD and an untracked plan.json are no concern", async () => {
    git(setup.repo.dir, "checkout", "-q", "-b", "feature");
    const before = revisions(setup.harness);
    const off = await setup.cli(["push", "--env", "live", "--yes"]);
    expect(off.code).toBe(2);
    expect(off.stderr).toMatch(/^screenpol: refusing to push \d+ changes? to the live environment "live": HEAD is on the branch feature, not the default branch main \(--allow-dirty pushes it anyway\); nothing was pushed\n$/);
    expect(revisions(setup.harness)).toEqual(before);

    git(setup.repo.dir, "checkout", "-q", "--detach");
    setup.repo.write("plan.json", "{}\n");
    const detached = await setup.cli(["push", "--env", "live", "--yes"]);
    expect(detached.stderr).toBe("");
    expect(detached.code).toBe(0);
  });
});
