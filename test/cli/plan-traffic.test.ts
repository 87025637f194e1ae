/**
 * `plan --traffic` (docs/semantics.md, "Recorded screenings of a weakening"):
 * the built CLI against the emulator on loopback, in a copy of the sample
 * repository; the recorded screenings decided live and as planned, counted
 * as `replay --live` counts them on the same file.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { schemaDocument } from "../../src/core/validate.js";
import { PROJECT_ROOT } from "../helpers/run-cli.js";
import { undescribedMembers } from "../helpers/undescribed-members.js";
import { setUp, type Setup } from "./plan-harness.js";

const SAMPLE = "examples/replay/sandbox-vendorA-transaction.jsonl";
const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const TARGET = ["--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION"];
const Z3 = { timeout: 60_000 };

describe("screenpol plan --traffic", () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
    setup.repo.write(SAMPLE, readFileSync(join(PROJECT_ROOT, SAMPLE)));
    // Live sandbox TRANSACTION has minAmountUsd 100, the file 250; the block threshold raised too: two causes.
    const text = readFileSync(join(setup.repo.dir, POLICY), "utf8");
    expect(text).toContain("riskScore: { gte: 8.5 }");
    setup.repo.write(POLICY, text.replace("riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }"));
  });
  afterEach(() => setup.close());

  it("says under each cause how many recorded screenings it affects, the totals beside the check, replay --live's counts in JSON", Z3, async () => {
    const replay = await setup.cli(["replay", SAMPLE, ...TARGET, "--live", "--format", "json"]);
    expect(replay.code).toBe(0);
    const replayed = JSON.parse(replay.stdout);
    expect(replayed.changed).toBe(6);

    const run = await setup.cli(["plan", "--env", "sandbox", POLICY, "--traffic", SAMPLE]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    const threshold = lines.indexOf("  sandbox/vendorAWalletScreening/TRANSACTION: rule block-severe-risk-score: riskScore gte raised from 8.5 to 9");
    expect(lines[threshold + 1]).toBe("    affects 5 of 30 recorded screenings (16.67%)");
    const minimum = lines.findIndex((line) => line.startsWith("  sandbox/vendorAWalletScreening/TRANSACTION: minAmountUsd raised from 100 to 250"));
    expect(lines[minimum + 1]).toBe("    affects 1 of 30 recorded screenings (3.33%)");
    expect(run.stdout).toContain(
      `\n\nRecorded screenings decided live and as planned (--traffic):\n  sandbox/vendorAWalletScreening/TRANSACTION: 6 of 30 recorded screenings in ${SAMPLE} decided less strictly (20.00%), 0 more strictly, 0 by another rule or step with the same action; 0 lines skipped\n\n`,
    );

    const json = await setup.cli(["plan", "--env", "sandbox", POLICY, "--traffic", SAMPLE, "--format", "json"]);
    expect(json.code).toBe(0);
    const entry = JSON.parse(json.stdout).entries.find((candidate: { weakening?: unknown }) => candidate.weakening !== undefined);
    const { traffic, causes } = entry.weakening;
    expect(traffic).toEqual({ file: SAMPLE, screenings: replayed.screenings, skipped: replayed.skipped, changed: replayed.changed, transitions: replayed.transitions });
    const byCause = causes.flatMap((cause: { transitions: Array<{ recorded: number }> }) => cause.transitions.map((transition) => transition.recorded));
    expect(byCause.reduce((sum: number, count: number) => sum + count, 0)).toBe(replayed.changed);
    // plan.json's schema is its documentation: every member written with --traffic is described there.
    const out = await setup.cli(["plan", "--env", "sandbox", POLICY, "--traffic", SAMPLE, "--out", "plan.json"]);
    expect(out.code).toBe(0);
    expect(undescribedMembers(JSON.parse(readFileSync(join(setup.repo.dir, "plan.json"), "utf8")), schemaDocument("plan"))).toEqual([]);
  });

  it("leaves the approval as it is: push --plan pushes a weakening approved with --traffic, exit 0", Z3, async () => {
    const live = "policies/live/vendorAWalletScreening/TRANSACTION.yaml";
    const text = readFileSync(join(setup.repo.dir, live), "utf8");
    expect(text).toContain("riskScore: { gte: 8 }");
    setup.repo.write(live, text.replace("riskScore: { gte: 8 }", "riskScore: { gte: 9 }"));
    const planned = await setup.cli(["plan", "--env", "live", live, "--traffic", SAMPLE, "--allow-weakening", "--out", "approved.json"]);
    expect(planned.code).toBe(0);
    expect(planned.stdout).toContain("\n    affects ");
    const pushed = await setup.cli(["push", "--plan", "approved.json", "--yes"]);
    expect(pushed.stderr).toMatch(/: approved in the plan \(weakening [0-9a-f]{12}\), and the same against live now\n$/);
    expect(pushed.code).toBe(0);
  });

  it("refuses --traffic with --no-weakening-check, and a missing file before any request, exit 2", async () => {
    const off = await setup.cli(["plan", "--env", "sandbox", "--traffic", SAMPLE, "--no-weakening-check"]);
    expect([off.code, off.stdout, off.stderr]).toEqual([2, "", "screenpol: --traffic counts what the weakening check finds; drop --no-weakening-check\n"]);
    const missing = await setup.cli(["plan", "--env", "sandbox", POLICY, "--traffic", "nope.jsonl.gz"]);
    expect([missing.code, missing.stdout, missing.stderr]).toEqual([2, "", "screenpol: --traffic: cannot read nope.jsonl.gz: no such file\n"]);
  });
});
