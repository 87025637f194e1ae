/**
 * test/helpers/run-cli-in-process.ts prints what the spawned CLI prints: the
 * same exit code, the same bytes on stdout and stderr, for findings in every
 * format, a clean repository, a usage error, standard input, and a command
 * that reads the package's own files. The tests that lint in-process
 * (test/lsp/lint-equality.test.ts) rest on this.
 */
import { afterAll, describe, expect, it } from "vitest";
import { runCliInProcess } from "../helpers/run-cli-in-process.js";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";
import { fixtureCases, fixtureRepo } from "../integrations/support/fixtures.js";

const withFindings = fixtureCases().filter((fixture) => ["duplicate-policy/fail-addresses-twice", "shadowed-rule/fail-anyOf-branches-covered", "yaml-syntax/fail-tab-indent"].some((name) => `${fixture.code}/${fixture.name}`.startsWith(name)));
const repos = withFindings.map((fixture) => ({ fixture, ...fixtureRepo(fixture) }));
const samples: TempRepo[] = [];
afterAll(() => {
  for (const repo of [...repos, ...samples]) repo.remove();
});

describe("the CLI run in-process", () => {
  it("lints a fixture with findings as the spawned CLI does, in every format", { timeout: 120_000 }, async () => {
    expect(repos.length).toBeGreaterThan(2);
    for (const repo of repos) {
      for (const format of ["json", "pretty", "github", "sarif"]) {
        const args = ["lint", "--format", format];
        const spawned = await runCli(args, { cwd: repo.dir, timeoutMs: 30_000 });
        expect(spawned.code, `${repo.fixture.code}/${repo.fixture.name} ${format}: ${spawned.stderr}`).toBe(1);
        expect(await runCliInProcess(args, { cwd: repo.dir }), `${repo.fixture.code}/${repo.fixture.name} ${format}`).toEqual(spawned);
      }
    }
  });

  it("agrees on a clean repository, a usage error, standard input, the package's own docs and --help", { timeout: 60_000 }, async () => {
    const runs: Array<{ args: string[]; input?: string; code: number }> = [
      { args: ["lint"], code: 0 },
      { args: ["lint", "--format", "json"], code: 0 },
      { args: ["lint", "--no-such-flag"], code: 2 },
      { args: ["decide", "--env", "live", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION", "-"], input: '{"chain": "BTC", "address": "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh"}', code: 0 },
      { args: ["explain", "shadowed-rule"], code: 0 },
      { args: ["--version"], code: 0 },
      { args: ["plan", "--help"], code: 0 },
    ];
    // A copy of the sample repository for each: lint says the missing catalog snapshot once per repository
    // (kept in the user's cache folder), so a second run in the same one would print less.
    for (const { args, input, code } of runs) {
      const [forSpawned, forInProcess] = [makeTempRepo(), makeTempRepo()];
      samples.push(forSpawned, forInProcess);
      const spawned = await runCli(args, { cwd: forSpawned.dir, input, timeoutMs: 30_000 });
      expect(spawned.code, `${args.join(" ")}: ${spawned.stderr}`).toBe(code);
      expect(await runCliInProcess(args, { cwd: forInProcess.dir, input }), args.join(" ")).toEqual(spawned);
    }
  });
});
