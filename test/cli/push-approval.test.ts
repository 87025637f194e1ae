/**
 * An approved weakening (docs/review-workflow.md, "Approving a weakening"):
 * `plan --allow-weakening` records it in plan.json, and `push --plan`
 * recomputes the weakening against live at push time and pushes without
 * --allow-weakening only when it is exactly the approved one. The built CLI
 * against the emulator on loopback; the requests on the wire are recorded.
 * Each plan and push starts z3: a minute per command.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changeLivePolicy, LIVE_ID, recordRequests, revisions, setUp, type Setup } from "./plan-harness.js";

const LIVE_SIGN_IN = "policies/live/vendorAWalletScreening/SIGN_IN.yaml";
const LIVE_TRANSACTION = "policies/live/vendorAWalletScreening/TRANSACTION.yaml";
const Z3 = { timeout: 180_000 };

/** What the approved weakening is: the live TRANSACTION policy's BLOCK threshold 8 -> 9. */
const APPROVED = [
  "screenpol: policy-weakened: live/vendorAWalletScreening/TRANSACTION (mixed)",
  "  rule block-severe-risk-score: riskScore gte raised from 8 to 9",
  "    where riskScore in [8, 9), exposure stolen_funds direct < 2% or none, exposure scam direct < 5% or none, exposure fraud_shop direct < 5% or none, exposure ransomware direct < 1% or none, exposure ransomware indirect < 1% or none, cluster other than terrorist_financing, child_abuse_material, ransomware, darknet_market, illicit_actor_org, privacy_wallet or none, amountUsd >= 50 USD or unknown, chain EVM or SOL, token one of 5 preScreen lists, address other than the 3 an entry names",
  "    BLOCK (block-severe-risk-score) -> ALERT (alert-obfuscation), when exposure mixer direct < 5% or none, exposure mixer indirect < 5% or none, exposure privacy_wallet indirect >= 10%; or exposure mixer direct < 5% or none, exposure mixer indirect in [5%, 10%); or exposure mixer direct in [5%, 10%), exposure mixer indirect < 10% or none (e.g. riskScore = 8, exposure privacy_wallet indirect = 10%)",
  "    BLOCK (block-severe-risk-score) -> ALERT (alert-no-kyc-exchange), when exposure mixer direct < 5% or none, exposure mixer indirect < 5% or none, exposure privacy_wallet indirect < 10% or none, exposure no_kyc_exchange direct >= 15% (e.g. riskScore = 8, exposure no_kyc_exchange direct = 15%)",
  "    BLOCK (block-severe-risk-score) -> ALERT (alert-elevated-residual-risk), when exposure mixer direct < 5% or none, exposure mixer indirect < 5% or none, exposure privacy_wallet indirect < 10% or none, exposure no_kyc_exchange direct < 15% or none (e.g. riskScore = 8)",
];

/** A BLOCK rule put first in a policy: live made stricter by someone else. */
const FIRST_RULE = `  postScreen:
    - id: block-watchlisted-score
      when:
        riskScore: { gte: 7 }
      action: BLOCK

`;

