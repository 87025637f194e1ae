/**
 * `lint --suppress-all` and the suppressions file (docs/codes/invalid-suppression.md,
 * "A baseline for adoption"): today's findings accepted per file and code with a
 * reason to write; later lints hide up to the count, report the rest and the
 * entries no longer needed; compliance findings are never written.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const PLACEHOLDER = "TODO: why these findings are accepted (they are not suppressed until this says)";

const rule = (id: string) => `    - id: ${id}\n      when:\n        exposure: { category: mixer, direction: any, minPercent: 10 }\n      action: ALERT\n`;
const policy = (unreachable: string[]) =>
  "providerType: vendorAWalletScreening\nscope: TRANSACTION\nschemaVersion: 1\nenabled: true\n\nrules:\n  preScreen:\n    chains: [EVM]\n  postScreen:\n" +
  "    - id: block-everything\n      when: {}\n      action: BLOCK\n" +
  unreachable.map(rule).join("");

describe("lint --suppress-all", () => {
  let repo: TempRepo;
  beforeEach(() => {
    repo = makeTempRepo({ samples: false });
    repo.write("screenpol.config.yaml", "environments:\n  sandbox:\n    id: 3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01\n    kind: sandbox\n");
    repo.write(POLICY, policy(["alert-a", "alert-b"]));
  });
  afterEach(() => repo.remove());

  const baseline = () => JSON.parse(readFileSync(join(repo.dir, "screenpol-suppressions.json"), "utf8")) as unknown;
  const lintJson = async () => {
    const run = await runCli(["lint", "--format", "json"], { cwd: repo.dir });
    const report = JSON.parse(run.stdout) as { diagnostics: { file: string; line: number; code: string; message: string }[]; suppressed?: { code: string; justification: string }[] };
    return { code: run.code, found: report.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}: ${d.message}`), suppressed: (report.suppressed ?? []).map((d) => `${d.code}: ${d.justification}`) };
  };

  it("writes a count and a reason placeholder per file and code; the placeholder suppresses nothing", async () => {
    const before = await lintJson();
    expect(before.found.filter((line) => line.includes("unreachable-rule"))).toHaveLength(2);

    const run = await runCli(["lint", "--suppress-all"], { cwd: repo.dir });
    expect([run.code, run.stdout, run.stderr]).toEqual([0, "\u2714 2 files linted, no problems\n", `screenpol: wrote 1 entry for 2 findings to screenpol-suppressions.json; write each entry's "reason": it suppresses nothing until then\n`]);
    expect(baseline()).toEqual({ [POLICY]: { "unreachable-rule": { count: 2, reason: PLACEHOLDER } } });

    const unfilled = await lintJson();
    expect(unfilled.found).toContain(
      `screenpol-suppressions.json:3 invalid-suppression: the unreachable-rule entry for ${POLICY} gives no reason: write its "reason" (a reviewer reads it); it suppresses nothing`,
    );
    expect(unfilled.found.filter((line) => line.includes("unreachable-rule:"))).toHaveLength(2);
    expect(unfilled.code).toBe(1);
  });

  it("a filled-in entry hides up to its count: one more finding is reported, one fewer is a stale entry", async () => {
    await runCli(["lint", "--suppress-all"], { cwd: repo.dir });
    const file = join(repo.dir, "screenpol-suppressions.json");
    repo.write("screenpol-suppressions.json", readFileSync(file, "utf8").replace(PLACEHOLDER, "kept while the catch-all is trialled (COMP-1201)"));

    const accepted = await lintJson();
    expect(accepted).toEqual({ code: 0, found: [], suppressed: ["unreachable-rule: kept while the catch-all is trialled (COMP-1201)", "unreachable-rule: kept while the catch-all is trialled (COMP-1201)"] });

    repo.write(POLICY, policy(["alert-a", "alert-b", "alert-c"]));
    const more = await lintJson();
    expect(more.suppressed).toHaveLength(2);
    expect(more.found).toEqual([expect.stringMatching(new RegExp(`^${POLICY}:21 unreachable-rule: rules.postScreen\\[3\\]`))]);

    repo.write(POLICY, policy(["alert-a"]));
    const fewer = await lintJson();
    expect(fewer.found).toEqual([`screenpol-suppressions.json:3 unused-suppression: the unreachable-rule entry for ${POLICY} accepts 2, 1 found; lower its "count", so that it cannot hide the next one`]);
    expect(fewer.code).toBe(0);
  });

  it("never writes a compliance finding: it stays an error, and is said not written", async () => {
    repo.write("policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml", "providerType: vendorBAddressScreening\nscope: SIGN_IN\nschemaVersion: 1\nenabled: true\n\nrules:\n  preScreen:\n    chains: [EVM]\n  postScreen:\n    - id: allow-all\n      when: {}\n      action: ALLOW\n");
    const before = await lintJson();
    const compliance = before.found.filter((line) => !line.includes("unreachable-rule"));
    expect(compliance.length).toBeGreaterThan(0);

    const run = await runCli(["lint", "--suppress-all", "--format", "json"], { cwd: repo.dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `screenpol: wrote 1 entry for 2 findings to screenpol-suppressions.json; write each entry's "reason": it suppresses nothing until then; ${compliance.length} finding${compliance.length === 1 ? "" : "s"} not written: compliance and structural findings cannot be suppressed\n`,
    );
    expect(Object.keys(baseline() as object)).toEqual([POLICY]);

    // Written by hand, such an entry is refused, and the finding stays.
    const code = compliance[0]!.split(" ")[1]!.replace(/:$/, "");
    const file = compliance[0]!.split(":")[0]!;
    repo.write("screenpol-suppressions.json", JSON.stringify({ [file]: { [code]: { count: 1, reason: "accepted" } } }, null, 2));
    const after = await lintJson();
    expect(after.found).toContain(`screenpol-suppressions.json:3 invalid-suppression: ${code} (for ${file}) cannot be suppressed, in this file or in a comment: fix the finding`);
    expect(after.found).toContain(compliance[0]);
  });
});
