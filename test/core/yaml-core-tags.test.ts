/**
 * YAML 1.2 core schema tags (docs/decisions.md, Reading files): the standard tags
 * `!!str !!int !!float !!bool !!null !!map !!seq` are plain data and resolve as
 * the core schema says; every other tag, YAML 1.1's `!!timestamp` and `!!binary`
 * included, is a `yaml-syntax` error.
 */
import { describe, expect, it } from "vitest";
import { parseYaml } from "../../src/core/document.js";
import { lintText } from "../../src/core/lint.js";

function read(text: string): { data: unknown; problems: string[] } {
  const result = parseYaml(text);
  return { data: result.document?.data, problems: result.problems.map((problem) => `${problem.code}@${problem.range.line}:${problem.range.column} ${problem.message}`) };
}

describe("core schema tags", () => {
  it("!!float on an integer is that number, and the other core tags resolve as the core schema says", () => {
    const cases: Array<[string, unknown]> = [
      ["a: !!float 25", 25],
      ["a: !!float -3", -3],
      ["a: !!float +0", 0],
      ["a: !!float 2.5", 2.5],
      ["a: !!float 1e3", 1000],
      ['a: !!int "7"', 7],
      ["a: !!str 7", "7"],
      ["a: !!bool true", true],
      ['a: !!null ""', null],
      ["a: 25", 25],
    ];
    for (const [text, value] of cases) expect(read(text), text).toEqual({ data: { a: value }, problems: [] });
  });

  it.each([
    ["a: !!int 7.5", "!!int"],
    ["a: !!bool yes", "!!bool"],
    ["a: !!float abc", "!!float"],
  ])("%s: a core tag on a value it cannot take says so", (text, tag) => {
    expect(read(text).problems).toEqual([`yaml-syntax@1:4 this value is not a valid ${tag} in the YAML 1.2 core schema; remove the tag or fix the value`]);
  });

  it.each([
    ["a: !!timestamp 2020-01-01", "!!timestamp"],
    ["a: !!binary aGk=", "!!binary"],
  ])("%s (YAML 1.1, not core) is a custom tag", (text, tag) => {
    expect(read(text).problems).toEqual([`yaml-syntax@1:4 custom tag ${tag} is not allowed; policy files hold plain data (strings, numbers, booleans, lists, maps)`]);
  });

  it("a policy threshold written as !!float 8 lints clean", () => {
    const text = [
      "providerType: vendorAWalletScreening",
      "scope: TRANSACTION",
      "schemaVersion: 1",
      "enabled: true",
      "rules:",
      "  preScreen:",
      "    chains: [EVM]",
      "  postScreen:",
      "    - id: block-high",
      "      when:",
      "        riskScore: { gte: !!float 8 }",
      "      action: BLOCK",
      "",
    ].join("\n");
    expect(lintText("policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml", text)).toEqual([]);
  });
});
