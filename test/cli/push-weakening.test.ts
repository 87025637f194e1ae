/**
 * push's guard (semantics.md section 5; docs/decisions.md,
 * "Issue 13: the weakening check in plan and push"): a weakening of a `live`
 * environment is refused unless --allow-weakening is given, whether push
 * plans itself or applies a saved plan. The built CLI against the emulator on
 * loopback; the requests on the wire are recorded. Each push that checks
 * starts z3: a minute per test.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bodyHash } from "../../src/core/canonical.js";
import { withRulesBeyondPartition } from "../helpers/beyond-partition.js";
import { LIVE_ID, recordRequests, revisions, setUp, type Setup } from "./plan-harness.js";

const LIVE_SIGN_IN = "policies/live/vendorAWalletScreening/SIGN_IN.yaml";
const LIVE_TRANSACTION = "policies/live/vendorAWalletScreening/TRANSACTION.yaml";
const Z3 = { timeout: 60_000 };

/** The refusal, as push prints it: the policy, each weakening transition in words, and that nothing was pushed. */
const REFUSAL = [
  "screenpol: policy-weakened: live/vendorAWalletScreening/TRANSACTION (mixed)",
  // By cause (docs/semantics.md, "Causes and regions of a weakening"): its headline, then what its screenings share and each transition.
  "  rule block-severe-risk-score: riskScore gte raised from 8 to 9",
  "    where riskScore in [8, 9), exposure stolen_funds direct < 2% or none, exposure scam direct < 5% or none, exposure fraud_shop direct < 5% or none, exposure ransomware direct < 1% or none, exposure ransomware indirect < 1% or none, cluster other than terrorist_financing, child_abuse_material, ransomware, darknet_market, illicit_actor_org, privacy_wallet or none, amountUsd >= 50 USD or unknown, chain EVM or SOL, token one of 5 preScreen lists, address other than the 3 an entry names",
  "    BLOCK (block-severe-risk-score) -> ALERT (alert-obfuscation), when exposure mixer direct < 5% or none, exposure mixer indirect < 5% or none, exposure privacy_wallet indirect >= 10%; or exposure mixer direct < 5% or none, exposure mixer indirect in [5%, 10%); or exposure mixer direct in [5%, 10%), exposure mixer indirect < 10% or none (e.g. riskScore = 8, exposure privacy_wallet indirect = 10%)",
  "    BLOCK (block-severe-risk-score) -> ALERT (alert-no-kyc-exchange), when exposure mixer direct < 5% or none, exposure mixer indirect < 5% or none, exposure privacy_wallet indirect < 10% or none, exposure no_kyc_exchange direct >= 15% (e.g. riskScore = 8, exposure no_kyc_exchange direct = 15%)",
  "    BLOCK (block-severe-risk-score) -> ALERT (alert-elevated-residual-risk), when exposure mixer direct < 5% or none, exposure mixer indirect < 5% or none, exposure privacy_wallet indirect < 10% or none, exposure no_kyc_exchange direct < 15% or none (e.g. riskScore = 8)",
];

