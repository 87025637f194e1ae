/**
 * What `screenpol compare` gives CI and reviewers beyond pretty and json
 * (semantics.md section 5; docs/decisions.md,
 * "Issue 13: compare formats, --write-tests, the Action"): the markdown pull
 * request comment, `policy-weakened` findings as GitHub annotations and SARIF
 * at the head's deciding line, `--write-tests` and `--solver-timeout`. The
 * built CLI on a Git copy of the sample repository, as compare.test.ts does.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withRulesBeyondPartition } from "../helpers/beyond-partition.js";
import { edit, git, makeCommittedRepo } from "../helpers/committed-repo.js";
import { runCli } from "../helpers/run-cli.js";
import type { TempRepo } from "../helpers/temp-repo.js";
import { sarifValidator } from "../integrations/support/sarif-schema.js";
import { DOCS_CODES_URL } from "../helpers/docs-url.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const SIGN_IN = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
const VENDOR_B_SIGN_IN = "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml";
const ADDRESSES = "policies/sandbox/vendorAWalletScreening/addresses.yaml";
const NOW = ["--now", "2026-11-23T12:00:00Z"];
const WRITTEN = "tests/sandbox/vendorAWalletScreening/TRANSACTION.weakening.test.yaml";

/** The sample's BLOCK threshold raised from 8.5 to 9: three weakening transitions, each to an ALERT rule. */
const raiseBlockThreshold = (repo: TempRepo) => edit(repo, POLICY, "riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }");

