/**
 * The weakening check's paths without z3 (docs/decisions.md, "Issue 13:
 * weakening check speed"): a pair with the same decisive content, and a pair
 * small enough for the interval partition, are answered without importing
 * z3-solver; `prewarmSolver` imports it (the control that the hook sees an
 * import). And the answers remembered for the process: the same content
 * gives the same answer, as a copy, and the clock and the rule ids are part
 * of what is remembered.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { closeSolver } from "../../src/app/solver.js";
import { reachabilityWithSolver } from "../../src/app/reachability.js";
import { compareSubjects } from "../../src/app/weakening.js";
import type { AddressEntryDocument, DecisionSubject, PolicyDocument, RuleDocument } from "../../src/core/semantics/index.js";
import type { SubjectComparison, SubjectReachability } from "../../src/core/semantics/weakening/model.js";
import { expectExamplesReproduce, reachabilitySummary } from "../helpers/reachability.js";
import { BUILD_ROOT } from "../helpers/run-cli.js";

const HOOK = `--import=${pathToFileURL(join(import.meta.dirname, "../helpers/record-z3-load.mjs")).href}`;
const MARK = "[z3-solver loaded]";
const NOW = Date.parse("2026-11-23T12:00:00Z");
afterAll(closeSolver);

const blockScore: RuleDocument = { id: "block-high-score", when: { riskScore: { gte: 7 } }, action: "BLOCK" };
const policy = (postScreen: RuleDocument[]): PolicyDocument => ({ providerType: "vendorAWalletScreening", scope: "SIGN_IN", schemaVersion: 1, enabled: true, rules: { preScreen: {}, postScreen } });
const subject = (document: PolicyDocument | undefined, addressEntries: AddressEntryDocument[] = []): DecisionSubject => ({ providerType: "vendorAWalletScreening", scope: "SIGN_IN", policy: document, addressEntries });

/** Runs `script` (after `const { compareSubjects } = ...` and `const { prewarmSolver, closeSolver } = ...` of the build) in a child with the z3 import hook. */
function runWithHook(script: string): { stdout: string; stderr: string; status: number | null } {
  const module = pathToFileURL(join(BUILD_ROOT, "dist/app/weakening.js")).href;
  const solverModule = pathToFileURL(join(BUILD_ROOT, "dist/app/solver.js")).href;
  const full = `const { compareSubjects } = await import(${JSON.stringify(module)});\nconst { prewarmSolver, closeSolver } = await import(${JSON.stringify(solverModule)});\n${script}\nawait closeSolver();`;
  const run = spawnSync(process.execPath, [HOOK, "--input-type=module", "-e", full], { encoding: "utf8", timeout: 120_000 });
  expect(run.error).toBeUndefined();
  return run;
}

describe("the weakening check without z3", () => {
  const base = JSON.stringify(subject(policy([blockScore])));

  it("a rename of rule ids and descriptions is equivalent, and z3 is never imported", () => {
    const renamed = JSON.stringify(subject(policy([{ ...blockScore, id: "block-scores-from-7", description: "new words" }])));
    const run = runWithHook(`console.log(JSON.stringify(await compareSubjects(${base}, ${renamed}, { now: ${NOW} })));`);
    expect(JSON.parse(run.stdout)).toEqual({ verdict: "equivalent", transitions: [] });
    expect(run.stderr).not.toContain(MARK);
    expect(run.status).toBe(0);
  });

  it("a small real change is answered by the partition, with its example, and z3 is never imported", () => {
    const raised = JSON.stringify(subject(policy([{ ...blockScore, when: { riskScore: { gte: 8 } } }])));
    const run = runWithHook(`console.log(JSON.stringify(await compareSubjects(${base}, ${raised}, { now: ${NOW} })));`);
    const result = JSON.parse(run.stdout);
    expect(result.verdict).toBe("weaker");
    expect(result.transitions).toEqual([
      {
        from: { action: "BLOCK", by: "block-high-score" },
        to: { action: "ALLOW", by: "terminal-allow" },
        example: { scope: "SIGN_IN", chain: "OTHER", address: "unlisted-address-1", signals: { riskScore: 7 } },
        regions: [[{ on: "riskScore", ranges: [{ min: 7, minIncluded: true, max: 8, maxIncluded: false }] }]],
      },
    ]);
    expect(result.causes.map((cause: { headline: string }) => cause.headline)).toEqual(["rule block-high-score: riskScore gte raised from 7 to 8"]);
    expect(run.stderr).not.toContain(MARK);
  });

  it("prewarmSolver imports z3 (the control: the hook sees the import)", () => {
    const run = runWithHook(`prewarmSolver();`);
    expect(run.stderr).toContain(MARK);
    expect(run.status).toBe(0);
  });
});