describe("screenpol push: the weakening guard of a live environment", () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
    // The live TRANSACTION policy's BLOCK threshold 8 -> 9: a risk score of 8 is then only alerted.
    const text = readFileSync(join(setup.repo.dir, LIVE_TRANSACTION), "utf8");
    expect(text).toContain("riskScore: { gte: 8 }");
    setup.repo.write(LIVE_TRANSACTION, text.replace("riskScore: { gte: 8 }", "riskScore: { gte: 9 }"));
  });
  afterEach(() => setup.close());

  it("refuses without --allow-weakening: exit 1, each policy and transition on stderr, no write on the wire, even with --yes", Z3, async () => {
    const before = revisions(setup.harness);
    const proxy = await recordRequests(setup.harness);
    try {
      const run = await setup.cli(["push", "--yes"], { env: { SCREENPOL_BASE_URL: proxy.baseUrl } });
      expect(run.stderr).toBe(
        [...REFUSAL, 'screenpol: refusing to push a weakening to the live environment "live" without --allow-weakening; nothing was pushed', ""].join("\n"),
      );
      expect(run.stdout).toBe("");
      expect(run.code).toBe(1);
      expect(proxy.seen.length).toBeGreaterThan(0);
      expect(proxy.seen.filter((line) => !line.startsWith("GET "))).toEqual([]);
    } finally {
      await proxy.close();
    }
    expect(revisions(setup.harness)).toEqual(before);
  });

  it("--allow-weakening pushes, and still names what it allowed", Z3, async () => {
    const run = await setup.cli(["push", "--yes", "--allow-weakening", "--env", "live"]);
    expect(run.stderr).toBe([...REFUSAL, 'screenpol: pushing this weakening to the live environment "live": allowed by --allow-weakening', ""].join("\n"));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("pushed     live/vendorAWalletScreening/TRANSACTION   revision 17 -> 18");
    expect(revisions(setup.harness)["live/vendorAWalletScreening/TRANSACTION"]).toBe(18);
  });

  it("a saved plan: its recorded verdicts are the guard's, checked before any connection; nothing is sent", Z3, async () => {
    const planned = await setup.cli(["plan", "--out", "plan.json", "--env", "live"]);
    expect(planned.code).toBe(0);
    expect(JSON.parse(readFileSync(join(setup.repo.dir, "plan.json"), "utf8")).entries[1].weakening.verdict).toBe("mixed");
    const before = revisions(setup.harness);
    const proxy = await recordRequests(setup.harness);
    try {
      const run = await setup.cli(["push", "--plan", "plan.json", "--yes"], { env: { SCREENPOL_BASE_URL: proxy.baseUrl } });
      expect(run.code).toBe(1);
      expect(run.stderr.split("\n")[0]).toBe(REFUSAL[0]);
      expect(run.stderr).toContain("without --allow-weakening; nothing was pushed\n");
      expect(proxy.seen).toEqual([]);
    } finally {
      await proxy.close();
    }
    expect(revisions(setup.harness)).toEqual(before);
  });

  it("a saved plan without verdicts (--no-weakening-check, or an older screenpol's) is checked by push itself", Z3, async () => {
    const planned = await setup.cli(["plan", "--out", "plan.json", "--no-weakening-check"]);
    expect(planned.code).toBe(0);
    expect(readFileSync(join(setup.repo.dir, "plan.json"), "utf8")).not.toContain('"weakening"');
    const before = revisions(setup.harness);
    const proxy = await recordRequests(setup.harness);
    try {
      const run = await setup.cli(["push", "--plan", "plan.json", "--yes", "--solver-timeout", "30"], { env: { SCREENPOL_BASE_URL: proxy.baseUrl } });
      expect(run.stderr).toBe(
        [...REFUSAL, 'screenpol: refusing to push a weakening to the live environment "live" without --allow-weakening; nothing was pushed', ""].join("\n"),
      );
      expect(run.code).toBe(1);
      expect(proxy.seen).toEqual([]);
    } finally {
      await proxy.close();
    }
    expect(revisions(setup.harness)).toEqual(before);
    const allowed = await setup.cli(["push", "--plan", "plan.json", "--yes", "--allow-weakening"]);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain("Summary: 7 pushed, 5 unchanged, 0 conflicted, 0 failed.");
  });

  it("a sandbox environment is not guarded: its weakening (minAmountUsd 100 -> 250) is pushed", Z3, async () => {
    const run = await setup.cli(["push", "--env", "sandbox"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("pushed     sandbox/vendorAWalletScreening/TRANSACTION   revision 9 -> 10");
  });

  it("a live policy not decided within --solver-timeout is refused too (no proof is no approval)", Z3, async () => {
    // A SIGN_IN pair beyond the exact partition's bound: z3 is asked, and one millisecond never decides it.
    const signIn = readFileSync(join(setup.repo.dir, LIVE_SIGN_IN), "utf8");
    setup.repo.write(LIVE_SIGN_IN, withRulesBeyondPartition(signIn));
    const before = revisions(setup.harness);
    const run = await setup.cli(["push", "--yes", "--env", "live", "--solver-timeout", "0.001"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^screenpol: policy-weakened: live\/vendorAWalletScreening\/SIGN_IN \(unknown\): not decided within the time limit of 1 ms per policy pair \(/);
    expect(run.stderr).toContain("without --allow-weakening; nothing was pushed\n");
    expect(revisions(setup.harness)).toEqual(before);
  });

  it("--solver-timeout takes seconds; anything else is a usage error before anything is read", async () => {
    const run = await setup.cli(["push", "--yes", "--solver-timeout", "ten"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--solver-timeout");
  });
});

describe("screenpol plan and push: a live version with a lint error that decides", () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
    // The service holds what this screenpol's lint refuses (written before a check existed):
    // a catch-all ALLOW last. It is what the service decides with, so it is compared as written
    // (docs/semantics.md, "What decides"). The repository's version removes it.
    const live = setup.harness.emulator.store.state.policies.find(
      (policy) => policy.environmentId === LIVE_ID && policy.providerType === "vendorAWalletScreening" && policy.scope === "TRANSACTION",
    )!;
    (live.rules.postScreen as unknown[]).push({ id: "allow-everything-else", when: {}, action: "ALLOW" });
  });
  afterEach(() => setup.close());

  it("is compared: plan gives its verdict (the catch-all ALLOW and the terminal ALLOW decide alike), and --deny-weakening passes", Z3, async () => {
    const run = await setup.cli(["plan", "--env", "live", "--deny-weakening"]);
    expect(run.stdout).toContain("    1 rule added (alert-no-kyc-exchange); 1 rule removed (allow-everything-else)\n    weakening check: stricter\n");
    expect(run.stdout).not.toContain("not compared");
    expect([run.code, run.stderr]).toEqual([0, ""]);
  });

  it("push pushes it without --allow-weakening: the verdict is a proof that nothing is weakened", Z3, async () => {
    const before = revisions(setup.harness);
    const run = await setup.cli(["push", "--yes", "--env", "live"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(revisions(setup.harness)["live/vendorAWalletScreening/TRANSACTION"]).toBe(before["live/vendorAWalletScreening/TRANSACTION"]! + 1);
  });
});

describe("screenpol plan: a live version that cannot be decided", () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
    // A condition of the other vendor: it fails the schema behind lint's cross-vendor-field, and no rule reads it.
    const live = setup.harness.emulator.store.state.policies.find(
      (policy) => policy.environmentId === LIVE_ID && policy.providerType === "vendorAWalletScreening" && policy.scope === "TRANSACTION",
    )!;
    (live.rules.postScreen as Array<{ when: unknown }>)[0]!.when = { riskLevel: { atLeast: "severe" } };
  });
  afterEach(() => setup.close());

  it("is unknown, the reason naming the finding's code and document path, never its value; --deny-weakening exits 1", Z3, async () => {
    const run = await setup.cli(["plan", "--env", "live", "--deny-weakening"]);
    const reason = "the live version cannot be decided (cross-vendor-field at rules.postScreen[0].when.riskLevel), so it was not compared";
    expect(run.stdout).toContain(`\nNot decided (no proof that nothing is weakened):\n  live/vendorAWalletScreening/TRANSACTION: ${reason}\n`);
    expect(run.stderr).toBe(`screenpol: policy-weakened: live/vendorAWalletScreening/TRANSACTION (unknown): ${reason}\n`);
    expect(run.code).toBe(1);
  });
});

