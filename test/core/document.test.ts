import { describe, expect, it } from "vitest";
import { parseYaml, MAX_DEPTH } from "../../src/core/document.js";

function parsed(text: string) {
  const result = parseYaml(text);
  if (!result.document) throw new Error(`expected a document, got ${JSON.stringify(result.problems)}`);
  return result.document;
}

describe("parseYaml positions", () => {
  const text = ["providerType: vendorAWalletScreening", "rules:", "  postScreen:", "    - id: first", "      when:", "        riskLevel: { atLeast: high }", ""].join("\n");

  it("points at a key, 1-based, end exclusive", () => {
    expect(parsed(text).locate(["rules", "postScreen", 0, "when", "riskLevel"], "key")).toEqual({ line: 6, column: 9, endLine: 6, endColumn: 18 });
  });

  it("points at a scalar value by default", () => {
    expect(parsed(text).locate(["rules", "postScreen", 0, "id"])).toEqual({ line: 4, column: 11, endLine: 4, endColumn: 16 });
  });

  it("points at a collection's key by default, and at the first line of a keyless collection", () => {
    expect(parsed(text).locate(["rules", "postScreen"])).toEqual({ line: 3, column: 3, endLine: 3, endColumn: 13 });
    expect(parsed(text).locate(["rules", "postScreen", 0])).toMatchObject({ line: 4, column: 7, endLine: 4 });
  });

  it("falls back to the nearest existing ancestor for a missing path", () => {
    expect(parsed(text).locate(["rules", "preScreen", "chains"])).toMatchObject({ line: 2, column: 1 });
  });

  it("does not count a byte-order mark in columns", () => {
    expect(parsed(`\uFEFF${text}`).locate(["providerType"])).toEqual({ line: 1, column: 15, endLine: 1, endColumn: 37 });
  });

  it("reads CRLF files with the same lines and columns", () => {
    expect(parsed(text.replace(/\n/g, "\r\n")).locate(["rules", "postScreen", 0, "id"])).toEqual({ line: 4, column: 11, endLine: 4, endColumn: 16 });
  });
});

describe("parseYaml refuses what cannot be trusted", () => {
  const problemsOf = (text: string) => parseYaml(text).problems.map((p) => ({ code: p.code, line: p.range.line, column: p.range.column }));

  it("reports duplicate keys with both places", () => {
    const result = parseYaml("enabled: true\nscope: SIGN_IN\nenabled: false\n");
    expect(result.document).toBeUndefined();
    expect(result.problems).toEqual([
      { code: "duplicate-key", message: 'key "enabled" is defined twice (first on line 1); YAML duplicate keys are errors, never "last wins"', range: { line: 3, column: 1, endLine: 3, endColumn: 8 } },
    ]);
  });

  it("reports tabs used as indentation", () => {
    expect(problemsOf("rules:\n\tpreScreen: {}\n")[0]).toMatchObject({ code: "yaml-syntax", line: 2 });
  });

  it("reports a second document in one file at its start", () => {
    expect(problemsOf("scope: SIGN_IN\n---\nscope: TRANSACTION\n")).toEqual([{ code: "yaml-syntax", line: 2, column: 1 }]);
  });

  it("refuses custom tags such as !!js/function", () => {
    const [problem] = parseYaml("when: !!js/function 'function () { return true }'\n").problems;
    expect(problem?.code).toBe("yaml-syntax");
    expect(problem?.message).toContain("custom tag !!js/function is not allowed");
  });

  it("refuses an alias bomb without expanding it", () => {
    let bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (let i = 1; i < 10; i++) bomb += `a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(", ")}]\n`;
    // 10^10 nodes expanded: a parser that expands it never returns (the test timeout).
    const result = parseYaml(bomb);
    expect(result.document).toBeUndefined();
    expect(result.problems[0]?.message).toMatch(/alias/i);
  });

  it(`refuses nesting deeper than ${MAX_DEPTH} levels, and survives 10,000`, () => {
    for (const depth of [MAX_DEPTH + 2, 10_000]) {
      const result = parseYaml(`rules: ${"[".repeat(depth)}${"]".repeat(depth)}\n`);
      expect(result.document).toBeUndefined();
      expect(result.problems[0]?.code).toBe("yaml-syntax");
    }
  });

  it("keeps __proto__ and constructor as plain keys, polluting nothing", () => {
    const document = parsed("__proto__: { polluted: true }\nconstructor: { prototype: { polluted: true } }\n");
    expect(Object.keys(document.data as object)).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(document.data)).toBe(Object.prototype);
  });

  it("reads YAML 1.1 booleans as strings (YAML 1.2 core)", () => {
    expect(parsed("enabled: no\nisEnabled: on\n").data).toEqual({ enabled: "no", isEnabled: "on" });
  });

  it("reads an empty file as null, not as an error", () => {
    expect(parseYaml("").problems).toEqual([]);
    expect(parseYaml("").document?.data).toBeNull();
  });
});