describe("answers remembered for the process", () => {
  const raised = subject(policy([{ ...blockScore, when: { riskScore: { gte: 8 } } }]));

  it("the same content asked again gives the same answer, as a copy of its own", async () => {
    const first = await compareSubjects(subject(policy([blockScore])), raised, { now: NOW });
    const expected = structuredClone(first);
    first.transitions[0]!.example.signals = { riskScore: 0 };
    const second = await compareSubjects(structuredClone(subject(policy([blockScore]))), structuredClone(raised), { now: NOW });
    expect(second).toEqual(expected);
  });

  it("rule ids are part of what is remembered: the transitions name the rules of the pair asked", async () => {
    await compareSubjects(subject(policy([blockScore])), raised, { now: NOW });
    const renamedBase = subject(policy([{ ...blockScore, id: "block-scores-from-7" }]));
    const result = await compareSubjects(renamedBase, raised, { now: NOW });
    expect(result.transitions.map((transition) => transition.from.by)).toEqual(["block-scores-from-7"]);
  });

  it("the clock is part of what is remembered: an entry in force at one clock and expired at the next", async () => {
    const entry: AddressEntryDocument = { address: "0x52908400098527886E0F7030069857D2E4169EE7", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "r", expiresAt: "2026-11-23T12:00:00Z" };
    // The threshold change keeps the two versions apart at both clocks: the answer comes from the partition or the memory, not from equal content.
    const head = subject(raised.policy, [entry]);
    const pairs = (result: SubjectComparison) => result.transitions.map(({ from, to }) => `${from.action} (${from.by}) -> ${to.action} (${to.by})`);
    const before = await compareSubjects(subject(policy([blockScore])), head, { now: NOW - 1 });
    const after = await compareSubjects(subject(policy([blockScore])), head, { now: NOW });
    expect(pairs(before)).toEqual(["BLOCK (block-high-score) -> ALLOW (address-entry)", "BLOCK (block-high-score) -> ALLOW (terminal-allow)"]);
    expect(pairs(after)).toEqual(["BLOCK (block-high-score) -> ALLOW (terminal-allow)"]);
  });
});