describe("screenpol push --plan: a planned version that does not pass lint", () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
  });
  afterEach(() => setup.close());

  it("a saved plan whose planned version does not pass lint (edited, its hash recomputed) is not compared either: push refuses it before any connection", Z3, async () => {
    const planned = await setup.cli(["plan", "--out", "plan.json", "--env", "live", "--no-weakening-check"]);
    expect(planned.code).toBe(0);
    const plan = JSON.parse(readFileSync(join(setup.repo.dir, "plan.json"), "utf8")) as { entries: Array<{ scope?: string; resource: string; body: { rules: { postScreen: unknown[] } }; bodySha256: string }> };
    const entry = plan.entries.find((candidate) => candidate.resource === "policy" && candidate.scope === "TRANSACTION")!;
    entry.body.rules.postScreen.push({ id: "allow-everything-else", when: {}, action: "ALLOW" });
    entry.bodySha256 = bodyHash(entry.body);
    setup.repo.write("plan.json", JSON.stringify(plan));

    const before = revisions(setup.harness);
    const proxy = await recordRequests(setup.harness);
    try {
      const run = await setup.cli(["push", "--plan", "plan.json", "--yes"], { env: { SCREENPOL_BASE_URL: proxy.baseUrl } });
      expect(run.stderr).toBe(
        "screenpol: policy-weakened: live/vendorAWalletScreening/TRANSACTION (unknown): the planned version does not pass lint (terminal-allow at rules.postScreen[8].when), so it was not compared\n" +
          'screenpol: refusing to push a weakening to the live environment "live" without --allow-weakening; nothing was pushed\n',
      );
      expect([run.code, run.stdout]).toEqual([1, ""]);
      expect(proxy.seen).toEqual([]);
    } finally {
      await proxy.close();
    }
    expect(revisions(setup.harness)).toEqual(before);
  });
});
