import { describe, expect, it } from "vitest";
import { formatReplayPretty } from "../../../src/core/formats/replay.js";
import { createReplayTally } from "../../../src/core/replay/tally.js";
import { createRedrawGate, formatReplayProgress } from "../../../src/core/replay/progress.js";
import { readReplayLine } from "../../../src/core/replay/line.js";
import { beyondSkippedBound, readSkippedBound } from "../../../src/core/replay/skipped-bound.js";

const SANDBOX_A_TX = { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION" } as const;
const LIVE_B_SIGN_IN = { environment: "live", providerType: "vendorBAddressScreening", scope: "SIGN_IN" } as const;
const ONE_POLICY = () => ({ base: ["a", "gone"], head: ["a", "b", "c"] });

describe("the replay tally", () => {
  it("counts a change of rule with the same action as a change, orders weaker first, groups bad lines by message", () => {
    const tally = createReplayTally({ samples: 2 });
    const policy = tally.subject(SANDBOX_A_TX);
    expect(policy.decided(1, { action: "BLOCK", by: "a" }, { action: "BLOCK", by: "a" })).toBe(false);
    expect(policy.decided(2, { action: "ALLOW", by: "terminal-allow" }, { action: "ALERT", by: "b" })).toBe(true);
    policy.decided(3, { action: "BLOCK", by: "a" }, { action: "BLOCK", by: "c" });
    policy.decided(4, { action: "BLOCK", by: "a" }, { action: "ALLOW", by: "pre-screen" });
    tally.bad(5, "not valid JSON");
    tally.bad(6, "not valid JSON");
    tally.bad(7, "not a screening: a JSON array, not an object");
    tally.filtered();
    expect(tally.lines).toBe(8);
    const report = tally.report(ONE_POLICY);
    const byRule = [
      { by: "pre-screen", base: 0, head: 1 },
      { by: "a", base: 3, head: 1 },
      { by: "b", base: 0, head: 1 },
      { by: "c", base: 0, head: 1 },
      { by: "gone", base: 0, head: 0 },
      { by: "terminal-allow", base: 1, head: 0 },
    ];
    const transitions = [
      { from: "BLOCK", to: "ALLOW", count: 1 },
      { from: "ALLOW", to: "ALERT", count: 1 },
      { from: "BLOCK", to: "BLOCK", count: 1 },
    ];
    expect(report).toEqual({
      version: 1,
      screenings: 4,
      skipped: 3,
      filtered: 1,
      changed: 3,
      transitions,
      byRule,
      samples: [
        { line: 4, ...SANDBOX_A_TX, from: { action: "BLOCK", by: "a" }, to: { action: "ALLOW", by: "pre-screen" } },
        { line: 2, ...SANDBOX_A_TX, from: { action: "ALLOW", by: "terminal-allow" }, to: { action: "ALERT", by: "b" } },
        { line: 3, ...SANDBOX_A_TX, from: { action: "BLOCK", by: "a" }, to: { action: "BLOCK", by: "c" } },
      ],
      badLines: [
        { line: 5, error: "not valid JSON", count: 2, lines: [5, 6] },
        { line: 7, error: "not a screening: a JSON array, not an object", count: 1, lines: [7] },
      ],
      unknownValues: [],
      subjects: [{ ...SANDBOX_A_TX, screenings: 4, changed: 3, transitions, byRule }],
    });
    expect(formatReplayPretty(report, { base: "HEAD (1234567)", head: "working tree" })).toBe(
      [
        "Replay of sandbox/vendorAWalletScreening/TRANSACTION: base HEAD (1234567), head working tree",
        "4 screenings, 3 changed, 3 lines skipped, 1 line of other policies filtered out",
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
        "Changed screenings (3):",
        "  line 4: BLOCK (a) -> ALLOW (pre-screen)",
        "  line 2: ALLOW (terminal-allow) -> ALERT (b)",
        "  line 3: BLOCK (a) -> BLOCK (c)",
        "",
        "Skipped lines (3):",
        "  lines 5, 6: not valid JSON",
        "  line 7: not a screening: a JSON array, not an object",
        "",
      ].join("\n"),
    );
  });

  it("keeps at most --samples per transition, the smallest line numbers whatever the order fed, the most weakening first", () => {
    const tally = createReplayTally({ samples: 2 });
    const policy = tally.subject(SANDBOX_A_TX);
    const decision = (action: "BLOCK" | "ALERT" | "ALLOW", by: string) => ({ action, by });
    // Re-attributions first in the file, as in the export whose BLOCK -> ALLOW they hid.
    for (const line of [1, 2, 3, 4]) policy.decided(line, decision("BLOCK", "a"), decision("BLOCK", "b"));
    for (const line of [9, 7, 5, 8]) policy.decided(line, decision("BLOCK", "a"), decision("ALLOW", "pre-screen"));
    policy.decided(10, decision("ALLOW", "terminal-allow"), decision("BLOCK", "a"));
    policy.decided(11, decision("ALERT", "c"), decision("ALLOW", "terminal-allow"));
    policy.decided(12, decision("BLOCK", "a"), decision("ALERT", "c"));
    policy.decided(13, decision("ALLOW", "terminal-allow"), decision("ALERT", "c"));
    policy.decided(14, decision("ALERT", "c"), decision("BLOCK", "a"));
    policy.decidedMany(decision("BLOCK", "a"), decision("ALLOW", "pre-screen"), 1000);
    const report = tally.report(() => ({ base: ["a", "b", "c"], head: ["a", "b", "c"] }));
    expect(report.samples.map((sample) => `${sample.line} ${sample.from.action}->${sample.to.action}`)).toEqual([
      "5 BLOCK->ALLOW",
      "7 BLOCK->ALLOW",
      "12 BLOCK->ALERT",
      "11 ALERT->ALLOW",
      "10 ALLOW->BLOCK",
      "14 ALERT->BLOCK",
      "13 ALLOW->ALERT",
      "1 BLOCK->BLOCK",
      "2 BLOCK->BLOCK",
    ]);
    expect(report.transitions[0]).toEqual({ from: "BLOCK", to: "ALLOW", count: 1004 });
    expect([report.screenings, report.changed]).toEqual([1013, 1013]);
    expect(formatReplayPretty(report, { base: "b", head: "h" })).toContain("\nChanged screenings (9 of 1,013, weaker first):\n  line 5: BLOCK (a) -> ALLOW (pre-screen)\n");
    const none = createReplayTally({ samples: 0 });
    none.subject(SANDBOX_A_TX).decided(1, decision("BLOCK", "a"), decision("ALLOW", "pre-screen"));
    expect(none.report(() => ({ base: [], head: [] })).samples).toEqual([]);
  });

  it("reports each policy apart, in a fixed order, with totals over them all", () => {
    const tally = createReplayTally();
    tally.subject(SANDBOX_A_TX).decided(1, { action: "BLOCK", by: "a" }, { action: "ALERT", by: "b" });
    tally.subject(LIVE_B_SIGN_IN).decided(2, { action: "BLOCK", by: "a" }, { action: "ALERT", by: "x" });
    tally.subject(LIVE_B_SIGN_IN).decided(3, { action: "ALLOW", by: "terminal-allow" }, { action: "ALLOW", by: "terminal-allow" });
    tally.subject({ ...SANDBOX_A_TX, scope: "SIGN_IN" });
    const rules = (subject: { environment: string }) => (subject.environment === "live" ? { base: ["a"], head: ["a", "x"] } : { base: ["a", "b"], head: ["a", "b"] });
    const report = tally.report(rules);
    expect(report.subjects.map((subject) => [subject.environment, subject.providerType, subject.scope, subject.screenings, subject.changed])).toEqual([
      ["live", "vendorBAddressScreening", "SIGN_IN", 2, 1],
      ["sandbox", "vendorAWalletScreening", "SIGN_IN", 0, 0],
      ["sandbox", "vendorAWalletScreening", "TRANSACTION", 1, 1],
    ]);
    expect(report.transitions).toEqual([{ from: "BLOCK", to: "ALERT", count: 2 }]);
    // Over several policies the top-level table adds up each rule id or step: each side still adds up to `screenings`.
    expect(report.byRule).toEqual([
      { by: "a", base: 2, head: 0 },
      { by: "x", base: 0, head: 1 },
      { by: "b", base: 0, head: 1 },
      { by: "terminal-allow", base: 1, head: 1 },
    ]);
    expect(formatReplayPretty(report, { base: "live", subjectBases: new Map([["live/vendorBAddressScreening/SIGN_IN", "live revision 4"]]), head: "working tree" })).toBe(
      [
        "Replay of 3 policies: base live, head working tree",
        "3 screenings, 2 changed, 0 lines skipped",
        "",
        "live/vendorBAddressScreening/SIGN_IN (base live revision 4): 2 screenings, 1 changed",
        "",
        "  Weaker (less strict) decisions:",
        "    BLOCK -> ALERT: 1",
        "",
        "  By deciding rule or step (base -> head):",
        "    a               1 -> 0",
        "    x               0 -> 1",
        "    terminal-allow  1 -> 1",
        "",
        "  Changed screenings (1):",
        "    line 2: BLOCK (a) -> ALERT (x)",
        "",
        "sandbox/vendorAWalletScreening/SIGN_IN: 0 screenings, 0 changed",
        "",
        "  By deciding rule or step (base -> head):",
        "    a  0 -> 0",
        "    b  0 -> 0",
        "",
        "sandbox/vendorAWalletScreening/TRANSACTION: 1 screening, 1 changed",
        "",
        "  Weaker (less strict) decisions:",
        "    BLOCK -> ALERT: 1",
        "",
        "  By deciding rule or step (base -> head):",
        "    a  1 -> 0",
        "    b  0 -> 1",
        "",
        "  Changed screenings (1):",
        "    line 1: BLOCK (a) -> ALERT (b)",
        "",
      ].join("\n"),
    );
  });

  it("counts each unknown value once per screening, and makes a line bad past 100 distinct ones", () => {
    const tally = createReplayTally();
    expect(tally.unknown(3, [{ signal: "exposure", value: "bridge_exploit" }, { signal: "cluster", value: "bridge_exploit" }])).toBeUndefined();
    expect(tally.unknown(4, [{ signal: "exposure", value: "bridge_exploit" }])).toBeUndefined();
    for (let index = 0; index < 98; index++) expect(tally.unknown(10 + index, [{ signal: "entity", value: `new_${index}` }])).toBeUndefined();
    expect(tally.unknown(200, [{ signal: "exposure", value: "bridge_exploit" }])).toBeUndefined();
    expect(tally.unknown(201, [{ signal: "exposure", value: "one_too_many" }])).toBe(
      'exposure category "one_too_many" is not in the vendor\'s list, and 100 other unknown values came before it: more than a vendor\'s new categories',
    );
    const report = tally.report(() => ({ base: [], head: [] }));
    expect(report.unknownValues).toHaveLength(100);
    expect(report.unknownValues.slice(0, 3)).toEqual([
      { signal: "exposure", value: "bridge_exploit", count: 3, line: 3 },
      { signal: "cluster", value: "bridge_exploit", count: 1, line: 3 },
      { signal: "entity", value: "new_0", count: 1, line: 10 },
    ]);
    expect(formatReplayPretty(report, { base: "b", head: "h" }).split("\n").slice(2, 6)).toEqual([
      "",
      "Unknown signal values (--strict skips their lines instead):",
      '  exposure category "bridge_exploit": 3 screenings (decided as matching no rule that names a category)',
      '  cluster category "bridge_exploit": 1 screening (decided as matching no rule that names a category)',
    ]);
  });

  it("keeps 100 kinds of bad line with their first 5 line numbers, and counts the rest", () => {
    const tally = createReplayTally();
    for (let line = 1; line <= 30; line++) tally.bad(line, "not valid JSON: it ends early");
    for (let kind = 0; kind < 120; kind++) tally.bad(100 + kind, `kind ${kind}`);
    const report = tally.report(() => ({ base: [], head: [] }));
    expect(report.skipped).toBe(150);
    expect(report.badLines).toHaveLength(100);
    expect(report.badLines[0]).toEqual({ line: 1, error: "not valid JSON: it ends early", count: 30, lines: [1, 2, 3, 4, 5] });
    const pretty = formatReplayPretty(report, { base: "b", head: "h" });
    expect(pretty).toContain("\nSkipped lines (150):\n  30 lines, first 1, 2, 3, 4, 5: not valid JSON: it ends early\n  line 100: kind 0\n");
    expect(pretty.endsWith("  line 198: kind 98\n  and 21 more lines with other messages\n")).toBe(true);
    const long = createReplayTally();
    long.bad(1, "x".repeat(10_000));
    expect(long.report(() => ({ base: [], head: [] })).badLines[0]!.error).toBe(`${"x".repeat(499)}…`);
  });

  it("says so when nothing changed, and names no policy when no line was of one", () => {
    const tally = createReplayTally();
    tally.subject(SANDBOX_A_TX).decided(1, { action: "ALLOW", by: "policy-disabled" }, { action: "ALLOW", by: "policy-disabled" });
    expect(formatReplayPretty(tally.report(() => ({ base: [], head: [] })), { base: "b", head: "h" })).toBe(
      "Replay of sandbox/vendorAWalletScreening/TRANSACTION: base b, head h\n1 screening, 0 changed, 0 lines skipped\n\nNo decision changes.\n\nBy deciding rule or step (base -> head):\n  policy-disabled  1 -> 1\n",
    );
    expect(formatReplayPretty(createReplayTally().report(() => ({ base: [], head: [] })), { base: "b", head: "h" })).toBe("Replay: base b, head h\n0 screenings, 0 changed, 0 lines skipped\n");
  });

  it("separates thousands, the same on every machine", () => {
    const transitions = [{ from: "BLOCK" as const, to: "ALERT" as const, count: 321_432 }];
    const byRule = [{ by: "rule-01", base: 1_000_000, head: 678_568 }];
    const report = {
      version: 1 as const,
      screenings: 2_789_376,
      skipped: 1_200,
      filtered: 0,
      changed: 321_432,
      transitions,
      byRule,
      samples: [],
      badLines: [{ line: 7, error: "e", count: 1_200, lines: [7, 8, 9, 10, 11] }],
      unknownValues: [{ signal: "exposure" as const, value: "bridge_exploit", count: 26_981, line: 3 }],
      subjects: [{ ...SANDBOX_A_TX, screenings: 2_789_376, changed: 321_432, transitions, byRule }],
    };
    expect(formatReplayPretty(report, { base: "b", head: "h" }).split("\n").filter((line) => /\d{4}|,\d{3}/.test(line))).toEqual([
      "2,789,376 screenings, 321,432 changed, 1,200 lines skipped",
      "  BLOCK -> ALERT: 321,432",
      "  rule-01  1,000,000 -> 678,568",
      '  exposure category "bridge_exploit": 26,981 screenings (decided as matching no rule that names a category)',
      "Skipped lines (1,200):",
      "  1,200 lines, first 7, 8, 9, 10, 11: e",
    ]);
  });
});

describe("--max-skipped", () => {
  it("reads a count or a share, and is passed only above it", () => {
    expect(readSkippedBound("0")).toEqual({ kind: "lines", max: 0, text: "0" });
    expect(readSkippedBound("0.5%")).toEqual({ kind: "share", percent: 0.5, text: "0.5%" });
    for (const text of ["", "-1", "1.5", "101%", "5 %", "%", "1e3", "0.1234%"]) expect(readSkippedBound(text)).toBeUndefined();
    const lines = readSkippedBound("2")!;
    expect(beyondSkippedBound(lines, { screenings: 100, skipped: 2 })).toBeUndefined();
    expect(beyondSkippedBound(lines, { screenings: 100, skipped: 3 })).toBe("3 lines skipped, more than --max-skipped 2");
    const share = readSkippedBound("0.3%")!;
    // 3 of 1,000 is exactly 0.3%: within (no float rounding decides it).
    expect(beyondSkippedBound(share, { screenings: 997, skipped: 3 })).toBeUndefined();
    expect(beyondSkippedBound(share, { screenings: 996, skipped: 4 })).toBe("4 lines of 1,000 skipped (0.4%), more than --max-skipped 0.3%");
    expect(beyondSkippedBound(readSkippedBound("0%")!, { screenings: 0, skipped: 0 })).toBeUndefined();
  });
});

const CONTEXT = { filter: { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION" }, environments: ["sandbox", "live"], unknownCategories: "accept" } as const;
const NO_FLAGS = { ...CONTEXT, filter: {} };

describe("a replay line", () => {
  it("names the problem in one line and never echoes the input", () => {
    const secret = "x".repeat(50);
    const reading = readReplayLine(`{"chain":"EVM","address":"${secret}",}`, CONTEXT);
    expect(reading).toEqual({ kind: "bad", error: expect.stringMatching(/^not valid JSON at column \d+$/) });
    expect(readReplayLine(`{"chain":"EVM"`, CONTEXT)).toEqual({ kind: "bad", error: expect.stringMatching(/^not valid JSON/) });
    expect(readReplayLine("null", CONTEXT)).toEqual({ kind: "bad", error: "not a screening: a JSON null, not an object" });
    expect(readReplayLine("7", CONTEXT)).toEqual({ kind: "bad", error: "not a screening: a JSON number, not an object" });
    const two = readReplayLine('{"chain":"EVM","address":"a","transfer":{"amountUsd":-1},"signals":{"riskScore":11}}', CONTEXT);
    expect(two).toEqual({ kind: "bad", error: expect.stringMatching(/ \(and 1 more problem\)$/) });
    expect(readReplayLine('{"chain":"EVM","address":"a","transfer":{}}', { ...CONTEXT, filter: { ...CONTEXT.filter, scope: "SIGN_IN" } })).toEqual({
      kind: "bad",
      error: "transfer: a SIGN_IN screening has no transfer: there is no amount or token at sign-in",
    });
  });

  it("takes its policy from its own members, the flags standing in for those it leaves out and filtering the rest", () => {
    const screening = { chain: "EVM", address: "a", signals: { riskScore: 3 } };
    const line = (members: object) => JSON.stringify({ ...members, ...screening });
    expect(readReplayLine(line({ environment: "live", providerType: "vendorAWalletScreening", scope: "SIGN_IN" }), NO_FLAGS)).toEqual({
      kind: "screening",
      subject: { environment: "live", providerType: "vendorAWalletScreening", scope: "SIGN_IN" },
      screening: { scope: "SIGN_IN", ...screening },
    });
    expect(readReplayLine(line({ scope: "TRANSACTION" }), CONTEXT)).toEqual({ kind: "screening", subject: CONTEXT.filter, screening: { scope: "TRANSACTION", ...screening } });
    for (const other of [{ environment: "live" }, { providerType: "vendorBAddressScreening" }, { scope: "SIGN_IN" }, { providerType: "vendorC" }]) {
      expect(readReplayLine(line(other), CONTEXT)).toEqual({ kind: "filtered" });
    }
    expect(readReplayLine(line({}), NO_FLAGS)).toEqual({ kind: "bad", error: 'no environment: the line has no "environment" and --env is not given' });
    expect(readReplayLine(line({ environment: "live" }), NO_FLAGS)).toEqual({ kind: "bad", error: 'no vendor: the line has no "providerType" and --vendor is not given' });
    expect(readReplayLine(line({ environment: "live", providerType: "vendorAWalletScreening" }), NO_FLAGS)).toEqual({ kind: "bad", error: 'no scope: the line has no "scope" and --scope is not given' });
    const full = { environment: "live", providerType: "vendorAWalletScreening", scope: "SIGN_IN" };
    expect(readReplayLine(line({ ...full, environment: "prod" }), NO_FLAGS)).toEqual({ kind: "bad", error: 'environment: "prod" is not declared in screenpol.config.yaml (declared: sandbox, live)' });
    expect(readReplayLine(line({ ...full, providerType: "vendorC" }), NO_FLAGS)).toEqual({ kind: "bad", error: 'providerType: "vendorC" is not one of vendorAWalletScreening, vendorBAddressScreening' });
    expect(readReplayLine(line({ ...full, scope: "LOGIN" }), NO_FLAGS)).toEqual({ kind: "bad", error: 'scope: "LOGIN" is not one of SIGN_IN, TRANSACTION' });
    expect(readReplayLine(line({ ...full, environment: 7 }), NO_FLAGS)).toEqual({ kind: "bad", error: "environment: must be a string, not 7" });
    expect(readReplayLine(line({ scope: null }), CONTEXT)).toEqual({ kind: "bad", error: "scope: must be a string, not null" });
  });

  it("decides a category the vendor's list does not have as an unknown value, or under --strict refuses it", () => {
    const text =
      '{"chain":"EVM","address":"a","signals":{"exposures":[{"category":"bridge_exploit","direction":"direct","percent":40},{"category":"bridge_exploit","direction":"indirect","percent":2},{"category":"darknet","direction":"direct","percent":1}],"cluster":{"category":"bridge_exploit"}}}';
    expect(readReplayLine(text, CONTEXT)).toMatchObject({
      kind: "screening",
      unknownValues: [
        { signal: "exposure", value: "bridge_exploit" },
        { signal: "exposure", value: "darknet" },
        { signal: "cluster", value: "bridge_exploit" },
      ],
    });
    expect(readReplayLine(text, { ...CONTEXT, unknownCategories: "refuse" })).toEqual({
      kind: "bad",
      error: expect.stringMatching(/^signals\.exposures\[0\]\.category: "bridge_exploit" is not one of darknet_market, .* \(and 3 more problems\)$/),
    });
    // Only a category: another problem of the same line still makes it bad, and a long string or a number is no category.
    expect(readReplayLine('{"chain":"EVM","address":"a","signals":{"riskScore":12,"cluster":{"category":"bridge_exploit"}}}', CONTEXT)).toEqual({
      kind: "bad",
      error: "signals.riskScore: 12 is out of range: must be <= 10",
    });
    expect(readReplayLine(`{"chain":"EVM","address":"a","signals":{"cluster":{"category":"${"z".repeat(65)}"}}}`, CONTEXT)).toMatchObject({ kind: "bad" });
    expect(readReplayLine('{"chain":"EVM","address":"a","signals":{"cluster":{"category":7}}}', CONTEXT)).toMatchObject({ kind: "bad" });
  });
});

describe("the progress line", () => {
  it("shows lines, the rate, and the share only when the size is known", () => {
    expect(formatReplayProgress({ lines: 1_234_567, share: { done: 430, total: 1000 }, elapsedMs: 2000 })).toBe("replay: 1,234,567 lines, 617,284 lines/s, 43%");
    expect(formatReplayProgress({ lines: 10, share: undefined, elapsedMs: 0 })).toBe("replay: 10 lines, 0 lines/s");
    // A pair, floored once: 29 of 100 is 29% (0.29 * 100 would floor to 28); never above 100; no share of nothing.
    expect(formatReplayProgress({ lines: 29, share: { done: 29, total: 100 }, elapsedMs: 0 })).toBe("replay: 29 lines, 0 lines/s, 29%");
    expect(formatReplayProgress({ lines: 1, share: { done: 2, total: 3 }, elapsedMs: 0 })).toBe("replay: 1 lines, 0 lines/s, 66%");
    expect(formatReplayProgress({ lines: 1, share: { done: 12, total: 10 }, elapsedMs: 0 })).toBe("replay: 1 lines, 0 lines/s, 100%");
    expect(formatReplayProgress({ lines: 1, share: { done: 0, total: 0 }, elapsedMs: 0 })).toBe("replay: 1 lines, 0 lines/s");
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
