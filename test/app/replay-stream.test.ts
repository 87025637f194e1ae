/**
 * Replay's decisions are the decision procedure's: generated screenings, cut
 * into chunks at random places and mixed with bad lines, streamed through
 * replayStream, must give exactly what decide() says for each line, called
 * directly here, and the counts built here independently of the tally.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { replayStream } from "../../src/app/replay.js";
import { createLineReplayer } from "../../src/app/replay/line-replayer.js";
import { decide, type AddressEntryDocument, type DecisionSubject, type PolicyDocument } from "../../src/core/semantics/index.js";
import { PROJECT_ROOT } from "../helpers/run-cli.js";

const NOW = new Date("2026-11-23T12:00:00Z");
const FOLDER = join(PROJECT_ROOT, "policies/sandbox/vendorAWalletScreening");
const policy = parse(readFileSync(join(FOLDER, "TRANSACTION.yaml"), "utf8")) as PolicyDocument;
const entries = (parse(readFileSync(join(FOLDER, "addresses.yaml"), "utf8")) as { entries: AddressEntryDocument[] }).entries;

const head: DecisionSubject = { providerType: "vendorAWalletScreening", scope: "TRANSACTION", policy, addressEntries: entries };
/** Another version: a higher block threshold, a lower minimum, one rule fewer, one entry fewer. */
const base: DecisionSubject = {
  ...head,
  policy: {
    ...policy,
    rules: {
      preScreen: { ...policy.rules.preScreen, minAmountUsd: 100 },
      postScreen: policy.rules.postScreen
        .filter((rule) => rule.id !== "alert-no-kyc-exchange")
        .map((rule) => (rule.id === "block-severe-risk-score" ? { ...rule, when: { riskScore: { gte: 9 } } } : rule)),
    },
  },
  addressEntries: entries.slice(1),
};

const VERSIONS = {
  base: { side: { label: "base", subject: base }, findings: [], hasErrors: false },
  head: { side: { label: "head", subject: head }, findings: [], hasErrors: false },
};

const ADDRESSES = ["0xC349F2E98461322cf5fab5aD704D6113a6e66249", "0xae02201fb307a37f05a575711ac441235a72cd3d", "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", "0x52908400098527886E0F7030069857D2E4169EE7"];
const TOKENS = [
  { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" },
  { chain: "EVM", networkId: 1, contractAddress: "0xdAC17F958D2ee523a2206206994597C13D831ec7" },
  { chain: "SOL", networkId: 101, contractAddress: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
];
const CATEGORIES = ["mixer", "stolen_funds", "scam", "no_kyc_exchange", "gambling", "privacy_wallet", "ransomware"];
/** The policies' thresholds and their neighbours: where decisions turn. */
const percent = fc.constantFrom(0, 4.9, 5, 10, 15, 24.9, 25, 100);

const screening = fc.record(
  {
    chain: fc.constantFrom("EVM", "SOL", "BTC"),
    address: fc.constantFrom(...ADDRESSES),
    transfer: fc.record({ amountUsd: fc.constantFrom(50, 100, 249, 250, 5000), token: fc.constantFrom(...TOKENS) }, { requiredKeys: ["amountUsd"] }),
    sanctioned: fc.boolean(),
    signals: fc.record(
      {
        riskScore: fc.constantFrom(0, 2.9, 3, 4, 8.4, 8.5, 8.9, 9, 10),
        exposures: fc.array(fc.record({ category: fc.constantFrom(...CATEGORIES), direction: fc.constantFrom("direct", "indirect"), percent }), { maxLength: 3 }),
        cluster: fc.record({ category: fc.constantFrom(...CATEGORIES) }),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ["chain", "address"] },
);
const badLine = fc.constantFrom("{", "[]", '{"chain":"EVM"}', '{"chain":"EVM","address":"a","signals":{"riskLevel":"high"}}', "", "   ");
const line = fc.oneof({ weight: 9, arbitrary: screening.map((value) => JSON.stringify(value)) }, { weight: 1, arbitrary: badLine });

async function* chunksOf(bytes: Buffer, cuts: number[]): AsyncIterable<Buffer> {
  let start = 0;
  for (const cut of [...new Set(cuts.map((at) => at % (bytes.length + 1)))].sort((a, b) => a - b)) {
    yield bytes.subarray(start, cut);
    start = cut;
  }
  yield bytes.subarray(start);
}

describe("replay agrees with decide()", () => {
  it("for every line: the same decisions, counts and line numbers", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 60 }), fc.array(fc.nat(), { maxLength: 8 }), fc.boolean(), async (lines, cuts, crlf) => {
        const text = lines.join(crlf ? "\r\n" : "\n");
        const input = { name: "generated", chunks: chunksOf(Buffer.from(text), cuts), bytesRead: () => 0, totalBytes: undefined };
        const replayer = createLineReplayer(async () => VERSIONS, {
          filter: { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION" },
          environments: ["sandbox"],
          samples: lines.length,
          now: NOW,
        });
        await replayStream(input, replayer, undefined);
        const { report } = replayer.result();
        const samples: unknown[] = [];
        const bad: number[] = [];
        const byRule = new Map<string, { base: number; head: number }>();
        lines.forEach((written, index) => {
          if (written.trim() === "") return;
          const data = JSON.parse(written === "{" ? "null" : written) as unknown;
          const valid = typeof data === "object" && data !== null && "address" in data && !written.includes("riskLevel");
          if (!valid) return bad.push(index + 1);
          const from = decide(base, data as never, { now: NOW });
          const to = decide(head, data as never, { now: NOW });
          for (const [side, by] of [["base", from.by], ["head", to.by]] as const) {
            const count = byRule.get(by) ?? { base: 0, head: 0 };
            count[side]++;
            byRule.set(by, count);
          }
          if (from.action !== to.action || from.by !== to.by) samples.push({ line: index + 1, from, to });
        });
        // Samples come weaker first; every one is kept here, so in line order they are every change.
        expect(report.samples.map(({ line, from, to }) => ({ line, from, to })).sort((a, b) => a.line - b.line)).toEqual(samples);
        expect(report.changed).toBe(samples.length);
        expect(report.badLines.reduce((sum, group) => sum + group.count, 0)).toBe(bad.length);
        expect(report.badLines.flatMap((group) => group.lines).filter((number) => !bad.includes(number))).toEqual([]);
        expect(report.skipped).toBe(bad.length);
        expect(report.screenings).toBe(lines.filter((written) => written.trim() !== "").length - bad.length);
        expect(new Map(report.byRule.filter((count) => count.base + count.head > 0).map(({ by, ...count }) => [by, count]))).toEqual(byRule);
        expect(report.transitions.reduce((sum, transition) => sum + transition.count, 0)).toBe(samples.length);
      }),
      { numRuns: 150 },
    );
  });
});