describe("preScreen tokens are decisive content", () => {
  const USDC = { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" };
  const USDT = { chain: "EVM", networkId: 1, contractAddress: "0xdAC17F958D2ee523a2206206994597C13D831ec7" };
  const transaction = (tokens: Array<typeof USDC>): DecisionSubject => ({
    providerType: "vendorAWalletScreening",
    scope: "TRANSACTION",
    policy: { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 1, enabled: true, rules: { preScreen: { chains: ["EVM"], tokens }, postScreen: [blockScore] } },
    addressEntries: [],
  });
  const pairs = (result: SubjectComparison) => result.transitions.map(({ from, to }) => `${from.action} (${from.by}) -> ${to.action} (${to.by})`);

  it("a token dropped from tokens, nothing else changed, is weaker: its transfers are allowed unscreened", async () => {
    const result = await compareSubjects(transaction([USDC, USDT]), transaction([USDC]), { now: NOW });
    expect(result.verdict).toBe("weaker");
    expect(pairs(result)).toEqual(["BLOCK (block-high-score) -> ALLOW (pre-screen)"]);
    expect(result.transitions[0]!.example).toMatchObject({ scope: "TRANSACTION", transfer: { token: { networkId: 1, contractAddress: USDT.contractAddress } }, signals: { riskScore: 7 } });
  });

  it("a token added, nothing else changed, is stricter", async () => {
    const result = await compareSubjects(transaction([USDC]), transaction([USDT, USDC]), { now: NOW });
    expect(result.verdict).toBe("stricter");
    expect(pairs(result)).toEqual(["ALLOW (pre-screen) -> BLOCK (block-high-score)"]);
  });
});

/**
 * Forty vendorA rules over one riskScore floor, six categories' exposure and
 * clusters, each an `anyOf`, actions in turn BLOCK, ALERT, BLOCK, ALLOW
 * (the shape of the benchmark's 40-rule pair, bench/weakening.js): most of
 * them unreachable, their matches taken by the rules above.
 */
function overlappingPolicy(): DecisionSubject {
  const categories = ["mixer", "ransomware", "gambling", "privacy_wallet", "scam", "darknet_market"];
  const directions = ["direct", "indirect", "any"];
  const postScreen = Array.from({ length: 40 }, (_, index): RuleDocument => {
    const category = categories[index % 6]!;
    const anyOf = [{ riskScore: { gte: (index % 20) / 2 } }, { exposure: { category, direction: directions[index % 3]!, minPercent: (index * 7) % 100 } }, { cluster: { category } }];
    return { id: `rule-${index + 1}`, when: { anyOf }, action: (["BLOCK", "ALERT", "BLOCK", "ALLOW"] as const)[index % 4]! } as RuleDocument;
  });
  const document: PolicyDocument = { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 2, enabled: true, rules: { preScreen: { minAmountUsd: 250 }, postScreen } };
  return { providerType: "vendorAWalletScreening", scope: "TRANSACTION", policy: document, addressEntries: [] };
}

describe("the reachability of rules without z3 (the same engine order as the weakening check)", () => {
  // The engine order is under test, not the bound: a long one, so that a loaded machine does not make it `unknown`.
  it("a 40-rule policy whose takers the interval partition walks within its budget is answered without importing z3, as z3 answers it", { timeout: 120_000 }, async () => {
    const reachability = pathToFileURL(join(BUILD_ROOT, "dist/app/reachability.js")).href;
    const policy = overlappingPolicy();
    const run = runWithHook(`const { reachabilityOf } = await import(${JSON.stringify(reachability)});\nconsole.log(JSON.stringify(await reachabilityOf(${JSON.stringify(policy)}, { now: ${NOW}, timeoutMs: 120_000 })));`);
    expect(run.stderr).not.toContain(MARK);
    expect(run.status).toBe(0);
    const answer: SubjectReachability = JSON.parse(run.stdout);
    expect(answer.reason).toBeUndefined();
    expect(answer.rules.filter((rule) => rule.status === "unreachable")).toHaveLength(30);
    expectExamplesReproduce(policy, answer);
    expect(reachabilitySummary(answer)).toEqual(reachabilitySummary(await reachabilityWithSolver(policy, { now: NOW, timeoutMs: 120_000 })));
  });
});

describe("a long ladder with one threshold changed, answered by the partition", () => {
  /**
   * Forty vendorB rules, each a riskLevel beside two indicators, volumes
   * falling down the list (test/helpers/large-policy-pair.ts's ladder, no
   * preScreen): head raises one volume of rule-3. The versions differ in one
   * rule only, so the partition's walk stops wherever both are left with the
   * same rules: within its budget, where walked to the end it was not.
   */
  const ladder = (raised: number): DecisionSubject => {
    const categories = ["mixing_service", "ransomware", "gambling", "theft", "scam", "darknet"];
    const levels = ["low", "medium", "high", "severe"];
    const types = ["ownership", "counterparty", "indirect"];
    const postScreen = Array.from({ length: 40 }, (_, index): RuleDocument => {
      const step = 40 - index;
      const when = {
        riskLevel: { atLeast: levels[index % 4]! },
        anyOf: [
          { indicator: { category: categories[index % 6]!, riskType: types[index % 3]!, minVolumeUsd: step * 100 + (index === 2 ? raised : 0) } },
          { indicator: { category: categories[(index + 1) % 6]!, riskType: types[(index + 1) % 3]!, minVolumeUsd: step * 100 + 50 } },
        ],
      };
      return { id: `rule-${index + 1}`, when, action: (["BLOCK", "ALERT", "BLOCK", "ALLOW"] as const)[index % 4]! } as RuleDocument;
    });
    const document = { providerType: "vendorBAddressScreening", scope: "SIGN_IN", schemaVersion: 2, enabled: true, rules: { preScreen: {}, postScreen } } as unknown as PolicyDocument;
    return { providerType: "vendorBAddressScreening", scope: "SIGN_IN", policy: document, addressEntries: [] };
  };

  it("is weaker, the raised rule's screenings going to the rules below, and z3 is never imported", { timeout: 120_000 }, () => {
    const run = runWithHook(`console.log(JSON.stringify(await compareSubjects(${JSON.stringify(ladder(0))}, ${JSON.stringify(ladder(50))}, { now: ${NOW}, timeoutMs: 120_000 })));`);
    expect(run.stderr).not.toContain(MARK);
    expect(run.status).toBe(0);
    const result: SubjectComparison = JSON.parse(run.stdout);
    expect(result.verdict).toBe("weaker");
    expect(result.transitions.every((transition) => transition.from.by === "rule-3")).toBe(true);
    expect(result.transitions.length).toBeGreaterThan(0);
  });
});
