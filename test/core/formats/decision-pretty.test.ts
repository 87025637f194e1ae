/**
 * The decision output over many screenings of the sample policies: every
 * screening that reads is decided and printed (never a throw), the verdict
 * first, then exactly one line per step, rule and condition of the trace; the
 * JSON carries the same decision.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseYaml } from "../../../src/core/document.js";
import { formatDecisionJson } from "../../../src/core/formats/decision-json.js";
import { formatDecisionPretty, type DecisionReport } from "../../../src/core/formats/decision-pretty.js";
import { decide, readScreening, type AddressEntryDocument, type DecisionSubject, type PolicyDocument } from "../../../src/core/semantics/index.js";
import { PROJECT_ROOT } from "../../helpers/project-root.js";

const NOW = Date.parse("2027-01-01T00:00:00Z");
const FOLDER = "policies/sandbox/vendorAWalletScreening";

function sample(file: string): unknown {
  return parseYaml(readFileSync(join(PROJECT_ROOT, FOLDER, file), "utf8")).document?.data;
}

const subject: DecisionSubject = {
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  policy: sample("TRANSACTION.yaml") as PolicyDocument,
  addressEntries: (sample("addresses.yaml") as { entries: AddressEntryDocument[] }).entries,
};

const screening = fc.record(
  {
    chain: fc.constantFrom("EVM", "SOL", "BTC"),
    address: fc.constantFrom("0xC349F2E98461322cf5fab5aD704D6113a6e66249", "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", "0x52908400098527886E0F7030069857D2E4169EE7"),
    sanctioned: fc.boolean(),
    transfer: fc.record(
      {
        amountUsd: fc.constantFrom(0, 249.99, 250, 1200),
        token: fc.constantFrom(
          { chain: "EVM", networkId: 1, contractAddress: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48" },
          { chain: "EVM", networkId: 1, contractAddress: "0xdAC17F958D2ee523a2206206994597C13D831ec7" },
        ),
      },
      { requiredKeys: [] },
    ),
    signals: fc.record(
      {
        riskScore: fc.constantFrom(0, 3, 4, 8.5, 10),
        exposures: fc.array(
          fc.record({ category: fc.constantFrom("mixer", "stolen_funds", "scam", "no_kyc_exchange"), direction: fc.constantFrom("direct", "indirect"), percent: fc.constantFrom(0, 5, 15, 25, 100) }),
          { maxLength: 3 },
        ),
        cluster: fc.record({ category: fc.constantFrom("gambling", "privacy_wallet", "ransomware") }),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ["chain", "address"] },
);

describe("decision-pretty over random screenings of the sample policy", () => {
  it("one verdict line, then one line per step, rule and condition; JSON says the same", () => {
    fc.assert(
      fc.property(screening, (data) => {
        const reading = readScreening(data, "vendorAWalletScreening", "TRANSACTION");
        expect(reading.ok).toBe(true);
        if (!reading.ok) return;
        const decision = decide(subject, reading.screening, { now: NOW, trace: true });
        const report: DecisionReport = {
          environment: "sandbox",
          subject,
          screening: { scope: "TRANSACTION", ...reading.screening },
          decision,
          policyFile: `${FOLDER}/TRANSACTION.yaml`,
          addressesFile: `${FOLDER}/addresses.yaml`,
          positions: { rules: [], entries: [] },
        };
        const lines = formatDecisionPretty(report, { color: false }).trimEnd().split("\n");
        const byRule = decision.trace!.some((entry) => entry.step === "post-screen" && entry.outcome === "decided");
        expect(lines[0]!.startsWith(`${decision.action} by ${byRule ? "rule " : ""}${decision.by}`)).toBe(true);
        const expected = (decision.trace ?? []).reduce(
          (count, entry) => count + 1 + (entry.step === "post-screen" ? entry.rules.reduce((rules, rule) => rules + 1 + rule.conditions.length, 0) : 0),
          1,
        );
        expect(lines).toHaveLength(expected);
        const json = JSON.parse(formatDecisionJson(report));
        expect([json.decision.action, json.decision.by, json.screening.scope]).toEqual([decision.action, decision.by, "TRANSACTION"]);
      }),
      { numRuns: 300 },
    );
  });
});
