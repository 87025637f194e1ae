import { describe, expect, it } from "vitest";
import { formatReplayPretty } from "../../../src/core/formats/replay.js";
import { createReplayTally } from "../../../src/core/replay/tally.js";
import { createRedrawGate, formatReplayProgress } from "../../../src/core/replay/progress.js";
import { readReplayLine } from "../../../src/core/replay/line.js";

describe("the replay tally", () => {
  it("counts a change of rule with the same action as a change, orders weaker first, keeps the first samples and bad lines", () => {
    const tally = createReplayTally({ samples: 2, badLinesKept: 1 });
    tally.decided(1, { action: "BLOCK", by: "a" }, { action: "BLOCK", by: "a" });
    tally.decided(2, { action: "ALLOW", by: "terminal-allow" }, { action: "ALERT", by: "b" });
    tally.decided(3, { action: "BLOCK", by: "a" }, { action: "BLOCK", by: "c" });
    tally.decided(4, { action: "BLOCK", by: "a" }, { action: "ALLOW", by: "pre-screen" });
    tally.bad(5, "not valid JSON");
    tally.bad(6, "not valid JSON");
    expect(tally.lines).toBe(6);
    const report = tally.report({ base: ["a", "gone"], head: ["a", "b", "c"] });
    expect(report).toEqual({
      version: 1,
      screenings: 4,
      skipped: 2,
      changed: 3,
      transitions: [
        { from: "BLOCK", to: "ALLOW", count: 1 },
        { from: "ALLOW", to: "ALERT", count: 1 },
        { from: "BLOCK", to: "BLOCK", count: 1 },
      ],
      byRule: [
        { by: "pre-screen", base: 0, head: 1 },
        { by: "a", base: 3, head: 1 },
        { by: "b", base: 0, head: 1 },
        { by: "c", base: 0, head: 1 },
        { by: "gone", base: 0, head: 0 },
        { by: "terminal-allow", base: 1, head: 0 },
      ],
      samples: [
        { line: 2, from: { action: "ALLOW", by: "terminal-allow" }, to: { action: "ALERT", by: "b" } },
        { line: 3, from: { action: "BLOCK", by: "a" }, to: { action: "BLOCK", by: "c" } },
      ],
      badLines: [{ line: 5, error: "not valid JSON" }],
    });
    expect(formatReplayPretty(report, { target: "sandbox/vendorAWalletScreening/TRANSACTION", base: "HEAD (1234567)", head: "working tree" })).toBe(
      [
        "Replay of sandbox/vendorAWalletScreening/TRANSACTION: base HEAD (1234567), head working tree",
        "4 screenings, 3 changed, 2 lines skipped",
        "",
        "Weaker (less strict) decisions:",
        "  BLOCK -> ALLOW: 1",
        "",
        "Stricter decisions:",
        "  ALLOW -> ALERT: 1",
        "",
        "Same action, decided by another rule or step:",
        "  BLOCK -> BLOCK: 1",
        "",
        "By deciding rule or step (base -> head):",
        "  pre-screen      0 -> 1",
        "  a               3 -> 1",
        "  b               0 -> 1",
        "  c               0 -> 1",
        "  gone            0 -> 0",
        "  terminal-allow  1 -> 0",
        "",
        "Changed screenings (first 2 of 3):",
        "  line 2: ALLOW (terminal-allow) -> ALERT (b)",
        "  line 3: BLOCK (a) -> BLOCK (c)",
        "",
        "Skipped lines (first 1 of 2):",
        "  line 5: not valid JSON",
        "",
      ].join("\n"),
    );
  });

  it("says so when nothing changed", () => {
    const tally = createReplayTally();
    tally.decided(1, { action: "ALLOW", by: "policy-disabled" }, { action: "ALLOW", by: "policy-disabled" });
    expect(formatReplayPretty(tally.report({ base: [], head: [] }), { target: "t", base: "b", head: "h" })).toBe(
      "Replay of t: base b, head h\n1 screening, 0 changed, 0 lines skipped\n\nNo decision changes.\n\nBy deciding rule or step (base -> head):\n  policy-disabled  1 -> 1\n",
    );
  });
  it("separates thousands, the same on every machine", () => {
    const report = { version: 1 as const, screenings: 2_789_376, skipped: 1_200, changed: 321_432, transitions: [{ from: "BLOCK" as const, to: "ALERT" as const, count: 321_432 }], byRule: [{ by: "rule-01", base: 1_000_000, head: 678_568 }], samples: [], badLines: [] };
    expect(formatReplayPretty(report, { target: "t", base: "b", head: "h" }).split("\n").filter((line) => /\d{4}|,\d{3}/.test(line))).toEqual([
      "2,789,376 screenings, 321,432 changed, 1,200 lines skipped",
      "  BLOCK -> ALERT: 321,432",
      "  rule-01  1,000,000 -> 678,568",
    ]);
  });
});

describe("a replay line", () => {
  it("names the problem in one line and never echoes the input", () => {
    const secret = "x".repeat(50);
    const reading = readReplayLine(`{"chain":"EVM","address":"${secret}",}`, "vendorAWalletScreening", "TRANSACTION");
    expect(reading).toEqual({ ok: false, error: expect.stringMatching(/^not valid JSON at column \d+$/) });
    expect(readReplayLine(`{"chain":"EVM"`, "vendorAWalletScreening", "TRANSACTION")).toEqual({ ok: false, error: expect.stringMatching(/^not valid JSON/) });
    expect(readReplayLine("null", "vendorAWalletScreening", "TRANSACTION")).toEqual({ ok: false, error: "not a screening: a JSON null, not an object" });
    expect(readReplayLine("7", "vendorAWalletScreening", "TRANSACTION")).toEqual({ ok: false, error: "not a screening: a JSON number, not an object" });
    const two = readReplayLine('{"chain":"EVM","address":"a","transfer":{"amountUsd":-1},"signals":{"riskScore":11}}', "vendorAWalletScreening", "TRANSACTION");
    expect(two).toEqual({ ok: false, error: expect.stringMatching(/ \(and 1 more problem\)$/) });
    expect(readReplayLine('{"chain":"EVM","address":"a","transfer":{}}', "vendorAWalletScreening", "SIGN_IN")).toEqual({
      ok: false,
      error: "transfer: a SIGN_IN screening has no transfer: there is no amount or token at sign-in",
    });
  });
});

describe("the progress line", () => {
  it("shows lines, the rate, and the share only when the size is known", () => {
    expect(formatReplayProgress({ lines: 1_234_567, bytes: 430, totalBytes: 1000, elapsedMs: 2000 })).toBe("replay: 1,234,567 lines, 617,284 lines/s, 43%");
    expect(formatReplayProgress({ lines: 10, bytes: 430, totalBytes: undefined, elapsedMs: 0 })).toBe("replay: 10 lines, 0 lines/s");
  });

  it("redraws at most once per interval, reading the clock every stride calls", () => {
    let clock = 0;
    let reads = 0;
    const gate = createRedrawGate(() => (reads++, clock), 100, 4);
    const draws: number[] = [];
    for (let call = 1; call <= 40; call++) {
      clock += 10;
      if (gate()) draws.push(call);
    }
    // 400 ms of calls: a redraw on the first clock reading at or past each 100 ms.
    expect(draws).toEqual([12, 24, 36]);
    expect(reads).toBe(1 + 10);
  });
});
