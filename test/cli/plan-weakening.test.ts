/**
 * The weakening check in `screenpol plan` (semantics.md section 5;
 * docs/decisions.md, "Issue 13: the weakening check in plan and push"): the
 * built CLI against the emulator on loopback, in a copy of the sample
 * repository. Each plan starts z3: a minute per test.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withRulesBeyondPartition } from "../helpers/beyond-partition.js";
import { runCli } from "../helpers/run-cli.js";
import { SWALLOWED_BLOCK_RULE, swallowedBlockRuleLine } from "../helpers/swallowed-rule.js";
import { recordRequests, setUp, type Setup } from "./plan-harness.js";

const LIVE_SIGN_IN = "policies/live/vendorAWalletScreening/SIGN_IN.yaml";
const LIVE_TRANSACTION = "policies/live/vendorAWalletScreening/TRANSACTION.yaml";
const SANDBOX_SIGN_IN = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
const Z3 = { timeout: 60_000 };
/** A resolve hook preloaded into the CLI process that reports each resolution of z3-solver (as lint-without-z3.test.ts). */
const RECORD_Z3 = { NODE_OPTIONS: `--import=${pathToFileURL(join(import.meta.dirname, "../helpers/record-z3-load.mjs")).href}` };
const Z3_LOADED = "[z3-solver loaded]";

/** Raises the live TRANSACTION policy's BLOCK threshold from 8 to 9: a risk score of 8 is then only alerted. */
function weakenLiveTransaction(setup: Setup): void {
  const path = join(setup.repo.dir, LIVE_TRANSACTION);
  const text = readFileSync(path, "utf8");
  expect(text).toContain("riskScore: { gte: 8 }");
  setup.repo.write(LIVE_TRANSACTION, text.replace("riskScore: { gte: 8 }", "riskScore: { gte: 9 }"));
}