describe("an approved weakening: plan --allow-weakening, then push --plan", () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
    const text = readFileSync(join(setup.repo.dir, LIVE_TRANSACTION), "utf8");
    const approvedText = text.replace("riskScore: { gte: 8 }", "riskScore: { gte: 9 }");
    expect(approvedText).not.toBe(text);
    setup.repo.write(LIVE_TRANSACTION, approvedText);
  });
  afterEach(() => setup.close());

  async function moveLive(change: (live: string) => string): Promise<void> {
    await changeLivePolicy(setup, LIVE_TRANSACTION, change);
    expect(revisions(setup.harness)["live/vendorAWalletScreening/TRANSACTION"]).toBe(18);
  }

  async function approve(): Promise<Record<string, any>> {
    const planned = await setup.cli(["plan", "--env", "live", "--allow-weakening", "--out", "approved.json"]);
    expect(planned.stderr).toMatch(/^screenpol: the plan records this approval \(weakening [0-9a-f]{12}\): `push --plan` pushes it without --allow-weakening while the weakening against live is exactly this$/m);
    expect(planned.stderr.split("\n").slice(0, APPROVED.length)).toEqual(APPROVED);
    expect(planned.code).toBe(0);
    return JSON.parse(readFileSync(join(setup.repo.dir, "approved.json"), "utf8"));
  }

  it("records the approval in plan.json, and push --plan pushes it without --allow-weakening, naming what was approved", Z3, async () => {
    const plan = await approve();
    expect(plan.weakeningApproval.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(plan.weakeningApproval.policies.map((policy: any) => [policy.environment, policy.providerType, policy.scope, policy.weakening.verdict])).toEqual([
      ["live", "vendorAWalletScreening", "TRANSACTION", "mixed"],
    ]);
    const pushed = await setup.cli(["push", "--plan", "approved.json", "--yes"]);
    expect(pushed.stderr).toBe(
      [...APPROVED, `screenpol: pushing this weakening to the live environment "live": approved in the plan (weakening ${plan.weakeningApproval.fingerprint.slice(0, 12)}), and the same against live now`, ""].join("\n"),
    );
    expect(pushed.stdout).toContain("pushed     live/vendorAWalletScreening/TRANSACTION   revision 17 -> 18");
    expect(pushed.code).toBe(0);
    expect(revisions(setup.harness)["live/vendorAWalletScreening/TRANSACTION"]).toBe(18);
  });

  it("refuses when live moved meanwhile and the weakening is no longer the approved one: exit 1, the difference, no write", Z3, async () => {
    await approve();
    // Live made stricter after the review: pushing the approved file now would also undo that.
    await moveLive((live) => live.replace("  postScreen:\n", FIRST_RULE));

    const before = revisions(setup.harness);
    const proxy = await recordRequests(setup.harness);
    try {
      const pushed = await setup.cli(["push", "--plan", "approved.json", "--yes"], { env: { SCREENPOL_BASE_URL: proxy.baseUrl } });
      const lines = pushed.stderr.split("\n");
      // The screenings the approved change alerts instead of blocking are now blocked first by the new rule.
      expect(lines).toEqual([
        "screenpol: weakening not the approved one: live/vendorAWalletScreening/TRANSACTION (mixed, as approved, by other transitions)",
        "  + BLOCK (block-watchlisted-score) -> ALERT (alert-elevated-residual-risk)  (now, not approved)",
        "  + BLOCK (block-watchlisted-score) -> ALERT (alert-no-kyc-exchange)  (now, not approved)",
        "  + BLOCK (block-watchlisted-score) -> ALERT (alert-obfuscation)  (now, not approved)",
        "  - BLOCK (block-severe-risk-score) -> ALERT (alert-elevated-residual-risk)  (approved, not made now)",
        "  - BLOCK (block-severe-risk-score) -> ALERT (alert-no-kyc-exchange)  (approved, not made now)",
        "  - BLOCK (block-severe-risk-score) -> ALERT (alert-obfuscation)  (approved, not made now)",
        "screenpol: live moved since the plan: live/vendorAWalletScreening/TRANSACTION (planned against revision 17, live revision 18 now)",
        'screenpol: refusing to push a weakening to the live environment "live" other than the one approved in the plan; nothing was pushed',
        "",
      ]);
      expect(pushed.stdout).toBe("");
      expect(pushed.code).toBe(1);
      expect(proxy.seen.filter((line) => !line.startsWith("GET "))).toEqual([]);
    } finally {
      await proxy.close();
    }
    expect(revisions(setup.harness)).toEqual(before);
  });

  it("when live moved but the weakening is the approved one, the revision precondition refuses: exit 3, nothing written over it", Z3, async () => {
    await approve();
    // A description changes live: the same decisions, a new revision.
    await moveLive((live) => live.replace("Vendor risk score of 8 or more.", "Risk score 8 and up."));

    const pushed = await setup.cli(["push", "--plan", "approved.json", "--yes"]);
    expect(pushed.stderr).toContain("approved in the plan (weakening ");
    expect(pushed.stdout).toContain("CONFLICT   live/vendorAWalletScreening/TRANSACTION   planned against revision 17, live is now 18; nothing was written for it");
    expect(pushed.code).toBe(3);
    expect(revisions(setup.harness)["live/vendorAWalletScreening/TRANSACTION"]).toBe(18);
  });

  it("live moved to the approved weakening by another change: less than approved refuses nothing (it is said), the revision precondition refuses (exit 3)", Z3, async () => {
    await approve();
    await moveLive((live) => live.replace("riskScore: { gte: 8 }", "riskScore: { gte: 9 }").replace("Vendor risk score of 8 or more.", "Risk score 9 and up."));
    const pushed = await setup.cli(["push", "--plan", "approved.json", "--yes"]);
    const lines = pushed.stderr.split("\n");
    expect(lines[0]).toBe("screenpol: weakening approved but not made now: live/vendorAWalletScreening/TRANSACTION (approved mixed; no weakening now)");
    expect(lines.filter((line) => line.startsWith("  - BLOCK (block-severe-risk-score) -> ALERT ("))).toHaveLength(3);
    expect(pushed.stderr).not.toContain("refusing");
    expect(pushed.stdout).toContain("CONFLICT   live/vendorAWalletScreening/TRANSACTION   planned against revision 17, live is now 18; nothing was written for it");
    expect(pushed.code).toBe(3);
  });

  it("re-running after a failed push converges: what the first run pushed is judged as planned against, and the approval still holds", Z3, async () => {
    const plan = await approve();
    // The new vendorB TRANSACTION policy cannot be created: the push fails after the weakened policy was pushed.
    setup.harness.emulator.faults.add({ route: `PUT /environments/${LIVE_ID}/screeningPolicies/vendorBAddressScreening/TRANSACTION`, kind: "500", count: "always", retryAfter: 0 });
    const failed = await setup.cli(["push", "--plan", "approved.json", "--yes"]);
    expect(failed.stdout).toMatch(/^FAILED +live\/vendorBAddressScreening\/TRANSACTION /m);
    expect(failed.code).toBe(4);
    expect(revisions(setup.harness)["live/vendorAWalletScreening/TRANSACTION"]).toBe(18);
    setup.harness.emulator.faults.clear();

    const again = await setup.cli(["push", "--plan", "approved.json", "--yes"]);
    expect(again.stderr).toBe(
      [...APPROVED, `screenpol: pushing this weakening to the live environment "live": approved in the plan (weakening ${plan.weakeningApproval.fingerprint.slice(0, 12)}), and the same against live now`, ""].join("\n"),
    );
    expect(again.stdout).toContain("unchanged  live/vendorAWalletScreening/TRANSACTION   revision 18 (the live policy already holds the planned content)");
    expect(again.stdout).toContain("pushed     live/vendorBAddressScreening/TRANSACTION  created at revision 1");
    expect(again.code).toBe(0);
  });

  it("refuses a second weakening the approval does not hold, even with the approval of the first copied into its plan", Z3, async () => {
    const approved = await approve();
    // After the approval, a second weakening: the SIGN_IN BLOCK threshold too.
    const signIn = readFileSync(join(setup.repo.dir, LIVE_SIGN_IN), "utf8");
    setup.repo.write(LIVE_SIGN_IN, signIn.replace("riskScore: { gte: 8 }", "riskScore: { gte: 9 }"));
    expect((await setup.cli(["plan", "--env", "live", "--out", "second.json"])).code).toBe(0);
    const second = JSON.parse(readFileSync(join(setup.repo.dir, "second.json"), "utf8"));
    second.weakeningApproval = approved.weakeningApproval;
    writeFileSync(join(setup.repo.dir, "second.json"), JSON.stringify(second));

    const before = revisions(setup.harness);
    const pushed = await setup.cli(["push", "--plan", "second.json", "--yes"]);
    const lines = pushed.stderr.split("\n");
    expect(lines[0]).toMatch(/^screenpol: weakening not approved: live\/vendorAWalletScreening\/SIGN_IN \((weaker|mixed); the plan approves no weakening of it\)$/);
    expect(lines.filter((line) => line.startsWith("  + BLOCK (block-severe-risk-score) -> ")).length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.startsWith("  - "))).toEqual([]);
    expect(lines.some((line) => line.includes("TRANSACTION"))).toBe(false);
    expect(lines.some((line) => line.startsWith("screenpol: live moved"))).toBe(false);
    expect(lines.at(-2)).toBe('screenpol: refusing to push a weakening to the live environment "live" other than the one approved in the plan; nothing was pushed');
    expect(pushed.code).toBe(1);
    expect(revisions(setup.harness)).toEqual(before);
  });
});

