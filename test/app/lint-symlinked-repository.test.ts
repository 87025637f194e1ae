/**
 * A repository that lives under a symbolic link (a checkout reached through a
 * linked home or workspace folder): the library's lint, given that path as its
 * cwd, sees the same repository as through its real path (docs/decisions.md,
 * Files that are not what they seem).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runLint } from "../../src/app/lint.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";

describe("lint of a repository reached through a symbolic link", () => {
  let repo: TempRepo;
  let elsewhere: string;
  beforeEach(() => {
    repo = makeTempRepo();
    elsewhere = mkdtempSync(join(tmpdir(), "screenpol-link-"));
  });
  afterEach(() => {
    repo.remove();
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it("names files repository-relative, and follows a link to a file inside the repository under the link's name", async () => {
    const via = join(elsewhere, "checkout");
    symlinkSync(repo.dir, via);
    const good = readFileSync(join(repo.dir, POLICY), "utf8");
    mkdirSync(join(repo.dir, "shared"));
    writeFileSync(join(repo.dir, "shared/sign-in.yaml"), good.replace("enabled: true", "enabled: maybe"));
    rmSync(join(repo.dir, POLICY));
    symlinkSync("../../../shared/sign-in.yaml", join(repo.dir, POLICY));
    const line = good.split("\n").findIndex((text) => text.startsWith("enabled")) + 1;

    const named = await runLint({ cwd: via, paths: [POLICY] });
    expect(named.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual([`${POLICY}:${line}:10 schema`]);
    const fromFolder = await runLint({ cwd: join(via, "policies/sandbox"), paths: ["vendorAWalletScreening/SIGN_IN.yaml"] });
    expect(fromFolder.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual([`${POLICY}:${line}:10 schema`]);
    const whole = await runLint({ cwd: via });
    expect(whole.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual([`${POLICY}:${line}:10 schema`]);
  });
});
