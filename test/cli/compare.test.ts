/**
 * screenpol compare as a user runs it (semantics.md section 5;
 * docs/decisions.md, "screenpol compare"): the built CLI on a copy of the
 * sample repository made a Git repository, policies and address entries
 * edited in the working tree or committed, both versions read offline.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { edit, git, makeCommittedRepo } from "../helpers/committed-repo.js";
import { runCli } from "../helpers/run-cli.js";
import { SWALLOWED_BLOCK_RULE, swallowedBlockRuleLine } from "../helpers/swallowed-rule.js";
import type { TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const ADDRESSES = "policies/sandbox/vendorAWalletScreening/addresses.yaml";
const NOW = ["--now", "2026-11-23T12:00:00Z"];

/** The block threshold of the sample policy raised from 8.5 to 9: scores from 8.5 to 9 are no longer blocked. */
const raiseBlockThreshold = (repo: TempRepo) => edit(repo, POLICY, "riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }");

/** A BLOCK rule above every other: some screenings alerted or allowed before are blocked now. */
const addBlockRule = (repo: TempRepo) =>
  edit(
    repo,
    POLICY,
    "  postScreen:\n",
    "  postScreen:\n    - id: block-any-mixer\n      when:\n        exposure: { category: mixer, direction: direct, minPercent: 1 }\n      action: BLOCK\n\n",
  );

/** Rules that swallow a BLOCK rule below them (test/helpers/swallowed-rule.ts). */
const addSwallowedBlockRule = (repo: TempRepo) => edit(repo, POLICY, "  postScreen:\n", SWALLOWED_BLOCK_RULE);

/** A compare process may start z3 (about 1.5 s alone, several seconds on a loaded 2-core machine) for a pair beyond the partition's bound. */
const compare = (args: string[], options: { cwd: string }) => runCli(["compare", ...args], { ...options, timeoutMs: 60_000 });

