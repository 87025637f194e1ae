/**
 * The weakening check at size (docs/semantics.md, "The bound of the
 * weakening check"): `compare` on generated pairs of 500 and 1,000 rules per
 * policy, both vendors, through the built CLI with a small
 * --solver-timeout. Whatever the machine's speed, each pair ends with a
 * verdict or with `unknown` and its bound, never a crash (at 500 rules the
 * encoding once overflowed the stack: exit 2), and --deny-weakening refuses
 * both (exit 1: weaker and unknown alike, README "compare"). The process's
 * own time limit only catches a hang; no time is asserted (bench/weakening.js
 * measures).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { git, makeCommittedRepo } from "../helpers/committed-repo.js";
import { largePolicy, NARROWED_RULE } from "../helpers/large-policy-pair.js";
import { runCli } from "../helpers/run-cli.js";
import type { TempRepo } from "../helpers/temp-repo.js";
import type { Vendor } from "../../src/core/vendors.js";

const NOW = ["--now", "2026-11-23T12:00:00Z"];
const VENDORS: Vendor[] = ["vendorAWalletScreening", "vendorBAddressScreening"];
const policyFile = (vendor: Vendor) => `policies/sandbox/${vendor}/TRANSACTION.yaml`;
const SUBJECTS = VENDORS.map((vendor) => `sandbox/${vendor}/TRANSACTION`);

/** Lint of both versions, two bounded pairs and their reachability, z3's start: well under this on a loaded 2-core machine. */
const HANG_MS = 90_000;
const compare = (args: string[], cwd: string) => runCli(["compare", "--base", "HEAD", ...NOW, "--solver-timeout", "2", ...args], { cwd, timeoutMs: HANG_MS });

interface ComparedPolicy {
  environment: string;
  providerType: string;
  scope: string;
  verdict: string;
  reason?: string;
  transitions: Array<{ from: { action: string; by: string }; to: { action: string; by: string } }>;
}

const STRICTNESS: Record<string, number> = { ALLOW: 0, ALERT: 1, BLOCK: 2 };

describe("screenpol compare at 500 and 1,000 rules per policy", { timeout: 4 * HANG_MS }, () => {
  let repo: TempRepo;
  beforeEach(() => {
    ({ repo } = makeCommittedRepo());
  });
  afterEach(() => repo.remove());

  for (const rules of [500, 1000]) {
    it(`${rules} rules: a verdict, or unknown with the 2 s bound, never a crash; --deny-weakening refuses it with exit 1`, async () => {
      for (const vendor of VENDORS) repo.write(policyFile(vendor), largePolicy(vendor, rules, "base"));
      git(repo.dir, "commit", "-qam", `${rules} rules`);
      for (const vendor of VENDORS) repo.write(policyFile(vendor), largePolicy(vendor, rules, "head"));

      const run = await compare(["--format", "json"], repo.dir);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const policies = (JSON.parse(run.stdout) as { policies: ComparedPolicy[] }).policies;
      expect(policies.map((policy) => `${policy.environment}/${policy.providerType}/${policy.scope}`)).toEqual(SUBJECTS);
      for (const policy of policies) {
        if (policy.verdict === "unknown") {
          // Where the time ran out, or z3's own reason when it gave up first.
          expect(policy.reason).toMatch(/^not decided within the time limit of 2000 ms per policy pair \((the time ran out .+|z3: .+)\)$/);
          expect(policy.transitions).toEqual([]);
        } else {
          // Decided: head lets through what rule-3 blocked, and what the higher minimum now skips.
          expect(policy.verdict).toBe("weaker");
          expect(policy.transitions.length).toBeGreaterThan(0);
          expect(policy.transitions.some((transition) => transition.from.by === NARROWED_RULE)).toBe(true);
          const [first] = policy.transitions;
          expect(STRICTNESS[first!.to.action]).toBeLessThan(STRICTNESS[first!.from.action]!);
        }
      }

      const denied = await compare(["--deny-weakening"], repo.dir);
      expect(denied.code).toBe(1);
      expect(denied.stderr).toMatch(
        new RegExp(`^screenpol: --deny-weakening: ${SUBJECTS[0]} \\((weaker|unknown)\\), ${SUBJECTS[1]} \\((weaker|unknown)\\)  policy-weakened\\n$`),
      );
      expect(denied.stdout).toMatch(/\n2 policies compared: (1 weaker, 1 unknown|2 weaker|2 unknown)\n$/);
    });
  }
});