describe("screenpol plan: the weakening check", () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
  });
  afterEach(() => setup.close());

  it("prints each weakening transition in words under a heading, before any entry and diff, and each verdict in its entry", Z3, async () => {
    weakenLiveTransaction(setup);
    const run = await setup.cli(["plan", "--env", "live"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    // By cause (docs/semantics.md, "Causes and regions of a weakening"): the headline, what every screening it weakens shares, then each transition.
    expect(lines.slice(0, 9)).toEqual([
      "screenpol plan: live (live)",
      "",
      "Weakenings (a screening decided less strictly once pushed than live now):",
      "  live/vendorAWalletScreening/TRANSACTION: rule block-severe-risk-score: riskScore gte raised from 8 to 9",
      "    where riskScore in [8, 9), exposure stolen_funds direct < 2% or none, exposure scam direct < 5% or none, exposure fraud_shop direct < 5% or none, exposure ransomware direct < 1% or none, exposure ransomware indirect < 1% or none, cluster other than terrorist_financing, child_abuse_material, ransomware, darknet_market, illicit_actor_org, privacy_wallet or none, amountUsd >= 50 USD or unknown, chain EVM or SOL, token one of 5 preScreen lists, address other than the 3 an entry names",
      "    BLOCK (block-severe-risk-score) -> ALERT (alert-obfuscation), when exposure mixer direct < 5% or none, exposure mixer indirect < 5% or none, exposure privacy_wallet indirect >= 10%; or exposure mixer direct < 5% or none, exposure mixer indirect in [5%, 10%); or exposure mixer direct in [5%, 10%), exposure mixer indirect < 10% or none (e.g. riskScore = 8, exposure privacy_wallet indirect = 10%)",
      "    BLOCK (block-severe-risk-score) -> ALERT (alert-no-kyc-exchange), when exposure mixer direct < 5% or none, exposure mixer indirect < 5% or none, exposure privacy_wallet indirect < 10% or none, exposure no_kyc_exchange direct >= 15% (e.g. riskScore = 8, exposure no_kyc_exchange direct = 15%)",
      "    BLOCK (block-severe-risk-score) -> ALERT (alert-elevated-residual-risk), when exposure mixer direct < 5% or none, exposure mixer indirect < 5% or none, exposure privacy_wallet indirect < 10% or none, exposure no_kyc_exchange direct < 15% or none (e.g. riskScore = 8)",
      "",
    ]);
    expect(run.stdout).toContain(
      "~ update    live/vendorAWalletScreening/TRANSACTION   live revision 17\n    1 rule added (alert-no-kyc-exchange); 1 rule modified (block-severe-risk-score)\n    weakening check: mixed (3 weakening transitions, listed above)\n    --- ",
    );
    // Changed address entries of (live, vendorA): both scopes are checked, the unchanged SIGN_IN policy too.
    expect(run.stdout).toContain("~ affected  live/vendorAWalletScreening/SIGN_IN       live revision 12\n    address entries changed: +1 for this scope\n    weakening check: stricter\n");
    expect(run.stdout).toContain("+ create    live/vendorBAddressScreening/TRANSACTION  not live yet\n    new policy: 8 rules, enabled, schemaVersion 1\n    weakening check: added\n");
    // An unchanged policy whose address entries did not change either is not checked, and is counted, not listed.
    expect(run.stdout).toContain("\n\n= 1 unchanged (--show-unchanged lists them)\n\n");
    expect(run.stdout.match(/weakening check: /g)).toHaveLength(4);
  });

  it("files whose only lint error is shadowed-rule: the findings, the weakening check of the files as written, no plan written, exit 1", Z3, async () => {
    // An ALERT rule added above the BLOCK rule: the weakening a reviewer must see, even though plan refuses the files.
    const text = readFileSync(join(setup.repo.dir, LIVE_TRANSACTION), "utf8");
    setup.repo.write(LIVE_TRANSACTION, text.replace("  postScreen:\n", "  postScreen:\n    - id: alert-elevated-score\n      when:\n        riskScore: { gte: 7 }\n      action: ALERT\n\n"));
    const run = await setup.cli(["plan", "--env", "live", "--out", "plan.json"]);
    expect(run.stderr).toBe("screenpol: the files have errors; fix them first (nothing was planned)\n");
    expect(run.code).toBe(1);
    expect(() => readFileSync(join(setup.repo.dir, "plan.json"))).toThrow();
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(new RegExp(`^${LIVE_TRANSACTION}:\\d+:\\d+  error  rules\\.postScreen\\[1\\]\\.id: ALERT rule .*  shadowed-rule$`));
    const heading = lines.indexOf("Weakening check of the files as written (nothing was planned: fix the errors above first):");
    expect(heading).toBeGreaterThan(0);
    expect(lines.slice(heading + 1)).toContain("  live/vendorAWalletScreening/TRANSACTION: mixed (4 weakening transitions)");
    expect(lines.slice(heading + 1)).toContain("  live/vendorAWalletScreening/TRANSACTION: rule alert-elevated-score added (ALERT when riskScore >= 7)");
    expect(lines.slice(heading + 1)).toContain("    BLOCK (block-severe-risk-score) -> ALERT (alert-elevated-score), when riskScore >= 8 (e.g. riskScore = 8)");

    const markdown = await setup.cli(["plan", "--env", "live", "--format", "markdown"]);
    expect(markdown.code).toBe(1);
    expect(markdown.stdout).toContain(
      "\n#### Weakening check of the files as written (nothing was planned: fix the errors above first)\n\n```text\n  live/vendorAWalletScreening/SIGN_IN: stricter\n",
    );
    expect(markdown.stdout).toContain("\n  live/vendorAWalletScreening/TRANSACTION: rule alert-elevated-score added (ALERT when riskScore >= 7)\n");

    const json = await setup.cli(["plan", "--env", "live", "--format", "json"]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.diagnostics.map((d: { code: string }) => d.code)).toEqual(["shadowed-rule"]);
    const transaction = report.weakening.find((entry: { scope: string; providerType: string }) => entry.providerType === "vendorAWalletScreening" && entry.scope === "TRANSACTION");
    expect(transaction.verdict).toBe("mixed");
    expect(transaction.transitions[0].to).toEqual({ action: "ALERT", by: "alert-elevated-score" });
  });

  it("files with lint errors and no token: the findings, one line saying the check was not run, exit 1", Z3, async () => {
    const text = readFileSync(join(setup.repo.dir, LIVE_TRANSACTION), "utf8");
    setup.repo.write(LIVE_TRANSACTION, text.replace("  postScreen:\n", "  postScreen:\n    - id: alert-elevated-score\n      when:\n        riskScore: { gte: 7 }\n      action: ALERT\n\n"));
    const run = await setup.cli(["plan", "--env", "live"], { env: { SCREENPOL_API_TOKEN: undefined, HOME: setup.repo.dir } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^screenpol: the weakening check of the files as written was not run: .+\nscreenpol: the files have errors; fix them first \(nothing was planned\)\n$/);
    expect(run.stdout).toContain("shadowed-rule");
  });

  it("makes exactly the requests a plan without the check makes: the live versions are the ones plan already read", Z3, async () => {
    weakenLiveTransaction(setup);
    const proxy = await recordRequests(setup.harness);
    try {
      const checked = await setup.cli(["plan"], { env: { SCREENPOL_BASE_URL: proxy.baseUrl } });
      expect(checked.code).toBe(0);
      expect(checked.stdout).toContain("weakening check: mixed");
      const withCheck = [...proxy.seen].sort();
      proxy.seen.length = 0;
      const unchecked = await setup.cli(["plan", "--no-weakening-check"], { env: { SCREENPOL_BASE_URL: proxy.baseUrl } });
      expect(unchecked.code).toBe(0);
      expect(unchecked.stdout).not.toContain("weakening");
      expect(unchecked.stdout).not.toContain("Weakenings");
      expect(withCheck).toEqual([...proxy.seen].sort());
      // One GET of each environment, policy and address-entries set, and nothing else.
      expect(withCheck).toHaveLength(2 + 8 + 4);
      expect(withCheck.every((line) => line.startsWith("GET "))).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it("--deny-weakening: each weaker, mixed or unknown policy on stderr, exit 1, also over --detailed-exitcode; 0 (or 5) when nothing is weakened", Z3, async () => {
    weakenLiveTransaction(setup);
    const denied = await setup.cli(["plan", "--env", "live", "--deny-weakening", "--detailed-exitcode"]);
    expect(denied.stderr).toBe("screenpol: policy-weakened: live/vendorAWalletScreening/TRANSACTION (mixed)\n");
    expect(denied.code).toBe(1);
    // The sandbox's minAmountUsd 100 -> 250 lets transfers of 100 to 249 USD through unscreened: weaker.
    const sandbox = await setup.cli(["plan", "--env", "sandbox", "--deny-weakening"]);
    expect(sandbox.stderr).toBe(
      "screenpol: policy-weakened: sandbox/vendorAWalletScreening/TRANSACTION (weaker)\nscreenpol: policy-weakened: sandbox/vendorBAddressScreening/TRANSACTION (weaker)\n",
    );
    expect(sandbox.code).toBe(1);
    setup.repo.write(LIVE_TRANSACTION, readFileSync(join(setup.repo.dir, LIVE_TRANSACTION), "utf8").replace("riskScore: { gte: 9 }", "riskScore: { gte: 8 }"));
    const stricter = await setup.cli(["plan", "--env", "live", "--deny-weakening"]);
    expect(stricter.stderr).toBe("");
    expect(stricter.code).toBe(0);
    expect((await setup.cli(["plan", "--env", "live", "--deny-weakening", "--detailed-exitcode"])).code).toBe(5);
  });

  it("--solver-timeout takes seconds and refuses anything else (exit 2); --deny-weakening refuses --no-weakening-check", Z3, async () => {
    const zero = await setup.cli(["plan", "--solver-timeout", "0"]);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain("--solver-timeout");
    const both = await setup.cli(["plan", "--deny-weakening", "--no-weakening-check"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe("screenpol: --deny-weakening needs the weakening check; drop --no-weakening-check\n");
    const quick = await setup.cli(["plan", "--env", "live", "--solver-timeout", "30"]);
    expect(quick.code).toBe(0);
    expect(quick.stdout).toContain("weakening check: stricter");
  });

  it("--format markdown leads with the weakenings; the table row carries the verdict", Z3, async () => {
    weakenLiveTransaction(setup);
    const run = await setup.cli(["plan", "--env", "live", "--format", "markdown"]);
    expect(run.code).toBe(0);
    // A cause's lines are bullets nested under its headline.
    expect(run.stdout.split("\n").slice(0, 10)).toEqual([
      "### screenpol plan",
      "",
      "**⚠️ Weakenings (a screening decided less strictly once pushed than live now):**",
      "",
      "- live/vendorAWalletScreening/TRANSACTION: rule block-severe-risk-score: riskScore gte raised from 8 to 9",
      "  - where riskScore in [8, 9), exposure stolen_funds direct &lt; 2% or none, exposure scam direct &lt; 5% or none, exposure fraud_shop direct &lt; 5% or none, exposure ransomware direct &lt; 1% or none, exposure ransomware indirect &lt; 1% or none, cluster other than terrorist_financing, child_abuse_material, ransomware, darknet_market, illicit_actor_org, privacy_wallet or none, amountUsd >= 50 USD or unknown, chain EVM or SOL, token one of 5 preScreen lists, address other than the 3 an entry names",
      "  - BLOCK (block-severe-risk-score) -> ALERT (alert-obfuscation), when exposure mixer direct &lt; 5% or none, exposure mixer indirect &lt; 5% or none, exposure privacy_wallet indirect >= 10%; or exposure mixer direct &lt; 5% or none, exposure mixer indirect in [5%, 10%); or exposure mixer direct in [5%, 10%), exposure mixer indirect &lt; 10% or none (e.g. riskScore = 8, exposure privacy_wallet indirect = 10%)",
      "  - BLOCK (block-severe-risk-score) -> ALERT (alert-no-kyc-exchange), when exposure mixer direct &lt; 5% or none, exposure mixer indirect &lt; 5% or none, exposure privacy_wallet indirect &lt; 10% or none, exposure no_kyc_exchange direct >= 15% (e.g. riskScore = 8, exposure no_kyc_exchange direct = 15%)",
      "  - BLOCK (block-severe-risk-score) -> ALERT (alert-elevated-residual-risk), when exposure mixer direct &lt; 5% or none, exposure mixer indirect &lt; 5% or none, exposure privacy_wallet indirect &lt; 10% or none, exposure no_kyc_exchange direct &lt; 15% or none (e.g. riskScore = 8)",
      "",
    ]);
    expect(run.stdout).toContain(
      "| ✏️ update | `live/vendorAWalletScreening/TRANSACTION` | 17 | 1 rule added (alert-no-kyc-exchange); 1 rule modified (block-severe-risk-score); weakening check: mixed (3 weakening transitions, listed above) |\n",
    );
  });

  it("plan.json and --format json carry a `weakening` member per checked policy, as compare's JSON words it", Z3, async () => {
    weakenLiveTransaction(setup);
    const run = await setup.cli(["plan", "--env", "live", "--out", "plan.json", "--format", "json"]);
    expect(run.code).toBe(0);
    const text = readFileSync(join(setup.repo.dir, "plan.json"), "utf8");
    expect(run.stdout).toBe(text);
    const plan = JSON.parse(text);
    const verdicts = plan.entries.map((entry: any) => `${entry.path} ${entry.weakening === undefined ? "-" : entry.weakening.verdict}`);
    expect(verdicts).toEqual([
      "policies/live/vendorAWalletScreening/SIGN_IN.yaml stricter",
      "policies/live/vendorAWalletScreening/TRANSACTION.yaml mixed",
      "policies/live/vendorAWalletScreening/addresses.yaml -",
      "policies/live/vendorBAddressScreening/SIGN_IN.yaml stricter",
      "policies/live/vendorBAddressScreening/TRANSACTION.yaml added",
      "policies/live/vendorBAddressScreening/addresses.yaml -",
    ]);
    const weakening = plan.entries[1].weakening;
    expect(Object.keys(weakening)).toEqual(["verdict", "transitions", "causes"]);
    expect(weakening.transitions[2]).toEqual({
      from: { action: "BLOCK", by: "block-severe-risk-score" },
      to: { action: "ALERT", by: "alert-elevated-residual-risk" },
      example: weakening.transitions[2].example,
      regions: weakening.transitions[2].regions,
    });
    expect(weakening.causes.map((cause: any) => cause.headline)).toEqual(["rule block-severe-risk-score: riskScore gte raised from 8 to 9", "rule alert-no-kyc-exchange added (ALERT when exposure no_kyc_exchange direct >= 15%)"]);
    expect(weakening.transitions[2].example).toMatchObject({ scope: "TRANSACTION", signals: { riskScore: 8 } });
    // The weakenings come first, then the stricter transitions of the added rule.
    expect(weakening.transitions.map((transition: any) => `${transition.from.action}->${transition.to.action}`).slice(0, 3)).toEqual(["BLOCK->ALERT", "BLOCK->ALERT", "BLOCK->ALERT"]);
  });

  it("agrees with `screenpol compare` when the live policy is the committed file", Z3, async () => {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: setup.repo.dir, stdio: "pipe" });
    git("init", "-q");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "sample");
    // sandbox/vendorA/SIGN_IN is live as committed (revision 4): drop its 9+ score BLOCK to an ALERT.
    const text = readFileSync(join(setup.repo.dir, SANDBOX_SIGN_IN), "utf8");
    const edited = text.replace(/(id: block-severe-risk-score[\s\S]*?action: )BLOCK/, "$1ALERT");
    expect(edited).not.toBe(text);
    setup.repo.write(SANDBOX_SIGN_IN, edited);
    const plan = await setup.cli(["plan", "--format", "json", SANDBOX_SIGN_IN]);
    expect(plan.code).toBe(0);
    const compare = await runCli(["compare", "--base", "HEAD", "--format", "json", SANDBOX_SIGN_IN], { cwd: setup.repo.dir, timeoutMs: 60_000 });
    expect(compare.code).toBe(0);
    const planned = JSON.parse(plan.stdout).entries[0].weakening;
    const compared = JSON.parse(compare.stdout).policies[0];
    expect(planned.verdict).toBe("weaker");
    expect(planned.verdict).toBe(compared.verdict);
    const refs = (transitions: any[]) => transitions.map((transition) => `${transition.from.action} (${transition.from.by}) -> ${transition.to.action} (${transition.to.by})`).sort();
    expect(refs(planned.transitions)).toEqual(refs(compared.transitions));
    expect(refs(planned.transitions)).toContain("BLOCK (block-severe-risk-score) -> ALERT (block-severe-risk-score)");
  });

  it("loads z3 only for a policy beyond the exact partition, and never with --no-weakening-check", Z3, async () => {
    // The sample policies are small: the interval partition answers them exactly, no solver started.
    const small = await setup.cli(["plan", "--env", "live"], { env: RECORD_Z3 });
    expect(small.code).toBe(0);
    expect(small.stdout).toContain("weakening check: ");
    expect(small.stderr).not.toContain(Z3_LOADED);
    setup.repo.write(LIVE_TRANSACTION, withRulesBeyondPartition(readFileSync(join(setup.repo.dir, LIVE_TRANSACTION), "utf8")));
    const checked = await setup.cli(["plan", "--env", "live"], { env: RECORD_Z3 });
    expect(checked.code).toBe(0);
    expect(checked.stderr).toContain(Z3_LOADED);
    const unchecked = await setup.cli(["plan", "--env", "live", "--no-weakening-check"], { env: RECORD_Z3 });
    expect(unchecked.code).toBe(0);
    expect(unchecked.stderr).not.toContain(Z3_LOADED);
    // Nothing to write: sandbox/vendorA/SIGN_IN is live as it is in the file.
    const unchanged = await setup.cli(["plan", SANDBOX_SIGN_IN], { env: RECORD_Z3 });
    expect(unchanged.code).toBe(0);
    expect(unchanged.stdout).toContain("Plan: 0 to create, 0 to update, 1 unchanged, 0 live-only.");
    expect(unchanged.stderr).not.toContain(Z3_LOADED);
  });

  it("a scope with no policy on either side whose address entries change: its verdict is on the address-entries entry", Z3, async () => {
    // sandbox/vendorB/SIGN_IN is not live; without its file no side has a policy for that scope.
    rmSync(join(setup.repo.dir, "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml"));
    const addresses = "policies/sandbox/vendorBAddressScreening/addresses.yaml";
    const text = readFileSync(join(setup.repo.dir, addresses), "utf8");
    setup.repo.write(addresses, text.replace('    action: ALLOW\n    scope: SIGN_IN', '    action: BLOCK\n    scope: SIGN_IN'));
    const run = await setup.cli(["plan", "--env", "sandbox", "--out", "plan.json"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\+ create +sandbox\/vendorBAddressScreening\/addresses +not live yet\n    2 entries added \([^\n]*\)\n    weakening check, SIGN_IN \(no policy\): stricter\n/);
    const entry = JSON.parse(readFileSync(join(setup.repo.dir, "plan.json"), "utf8")).entries.find((candidate: any) => candidate.path === addresses);
    expect(entry.weakening).toEqual([
      {
        scope: "SIGN_IN",
        verdict: "stricter",
        transitions: [
          {
            from: { action: "ALLOW", by: "policy-disabled" },
            to: { action: "BLOCK", by: "address-entry" },
            example: entry.weakening[0].transitions[0].example,
            regions: [[{ on: "address", values: [{ chain: "EVM", address: "0x8ba1f109551bd432803012645ac136ddd64dba72" }] }]],
          },
        ],
        causes: [
          {
            edits: [{ kind: "address-entry", chain: "EVM", address: "0x8ba1f109551bd432803012645ac136ddd64dba72" }],
            headline: "address entry 0x8ba1f109551bd432803012645ac136ddd64dba72 on EVM (BLOCK, SIGN_IN, until 2027-06-30) added: it blocks it in SIGN_IN whatever the rules say",
            transitions: [{ ...entry.weakening[0].causes[0].transitions[0], words: "not screened: no policy -> blocked by the address entry" }],
          },
        ],
      },
    ]);
    expect(entry.weakening[0].transitions[0].example).toMatchObject({ scope: "SIGN_IN", chain: "EVM", address: "0x8ba1f109551bd432803012645ac136ddd64dba72" });
  });

  it("a pair not decided within --solver-timeout is unknown: listed before the entries, never equivalent, refused by --deny-weakening", Z3, async () => {
    // Both live vendorA pairs beyond the exact partition's bound: z3 is asked, and one millisecond never decides them.
    for (const file of [LIVE_SIGN_IN, LIVE_TRANSACTION]) setup.repo.write(file, withRulesBeyondPartition(readFileSync(join(setup.repo.dir, file), "utf8")));
    const run = await setup.cli(["plan", "--env", "live", "--solver-timeout", "0.001", "--deny-weakening"]);
    expect(run.code).toBe(1);
    const undecided = /^ {2}(live\/\S+): not decided within the time limit of 1 ms per policy pair \(.+\)$/;
    const lines = run.stdout.split("\n");
    expect(lines.slice(0, 3)).toEqual(["screenpol plan: live (live)", "", "Not decided (no proof that nothing is weakened):"]);
    const listed = lines.slice(3, lines.findIndex((line, index) => index >= 3 && !undecided.test(line)));
    // The bound covers the whole pair, the partition included (semantics.md, "The bound of the weakening check"): a
    // small pair that differs from live (vendorB's SIGN_IN) may run out of its millisecond too, by the machine's speed.
    expect(listed.map((line) => undecided.exec(line)![1])).toEqual(expect.arrayContaining(["live/vendorAWalletScreening/SIGN_IN", "live/vendorAWalletScreening/TRANSACTION"]));
    expect(run.stdout).toMatch(/\n {4}weakening check: unknown \(not decided within the time limit of 1 ms per policy pair \(.+\)\)\n/);
    expect(run.stdout).not.toContain("equivalent");
    expect(run.stderr.split("\n").filter((line) => line !== "").map((line) => /^screenpol: policy-weakened: (\S+) \(unknown\): not decided within/.exec(line)?.[1])).toEqual(
      listed.map((line) => undecided.exec(line)![1]),
    );
  });

  it("lists a planned rule no screening reaches with the earlier, less strict rules that take its matches (pretty, json)", Z3, async () => {
    const path = join(setup.repo.dir, LIVE_TRANSACTION);
    const text = readFileSync(path, "utf8");
    setup.repo.write(LIVE_TRANSACTION, text.replace("  postScreen:\n", SWALLOWED_BLOCK_RULE));
    const run = await setup.cli(["plan", "--env", "live"]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    const heading = lines.indexOf("Rules no screening reaches once pushed:");
    expect(heading).toBeGreaterThan(lines.indexOf("Weakenings (a screening decided less strictly once pushed than live now):"));
    expect(lines.slice(heading + 1, heading + 3)).toEqual([
      `  live/vendorAWalletScreening/TRANSACTION: ${swallowedBlockRuleLine("rules.postScreen[2]")}`,
      "",
    ]);
    const json = await setup.cli(["plan", "--env", "live", "--format", "json"]);
    const entry = JSON.parse(json.stdout).entries.find((one: { providerType: string; scope?: string; resource: string }) => one.resource === "policy" && one.scope === "TRANSACTION" && one.providerType === "vendorAWalletScreening");
    expect(entry.weakening.unreachable.map((rule: { id: string; status: string; lessStrict: boolean }) => [rule.id, rule.status, rule.lessStrict])).toEqual([["block-scored-mixers", "unreachable", true]]);
  });
});