describe("screenpol compare", { timeout: 120_000 }, () => {
  let repo: TempRepo;
  let commit: string;
  beforeEach(() => {
    ({ repo, commit } = makeCommittedRepo());
  });
  afterEach(() => repo.remove());

  it("reports a raised riskScore threshold as weaker, every weakening transition first with its example in words", async () => {
    raiseBlockThreshold(repo);
    const run = await compare(["--base", "HEAD", ...NOW], {
      cwd: repo.dir,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        `Compare: base HEAD (${commit}), head working tree`,
        "",
        "Weakenings (a screening decided less strictly by head than by base):",
        // One cause (docs/semantics.md, "Causes and regions of a weakening"): what its screenings share said once, then each transition with the rest of its region and an example.
        "  sandbox/vendorAWalletScreening/TRANSACTION: rule block-severe-risk-score: riskScore gte raised from 8.5 to 9",
        // Reading order: the signals first, then amount, chain, token and address; more than two addresses or tokens counted in words (JSON lists them).
        "    where riskScore in [8.5, 9), exposure stolen_funds direct < 5% or none, exposure scam direct < 10% or none, exposure fraud_shop direct < 10% or none, amountUsd >= 250 USD or unknown, chain EVM or SOL, token one of 4 preScreen lists, address other than the 3 an entry names",
        "    BLOCK (block-severe-risk-score) -> ALERT (alert-obfuscation-with-elevated-score), when exposure mixer direct < 15% or none, exposure mixer indirect >= 15%, cluster other than terrorist_financing, child_abuse_material, ransomware, darknet_market, privacy_wallet or none; or exposure mixer direct >= 15%, cluster other than terrorist_financing, child_abuse_material, ransomware, darknet_market, privacy_wallet or none; or cluster privacy_wallet (e.g. riskScore = 8.5, exposure mixer indirect = 15%)",
        "    BLOCK (block-severe-risk-score) -> ALERT (alert-no-kyc-exchange), when exposure mixer direct < 15% or none, exposure mixer indirect < 15% or none, exposure no_kyc_exchange direct >= 25%, cluster other than terrorist_financing, child_abuse_material, ransomware, darknet_market, privacy_wallet or none (e.g. riskScore = 8.5, exposure no_kyc_exchange direct = 25%)",
        "    BLOCK (block-severe-risk-score) -> ALERT (alert-everything-else-sandbox), when exposure mixer direct < 15% or none, exposure mixer indirect < 15% or none, exposure no_kyc_exchange direct < 25% or none, cluster other than terrorist_financing, child_abuse_material, ransomware, darknet_market, privacy_wallet or none (e.g. riskScore = 8.5)",
        "",
        "1 policy compared: 1 weaker",
        "",
      ].join("\n"),
    );
    const json = await compare(["--base", "HEAD", ...NOW, "--format", "json"], { cwd: repo.dir });
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    // The causes and each transition's regions are added members; the spec's members are as they were.
    const [first] = parsed.policies;
    expect(first.causes.map((cause: { headline: string; edits: unknown[] }) => [cause.headline, cause.edits])).toEqual([
      ["rule block-severe-risk-score: riskScore gte raised from 8.5 to 9", [{ kind: "rule-modified", rule: "block-severe-risk-score" }]],
    ]);
    expect(first.transitions[2].regions[0]).toContainEqual({ on: "riskScore", ranges: [{ min: 8.5, minIncluded: true, max: 9, maxIncluded: false }] });
    const specMembers = { ...parsed, policies: parsed.policies.map(({ causes: _causes, ...policy }: { causes: unknown; transitions: Array<{ regions: unknown }> }) => ({ ...policy, transitions: policy.transitions.map(({ regions: _regions, ...transition }) => transition) })) };
    expect(specMembers).toEqual({
      version: 1,
      policies: [
        {
          environment: "sandbox",
          providerType: "vendorAWalletScreening",
          scope: "TRANSACTION",
          verdict: "weaker",
          transitions: [
            {
              from: { action: "BLOCK", by: "block-severe-risk-score" },
              to: { action: "ALERT", by: "alert-obfuscation-with-elevated-score" },
              example: {
                scope: "TRANSACTION",
                chain: "EVM",
                address: "0x0000000000000000000000000000000000000001",
                transfer: {
                  token: {
                    chain: "EVM",
                    networkId: 1,
                    contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
                  },
                },
                signals: { riskScore: 8.5, exposures: [{ category: "mixer", direction: "indirect", percent: 15 }] },
              },
            },
            {
              from: { action: "BLOCK", by: "block-severe-risk-score" },
              to: { action: "ALERT", by: "alert-no-kyc-exchange" },
              example: {
                scope: "TRANSACTION",
                chain: "EVM",
                address: "0x0000000000000000000000000000000000000001",
                transfer: {
                  token: {
                    chain: "EVM",
                    networkId: 1,
                    contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
                  },
                },
                signals: {
                  riskScore: 8.5,
                  exposures: [{ category: "no_kyc_exchange", direction: "direct", percent: 25 }],
                },
              },
            },
            {
              from: { action: "BLOCK", by: "block-severe-risk-score" },
              to: { action: "ALERT", by: "alert-everything-else-sandbox" },
              example: {
                scope: "TRANSACTION",
                chain: "EVM",
                address: "0x0000000000000000000000000000000000000001",
                transfer: {
                  token: {
                    chain: "EVM",
                    networkId: 1,
                    contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
                  },
                },
                signals: { riskScore: 8.5 },
              },
            },
          ],
        },
      ],
    });
  });

  it("reports a new BLOCK rule as stricter", async () => {
    addBlockRule(repo);
    const run = await compare(["--base", "HEAD", ...NOW], {
      cwd: repo.dir,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        `Compare: base HEAD (${commit}), head working tree`,
        "",
        "Other changed policies:",
        "  sandbox/vendorAWalletScreening/TRANSACTION: stricter",
        "",
        "1 policy compared: 1 stricter",
        "",
      ].join("\n"),
    );
  });

  it("lists no policy when nothing changed, and exits 0", async () => {
    const run = await compare(["--base", "HEAD", ...NOW], {
      cwd: repo.dir,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Compare: base HEAD (${commit}), head working tree\nNo policy or address entries changed.\n`);
    const json = await compare(["--base", "HEAD", ...NOW, "--format", "json"], { cwd: repo.dir });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ version: 1, policies: [] });
  });

  it("--deny-weakening exits 1 on a weaker policy and 0 on a stricter one", async () => {
    raiseBlockThreshold(repo);
    const weaker = await compare(["--base", "HEAD", ...NOW, "--deny-weakening"], { cwd: repo.dir });
    expect(weaker.code).toBe(1);
    expect(weaker.stderr).toBe("screenpol: --deny-weakening: sandbox/vendorAWalletScreening/TRANSACTION (weaker)  policy-weakened\n");
    git(repo.dir, "checkout", "-q", "--", POLICY);
    addBlockRule(repo);
    const stricter = await compare(["--base", "HEAD", ...NOW, "--deny-weakening"], { cwd: repo.dir });
    expect(stricter.stderr).toBe("");
    expect(stricter.code).toBe(0);
  });

  it("compares both scopes of the (environment, vendor) of a changed addresses.yaml", async () => {
    edit(repo, ADDRESSES, "    action: BLOCK\n    scope: ALL\n", "    action: ALLOW\n    scope: ALL\n");
    const run = await compare(["--base", "HEAD", ...NOW, "--format", "json"], { cwd: repo.dir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      policies: Array<{
        environment: string;
        providerType: string;
        scope: string;
        verdict: string;
      }>;
    };
    expect(
      report.policies.map(({ environment, providerType, scope, verdict }) => ({
        environment,
        providerType,
        scope,
        verdict,
      })),
    ).toEqual([
      {
        environment: "sandbox",
        providerType: "vendorAWalletScreening",
        scope: "SIGN_IN",
        verdict: "weaker",
      },
      {
        environment: "sandbox",
        providerType: "vendorAWalletScreening",
        scope: "TRANSACTION",
        verdict: "weaker",
      },
    ]);
  });

  it("reads head from a Git revision with --head, and limits the comparison to the paths given", async () => {
    raiseBlockThreshold(repo);
    git(repo.dir, "commit", "-qam", "raise");
    addBlockRule(repo);
    const committed = await compare(["--base", "HEAD~1", "--head", "HEAD", ...NOW, "--format", "json"], { cwd: repo.dir });
    expect(committed.code).toBe(0);
    expect((JSON.parse(committed.stdout) as { policies: Array<{ verdict: string }> }).policies.map((policy) => policy.verdict)).toEqual(["weaker"]);
    const elsewhere = await compare(["--base", "HEAD~1", "policies/live", ...NOW, "--format", "json"], { cwd: repo.dir });
    expect(elsewhere.code).toBe(0);
    expect(JSON.parse(elsewhere.stdout)).toEqual({ version: 1, policies: [] });
  });

  it("reports a removed policy as removed with what it let through, which --deny-weakening refuses", async () => {
    git(repo.dir, "rm", "-q", "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml");
    const run = await compare(["--base", "HEAD", ...NOW, "--deny-weakening", "--format", "json"], { cwd: repo.dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("screenpol: --deny-weakening: sandbox/vendorAWalletScreening/SIGN_IN (removed)  policy-weakened\n");
    const [policy] = (JSON.parse(run.stdout) as { policies: Array<{ verdict: string; transitions: Array<{ from: { action: string }; to: { action: string; by: string } }> }> }).policies;
    expect(policy?.verdict).toBe("removed");
    expect(policy?.transitions.length).toBeGreaterThan(0);
    expect(policy?.transitions.every((transition) => transition.to.action === "ALLOW" && transition.from.action !== "ALLOW")).toBe(true);
  });

  it("reads paths relative to the current folder", async () => {
    raiseBlockThreshold(repo);
    const cwd = join(repo.dir, "policies/sandbox");
    const here = await compare(["--base", "HEAD", ...NOW, "vendorAWalletScreening", "--format", "json"], { cwd });
    expect((JSON.parse(here.stdout) as { policies: Array<{ scope: string; verdict: string }> }).policies.map(({ scope, verdict }) => ({ scope, verdict }))).toEqual([
      { scope: "TRANSACTION", verdict: "weaker" },
    ]);
    const other = await compare(["--base", "HEAD", ...NOW, "vendorBAddressScreening", "--format", "json"], { cwd });
    expect(JSON.parse(other.stdout)).toEqual({ version: 1, policies: [] });
  });

  it("refuses an unknown or invalid ref in one line, exit 2", async () => {
    const unknown = await compare(["--base", "no-such-ref", ...NOW], {
      cwd: repo.dir,
    });
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toBe('screenpol: unknown Git revision "no-such-ref": no commit of that name in this repository\n');
    const invalid = await compare(["--base=-x", ...NOW], {
      cwd: repo.dir,
    });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toBe('screenpol: not a Git revision: "-x"\n');
  });

  it("compares a head whose only lint error is shadowed-rule, the finding beside the verdict; exit 1 for the lint error", async () => {
    // An ALERT rule added above the BLOCK rule: the weakening compare exists to show.
    edit(repo, POLICY, "  postScreen:\n", "  postScreen:\n    - id: alert-elevated-score\n      when:\n        riskScore: { gte: 8 }\n      action: ALERT\n\n");
    const run = await compare(["--base", "HEAD", ...NOW], { cwd: repo.dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("screenpol: the head version (working tree) has lint errors, listed beside the verdicts\n");
    const lines = run.stdout.split("\n");
    expect(lines.slice(0, 4)).toEqual([
      `Compare: base HEAD (${commit}), head working tree`,
      "",
      "Weakenings (a screening decided less strictly by head than by base):",
      "  sandbox/vendorAWalletScreening/TRANSACTION: rule alert-elevated-score added (ALERT when riskScore >= 8)",
    ]);
    const heading = lines.indexOf("Lint findings of the compared versions (compared as written):");
    expect(lines.slice(heading + 1, heading + 3)).toEqual([
      `  sandbox/vendorAWalletScreening/TRANSACTION: head: shadowed-rule at ${POLICY}:38:11 (ALERT rule rules.postScreen[0] (id "alert-elevated-score") comes first and matches every screening this BLOCK rule matches, so this rule never decides and addresses it should BLOCK get ALERT; move this rule above it, or narrow the earlier rule)`,
      "",
    ]);
    expect(lines.at(-2)).toBe("1 policy compared: 1 weaker");

    const json = await compare(["--base", "HEAD", ...NOW, "--format", "json"], { cwd: repo.dir });
    expect(json.code).toBe(1);
    const [policy] = JSON.parse(json.stdout).policies;
    expect(policy.verdict).toBe("weaker");
    expect(policy.findings).toEqual([{ side: "head", severity: "error", code: "shadowed-rule", file: POLICY, line: 38, column: 11, message: expect.stringMatching(/^ALERT rule rules\.postScreen\[0\] /) }]);

    const github = await compare(["--base", "HEAD", ...NOW, "--format", "github"], { cwd: repo.dir });
    expect(github.code).toBe(1);
    expect(github.stdout).toMatch(new RegExp(`^::error file=${POLICY},line=38,col=11,endLine=38,endColumn=34,title=shadowed-rule::`, "m"));
    expect(github.stdout).toMatch(/^::warning file=.*title=policy-weakened::sandbox\/vendorAWalletScreening\/TRANSACTION is weaker: BLOCK \(block-severe-risk-score\) -> ALERT \(alert-elevated-score\)/m);

    const markdown = await compare(["--base", "HEAD", ...NOW, "--format", "markdown"], { cwd: repo.dir });
    expect(markdown.code).toBe(1);
    expect(markdown.stdout).toContain("\n#### Lint findings of the compared versions (compared as written)\n\n- sandbox/vendorAWalletScreening/TRANSACTION: head: shadowed-rule at ");
  });

  it("a version that cannot be decided is unknown with its first structural finding's code and place, never a value; exit 1", async () => {
    edit(repo, POLICY, "      action: BLOCK\n", "      action: MAYBE\n");
    const run = await compare(["--base", "HEAD", ...NOW], { cwd: repo.dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("screenpol: the head version (working tree) has lint errors, listed beside the verdicts\n");
    expect(run.stdout).toContain(`\nOther changed policies:\n  sandbox/vendorAWalletScreening/TRANSACTION: unknown (the head version cannot be decided (schema at ${POLICY}:37:15), so it was not compared)\n`);
    expect(run.stdout).not.toContain("MAYBE");
  });

  it("a rule of the other vendor's field fails the schema behind its cross-vendor-field finding: not decided, that finding named", async () => {
    edit(repo, POLICY, "        riskScore: { gte: 8.5 }", "        riskLevel: { atLeast: high }");
    const json = await compare(["--base", "HEAD", ...NOW, "--format", "json"], { cwd: repo.dir });
    expect(json.code).toBe(1);
    const [policy] = JSON.parse(json.stdout).policies;
    expect([policy.verdict, policy.reason]).toEqual(["unknown", `the head version cannot be decided (cross-vendor-field at ${POLICY}:36:9), so it was not compared`]);
    expect(policy.findings.map((finding: { side: string; code: string }) => `${finding.side} ${finding.code}`)).toEqual(["head cross-vendor-field"]);
  });

  it("lists a head rule no screening reaches with the earlier, less strict rules that take its matches (pretty, json)", async () => {
    addSwallowedBlockRule(repo);
    const run = await compare(["--base", "HEAD", ...NOW], { cwd: repo.dir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    const heading = lines.indexOf("Rules of head no screening reaches:");
    expect(heading).toBeGreaterThan(lines.indexOf("Weakenings (a screening decided less strictly by head than by base):"));
    expect(lines.slice(heading, heading + 3)).toEqual([
      "Rules of head no screening reaches:",
      `  sandbox/vendorAWalletScreening/TRANSACTION: ${swallowedBlockRuleLine(`${POLICY}:43:11`)}`,
      "",
    ]);

    const json = await compare(["--base", "HEAD", ...NOW, "--format", "json"], { cwd: repo.dir });
    const [policy] = JSON.parse(json.stdout).policies;
    expect(policy.unreachable).toHaveLength(1);
    expect(policy.unreachable[0]).toMatchObject({ id: "block-scored-mixers", index: 2, action: "BLOCK", location: `${POLICY}:43:11`, status: "unreachable", lessStrict: true, afterCatchAll: null });
    expect(policy.unreachable[0].takers.map((taker: { by: string; action: string }) => `${taker.action} ${taker.by}`)).toEqual(["ALLOW allow-partner-scores", "ALERT alert-mixer-exposure"]);
  });

  it("says nothing of reachability when every head rule is reached (the json has only the spec's members and the causes)", async () => {
    raiseBlockThreshold(repo);
    const json = await compare(["--base", "HEAD", ...NOW, "--format", "json"], { cwd: repo.dir });
    expect(Object.keys(JSON.parse(json.stdout).policies[0])).toEqual(["environment", "providerType", "scope", "verdict", "transitions", "causes"]);
  });

  it("comments, key order, a description and a rule id changed are equivalent", async () => {
    edit(
      repo,
      POLICY,
      "    - id: block-severe-risk-score\n      description: Vendor risk score of 8.5 or more.\n      when:\n        riskScore: { gte: 8.5 }\n      action: BLOCK\n",
      "    # Reviewed in the 2026-11 policy review.\n    - action: BLOCK # renamed\n      when:\n        riskScore: { gte: 8.5 }\n      description: A vendor risk score of 8.5 or more.\n      id: block-high-risk-score\n",
    );
    const run = await compare(["--base", "HEAD", ...NOW, "--format", "json"], { cwd: repo.dir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).policies).toEqual([{ environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION", verdict: "equivalent", transitions: [] }]);
  });
});