describe("plan: approving, or failing on, a weakening of a live environment", () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
  });
  afterEach(() => setup.close());

  it("--deny-live-weakening fails on a live environment's weakening only; a sandbox weakening passes", Z3, async () => {
    const sandbox = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
    const text = readFileSync(join(setup.repo.dir, sandbox), "utf8");
    const weakened = text.replace(/riskScore: \{ gte: (\d+) \}/, (_match, value: string) => `riskScore: { gte: ${Number(value) + 1} }`);
    expect(weakened).not.toBe(text);
    setup.repo.write(sandbox, weakened);
    const sandboxOnly = await setup.cli(["plan", "--deny-live-weakening"]);
    expect(sandboxOnly.stdout).toContain("\n  sandbox/vendorAWalletScreening/TRANSACTION: minAmountUsd raised from 100 to 250: ");
    expect(sandboxOnly.code).toBe(0);

    const live = readFileSync(join(setup.repo.dir, LIVE_TRANSACTION), "utf8");
    setup.repo.write(LIVE_TRANSACTION, live.replace("riskScore: { gte: 8 }", "riskScore: { gte: 9 }"));
    const withLive = await setup.cli(["plan", "--deny-live-weakening", "--detailed-exitcode"]);
    expect(withLive.stderr).toBe(
      [
        "screenpol: policy-weakened: live/vendorAWalletScreening/TRANSACTION (mixed)",
        "screenpol: a weakening of a live environment needs approval: `screenpol plan --allow-weakening --out plan.json` records it for `push --plan`",
        "",
      ].join("\n"),
    );
    expect(withLive.code).toBe(1);
  });

  it("--allow-weakening with nothing to approve records an empty approval, and says so", Z3, async () => {
    const planned = await setup.cli(["plan", "--env", "live", "--allow-weakening", "--format", "json"]);
    expect(planned.stderr).toBe("screenpol: --allow-weakening: no weakening of a live environment to approve; the plan records that none was approved\n");
    expect(JSON.parse(planned.stdout).weakeningApproval).toEqual({ fingerprint: "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945", policies: [] });
    expect(planned.code).toBe(0);
  });

  it.each([
    [["--deny-weakening"], "screenpol: --allow-weakening approves the weakening that --deny-weakening refuses; give one of them"],
    [["--deny-live-weakening"], "screenpol: --allow-weakening approves the weakening that --deny-live-weakening refuses; give one of them"],
    [["--no-weakening-check"], "screenpol: --allow-weakening approves what the weakening check finds; drop --no-weakening-check"],
  ])("--allow-weakening with %j is a usage error, before any request (exit 2)", async (flags, message) => {
    const run = await setup.cli(["plan", "--allow-weakening", ...flags], { env: { SCREENPOL_BASE_URL: "http://127.0.0.1:9/api/v0" } });
    expect(run.stderr).toBe(`${message}\n`);
    expect(run.code).toBe(2);
  });
});