/** Line (1-based) of the first line of `file` that contains `text`. */
function lineOf(repo: TempRepo, file: string, text: string): number {
  const index = readFileSync(join(repo.dir, file), "utf8").split("\n").findIndex((line) => line.includes(text));
  expect(index, `${file} has ${text}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** z3 starts in every compare process: a minute each, as compare.test.ts gives. */
const screenpol = (args: string[], cwd: string) => runCli(args, { cwd, timeoutMs: 60_000 });

describe("screenpol compare: formats, --write-tests, --solver-timeout", { timeout: 180_000 }, () => {
  let repo: TempRepo;
  let commit: string;
  beforeEach(() => {
    // The schemas folder the written test file's modeline points at, as in the sample repository.
    ({ repo, commit } = makeCommittedRepo(["schemas"]));
  });
  afterEach(() => repo.remove());

  it("--format github: one annotation per weakening at the head rule that now decides, warning without --deny-weakening, error with it", async () => {
    raiseBlockThreshold(repo);
    const at = (rule: string, end: number) => `file=${POLICY},line=${lineOf(repo, POLICY, `- id: ${rule}`)},col=11,endLine=${lineOf(repo, POLICY, `- id: ${rule}`)},endColumn=${end},title=policy-weakened`;
    const lines = (level: string) => [
      `::${level} ${at("alert-obfuscation-with-elevated-score", 48)}::sandbox/vendorAWalletScreening/TRANSACTION is weaker: BLOCK (block-severe-risk-score) -> ALERT (alert-obfuscation-with-elevated-score) when riskScore = 8.5, exposure mixer indirect = 15%25`,
      `::${level} ${at("alert-no-kyc-exchange", 32)}::sandbox/vendorAWalletScreening/TRANSACTION is weaker: BLOCK (block-severe-risk-score) -> ALERT (alert-no-kyc-exchange) when riskScore = 8.5, exposure no_kyc_exchange direct = 25%25`,
      `::${level} ${at("alert-everything-else-sandbox", 40)}::sandbox/vendorAWalletScreening/TRANSACTION is weaker: BLOCK (block-severe-risk-score) -> ALERT (alert-everything-else-sandbox) when riskScore = 8.5`,
      "",
    ];
    const warned = await screenpol(["compare", "--base", "HEAD", ...NOW, "--format", "github"], repo.dir);
    expect(warned.stderr).toBe("");
    expect(warned.code).toBe(0);
    expect(warned.stdout).toBe(lines("warning").join("\n"));
    const denied = await screenpol(["compare", "--base", "HEAD", ...NOW, "--format", "github", "--deny-weakening"], repo.dir);
    expect(denied.code).toBe(1);
    expect(denied.stdout).toBe(lines("error").join("\n"));
    expect(denied.stderr).toBe("screenpol: --deny-weakening: sandbox/vendorAWalletScreening/TRANSACTION (weaker)  policy-weakened\n");
  });

  it("annotates an address entry turned ALLOW at its action, and a removed policy at line 1 of the addresses file", async () => {
    edit(repo, ADDRESSES, '"0xae02201fb307A37F05a575711Ac441235A72Cd3D"\n    chain: EVM\n    action: BLOCK', '"0xae02201fb307A37F05a575711Ac441235A72Cd3D"\n    chain: EVM\n    action: ALLOW');
    const entry = await screenpol(["compare", "--base", "HEAD", ...NOW, "--format", "github"], repo.dir);
    const line = lineOf(repo, ADDRESSES, '"0xae02201fb307A37F05a575711Ac441235A72Cd3D"') + 2;
    expect(entry.stdout).toBe(
      ["SIGN_IN", "TRANSACTION"]
        .map((scope) => `::warning file=${ADDRESSES},line=${line},col=13,endLine=${line},endColumn=18,title=policy-weakened::sandbox/vendorAWalletScreening/${scope} is weaker: BLOCK (address-entry) -> ALLOW (address-entry) when address 0xae02201fb307A37F05a575711Ac441235A72Cd3D on EVM\n`)
        .join(""),
    );
    git(repo.dir, "checkout", "-q", "--", ADDRESSES);
    git(repo.dir, "rm", "-q", SIGN_IN);
    const removed = await screenpol(["compare", "--base", "HEAD", ...NOW, "--format", "github"], repo.dir);
    const annotations = removed.stdout.trimEnd().split("\n");
    expect(annotations.length).toBeGreaterThan(0);
    for (const annotation of annotations) {
      expect(annotation).toMatch(new RegExp(`^::warning file=${ADDRESSES},line=1,col=1,endLine=1,endColumn=1,title=policy-weakened::sandbox/vendorAWalletScreening/SIGN_IN is removed: \\S+ \\(\\S+\\) -> ALLOW \\(policy-disabled\\) when `));
    }
  });

  it("--format sarif: valid SARIF 2.1.0 with the policy-weakened rule, one result per weakening at the deciding rule's id", async () => {
    raiseBlockThreshold(repo);
    const run = await screenpol(["compare", "--base", "HEAD", ...NOW, "--format", "sarif", "--deny-weakening"], repo.dir);
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout);
    const validate = sarifValidator();
    expect(validate(log), validate.errors()).toBe(true);
    const rules = log.runs[0].tool.driver.rules as Array<{ id: string; helpUri: string }>;
    const results = log.runs[0].results as Array<{ ruleId: string; ruleIndex: number; level: string; message: { text: string }; locations: any[] }>;
    expect(rules[results[0]!.ruleIndex]!.id).toBe("policy-weakened");
    expect(rules[results[0]!.ruleIndex]!.helpUri).toBe(`${DOCS_CODES_URL}/policy-weakened.md`);
    expect(
      results.map((result) => [result.ruleId, result.level, result.locations[0].physicalLocation.artifactLocation.uri, result.locations[0].physicalLocation.region.startLine]),
    ).toEqual(
      ["alert-obfuscation-with-elevated-score", "alert-no-kyc-exchange", "alert-everything-else-sandbox"].map((rule) => ["policy-weakened", "error", POLICY, lineOf(repo, POLICY, `- id: ${rule}`)]),
    );
    expect(results[1]!.message.text).toBe(
      "sandbox/vendorAWalletScreening/TRANSACTION is weaker: BLOCK (block-severe-risk-score) -> ALERT (alert-no-kyc-exchange) when riskScore = 8.5, exposure no_kyc_exchange direct = 25%",
    );
    const warned = await screenpol(["compare", "--base", "HEAD", ...NOW, "--format", "sarif"], repo.dir);
    expect(warned.code).toBe(0);
    expect(new Set(JSON.parse(warned.stdout).runs[0].results.map((result: { level: string }) => result.level))).toEqual(new Set(["warning"]));
  });

  it("--format markdown: the marker, the weakenings first with their examples folded, then the other policies, then the summary", async () => {
    raiseBlockThreshold(repo);
    // Stricter: a severe risk level is blocked from high on.
    edit(repo, VENDOR_B_SIGN_IN, "riskLevel: { atLeast: severe }", "riskLevel: { atLeast: high }");
    const run = await screenpol(["compare", "--base", "HEAD", ...NOW, "--format", "markdown", "--deny-weakening"], repo.dir);
    expect(run.code).toBe(1);
    const example = (exposure: string[]) => [
      "  <details><summary>Example screening</summary>",
      "",
      "  ```yaml",
      "  scope: TRANSACTION",
      "  chain: EVM",
      '  address: "0x0000000000000000000000000000000000000001"',
      "  transfer:",
      "    token:",
      "      chain: EVM",
      "      networkId: 1",
      '      contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"',
      "  signals:",
      "    riskScore: 8.5",
      ...exposure,
      "  ```",
      "",
      "  </details>",
    ];
    // Text shown as written: markdown's characters escaped (as the formatter escapes every text from the repository).
    const md = (text: string) => text.replace(/[\\`*_[\]|~#]/g, "\\$&").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const nested = (lines: string[]) => lines.map((line) => (line === "" ? "" : `  ${line}`));
    expect(run.stdout).toBe(
      [
        "<!-- screenpol-compare -->",
        "### screenpol compare",
        "",
        `Base \`HEAD (${commit})\`, head \`working tree\`.`,
        "",
        "> [!CAUTION]",
        `> \`--deny-weakening\` refuses \`sandbox/vendorAWalletScreening/TRANSACTION\` (weaker): [\`policy-weakened\`](${DOCS_CODES_URL}/policy-weakened.md).`,
        "",
        "#### Weakenings: screenings decided less strictly by head than by base",
        "",
        // One cause: its headline, then its lines nested under it, each transition's example folded below the transition.
        "- `sandbox/vendorAWalletScreening/TRANSACTION`: rule block-severe-risk-score: riskScore gte raised from 8.5 to 9",
        `  - ${md("where riskScore in [8.5, 9), exposure stolen_funds direct < 5% or none, exposure scam direct < 10% or none, exposure fraud_shop direct < 10% or none, amountUsd >= 250 USD or unknown, chain EVM or SOL, token one of 4 preScreen lists, address other than the 3 an entry names")}`,
        `  - ${md("BLOCK (block-severe-risk-score) -> ALERT (alert-obfuscation-with-elevated-score), when exposure mixer direct < 15% or none, exposure mixer indirect >= 15%, cluster other than terrorist_financing, child_abuse_material, ransomware, darknet_market, privacy_wallet or none; or exposure mixer direct >= 15%, cluster other than terrorist_financing, child_abuse_material, ransomware, darknet_market, privacy_wallet or none; or cluster privacy_wallet (e.g. riskScore = 8.5, exposure mixer indirect = 15%)")}`,
        ...nested(example(["    exposures:", "      - category: mixer", "        direction: indirect", "        percent: 15"])),
        `  - ${md("BLOCK (block-severe-risk-score) -> ALERT (alert-no-kyc-exchange), when exposure mixer direct < 15% or none, exposure mixer indirect < 15% or none, exposure no_kyc_exchange direct >= 25%, cluster other than terrorist_financing, child_abuse_material, ransomware, darknet_market, privacy_wallet or none (e.g. riskScore = 8.5, exposure no_kyc_exchange direct = 25%)")}`,
        ...nested(example(["    exposures:", "      - category: no_kyc_exchange", "        direction: direct", "        percent: 25"])),
        `  - ${md("BLOCK (block-severe-risk-score) -> ALERT (alert-everything-else-sandbox), when exposure mixer direct < 15% or none, exposure mixer indirect < 15% or none, exposure no_kyc_exchange direct < 25% or none, cluster other than terrorist_financing, child_abuse_material, ransomware, darknet_market, privacy_wallet or none (e.g. riskScore = 8.5)")}`,
        ...nested(example([])),
        "",
        "#### Other changed policies",
        "",
        "| Policy | Verdict |",
        "|---|---|",
        "| `sandbox/vendorBAddressScreening/SIGN_IN` | stricter |",
        "",
        "**2 policies compared: 1 weaker, 1 stricter**",
        "",
      ].join("\n"),
    );
    git(repo.dir, "checkout", "-q", "--", ".");
    const nothing = await screenpol(["compare", "--base", "HEAD", ...NOW, "--format", "markdown"], repo.dir);
    expect(nothing.stdout).toBe(`<!-- screenpol-compare -->\n### screenpol compare\n\nBase \`HEAD (${commit})\`, head \`working tree\`.\n\nNo policy or address entries changed.\n`);
  });

  it("--format markdown: a version that cannot be decided is an unknown row with the reason (code and place), exit 1", async () => {
    edit(repo, POLICY, "action: BLOCK", "action: MAYBE");
    const run = await screenpol(["compare", "--base", "HEAD", ...NOW, "--format", "markdown"], repo.dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        "<!-- screenpol-compare -->",
        "### screenpol compare",
        "",
        `Base \`HEAD (${commit})\`, head \`working tree\`.`,
        "",
        "#### Other changed policies",
        "",
        "| Policy | Verdict |",
        "|---|---|",
        `| \`sandbox/vendorAWalletScreening/TRANSACTION\` | unknown (the head version cannot be decided (schema at ${POLICY}:37:15), so it was not compared) |`,
        "",
        "**1 policy compared: 1 unknown**",
        "",
      ].join("\n"),
    );
  });

  it("--write-tests writes head's decision of each weakening as a test file that passes on head and fails on base, and never overwrites it", async () => {
    raiseBlockThreshold(repo);
    const run = await screenpol(["compare", "--base", "HEAD", ...NOW, "--write-tests", "tests"], repo.dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`screenpol: wrote ${WRITTEN} (3 cases)\n`);
    const written = readFileSync(join(repo.dir, WRITTEN), "utf8");
    expect(written.split("\n").slice(0, 10)).toEqual([
      "# yaml-language-server: $schema=../../../schemas/policy-test.schema.json",
      "#",
      `# Written by \`screenpol compare --write-tests\` (base HEAD (${commit}), head working tree):`,
      "# each case is one screening head decides less strictly than base did, and pins",
      "# head's action. It fails if a later change brings base's decision back.",
      "environment: sandbox",
      "providerType: vendorAWalletScreening",
      "scope: TRANSACTION",
      "cases:",
      "  - name: BLOCK (block-severe-risk-score) -> ALERT (alert-obfuscation-with-elevated-score) when riskScore = 8.5, exposure mixer indirect = 15%",
    ]);
    expect(written.match(/^    expect:\n      action: ALERT$/gm)).toHaveLength(3);

    const onHead = await screenpol(["test", WRITTEN, ...NOW], repo.dir);
    expect(onHead.stdout).toContain("3 passed, 0 failed");
    expect(onHead.code).toBe(0);
    git(repo.dir, "checkout", "-q", "--", POLICY);
    const onBase = await screenpol(["test", WRITTEN, ...NOW], repo.dir);
    expect(onBase.stdout).toContain("0 passed, 3 failed");
    expect(onBase.code).toBe(1);

    raiseBlockThreshold(repo);
    const again = await screenpol(["compare", "--base", "HEAD", ...NOW, "--write-tests", "tests"], repo.dir);
    expect(again.code).toBe(2);
    expect(again.stdout).toBe("");
    expect(again.stderr).toBe(`screenpol: --write-tests: ${WRITTEN} exists already; screenpol never overwrites a test file: move it away or choose another folder. Nothing was written\n`);
    expect(readFileSync(join(repo.dir, WRITTEN), "utf8")).toBe(written);
  });

  it("--write-tests writes nothing when nothing is weaker, and says so", async () => {
    edit(repo, POLICY, "riskScore: { gte: 8.5 }", "riskScore: { gte: 8 }");
    const run = await screenpol(["compare", "--base", "HEAD", ...NOW, "--write-tests", "out"], repo.dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("screenpol: --write-tests: no weakening, no test file written\n");
    expect(existsSync(join(repo.dir, "out"))).toBe(false);
  });

  it("--solver-timeout: a pair not decided in time is unknown with its bound, refused by --deny-weakening, never equivalent", async () => {
    // Beyond the exact partition's bound, so z3 is asked, and one millisecond never decides it.
    repo.write(POLICY, withRulesBeyondPartition(readFileSync(join(repo.dir, POLICY), "utf8")));
    const json = await screenpol(["compare", "--base", "HEAD", ...NOW, "--solver-timeout", "0.001", "--format", "json"], repo.dir);
    expect(json.code).toBe(0);
    const [policy] = JSON.parse(json.stdout).policies as Array<{ verdict: string; transitions: unknown[]; reason: string }>;
    expect(policy!.verdict).toBe("unknown");
    expect(policy!.transitions).toEqual([]);
    expect(policy!.reason).toMatch(/^not decided within the time limit of 1 ms per policy pair \(.+\)$/);

    const denied = await screenpol(["compare", "--base", "HEAD", ...NOW, "--solver-timeout", "0.001", "--deny-weakening", "--format", "github"], repo.dir);
    expect(denied.code).toBe(1);
    expect(denied.stdout).toMatch(new RegExp(`^::error file=${POLICY},line=1,col=1,endLine=1,endColumn=1,title=policy-weakened::sandbox/vendorAWalletScreening/TRANSACTION is unknown: not decided within the time limit of 1 ms per policy pair \\(.+\\)\\n$`));
    expect(denied.stderr).toBe("screenpol: --deny-weakening: sandbox/vendorAWalletScreening/TRANSACTION (unknown)  policy-weakened\n");

    const pretty = await screenpol(["compare", "--base", "HEAD", ...NOW, "--solver-timeout", "0.001"], repo.dir);
    expect(pretty.code).toBe(0);
    expect(pretty.stdout).toMatch(/\n {2}sandbox\/vendorAWalletScreening\/TRANSACTION: unknown \(not decided within the time limit of 1 ms per policy pair \(.+\)\)\n\n1 policy compared: 1 unknown\n$/);
    expect(pretty.stdout).not.toContain("equivalent");
  });

  it("--solver-timeout refuses what is not a number of seconds, in one line, exit 2", async () => {
    const run = await runCli(["compare", "--base", "HEAD", "--solver-timeout", "10s"], { cwd: repo.dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("--solver-timeout");
    expect(run.stderr).toContain("It must be a number of seconds above 0 and at most 3600, e.g. 10 or 2.5.");
  });
});
