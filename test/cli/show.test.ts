/**
 * `screenpol show plan.json`: a saved plan rendered as `plan` printed it, from
 * the file alone (docs/review-workflow.md, "A saved plan").
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setUp, type Setup } from "./plan-harness.js";
import { runCli } from "../helpers/run-cli.js";

describe("screenpol show", () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
  });
  afterEach(() => setup.close());

  it("shows a saved plan as plan printed it, in each format, with no request and no config", { timeout: 120_000 }, async () => {
    const planned = await setup.cli(["plan", "--out", "plan.json", "--no-weakening-check"]);
    expect(planned.code).toBe(0);
    const markdown = await setup.cli(["plan", "--no-weakening-check", "--format", "markdown"]);
    const saved = readFileSync(join(setup.repo.dir, "plan.json"), "utf8");
    // Another folder: no config, and the emulator's address never given.
    const elsewhere = join(setup.repo.dir, "policies");
    const shown = await runCli(["show", "../plan.json"], { cwd: elsewhere });
    expect(shown.stderr).toBe("");
    expect(shown.code).toBe(0);
    const [first] = shown.stdout.split("\n");
    expect(first).toMatch(/^Saved plan \.\.\/plan\.json, made \d{4}-\d\d-\d\dT[\d:.]+Z$/);
    // Then plan's own report, byte for byte, its closing hint naming the file as given.
    const hint = "Run `screenpol push --plan plan.json` to apply exactly this plan.";
    expect(planned.stdout).toContain(hint);
    expect(shown.stdout).toBe(`${first}\n\n${planned.stdout.replace(hint, "Run `screenpol push --plan ../plan.json` to apply exactly this plan.")}`);
    expect((await runCli(["show", "../plan.json", "--format", "json"], { cwd: elsewhere })).stdout).toBe(saved);
    expect((await runCli(["show", "../plan.json", "--format", "markdown"], { cwd: elsewhere })).stdout).toBe(markdown.stdout);
  });

  it("says the approval a plan carries: none approved, or the weakening's fingerprint", { timeout: 120_000 }, async () => {
    expect((await setup.cli(["plan", "--env", "live", "--allow-weakening", "--out", "approved.json"])).code).toBe(0);
    const none = await runCli(["show", "approved.json"], { cwd: setup.repo.dir });
    expect(none.stdout.split("\n")[0]).toMatch(/, made \S+; it approves no weakening$/);
    const text = readFileSync(join(setup.repo.dir, "policies/live/vendorAWalletScreening/TRANSACTION.yaml"), "utf8");
    setup.repo.write("policies/live/vendorAWalletScreening/TRANSACTION.yaml", text.replace("riskScore: { gte: 8 }", "riskScore: { gte: 9 }"));
    expect((await setup.cli(["plan", "--env", "live", "--allow-weakening", "--out", "approved.json"])).code).toBe(0);
    const fingerprint = JSON.parse(readFileSync(join(setup.repo.dir, "approved.json"), "utf8")).weakeningApproval.fingerprint as string;
    const one = await runCli(["show", "approved.json"], { cwd: setup.repo.dir });
    expect(one.stdout.split("\n")[0]).toMatch(new RegExp(`, made \\S+; it approves the weakening ${fingerprint.slice(0, 12)} of 1 live policy$`));
  });

  it("a file that cannot be read or is not a plan: one line, exit 2", async () => {
    setup.repo.write("not-a-plan.json", '{"formatVersion": 99}\n');
    const wrong = await runCli(["show", "not-a-plan.json"], { cwd: setup.repo.dir });
    expect(wrong.code).toBe(2);
    expect(wrong.stdout).toBe("");
    expect(wrong.stderr).toMatch(/^screenpol: cannot use the plan not-a-plan\.json: .+\n$/);
    const missing = await runCli(["show", "missing.json"], { cwd: setup.repo.dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^screenpol: cannot read the plan missing\.json \(.+\)\n$/);
  });
});
