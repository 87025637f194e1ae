import { describe, expect, it } from "vitest";
import { lintText } from "../../src/core/lint.js";

const FILE = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
const policy = (version: number, when: string, extra = "") => `providerType: vendorAWalletScreening
scope: SIGN_IN
schemaVersion: ${version}
enabled: true${extra}
rules:
  preScreen:
    chains: [EVM]
  postScreen:
    - id: block-high
      when:
${when}
      action: BLOCK
`;

const messages = (text: string) => lintText(FILE, text).map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`);

describe("schema findings are written for a person", () => {
  it("says anyOf needs schemaVersion 2", () => {
    expect(messages(policy(1, "        anyOf:\n          - riskScore: { gte: 9 }"))).toEqual([
      "11:9 schema rules.postScreen[0].when.anyOf: anyOf needs schemaVersion 2; this policy declares schemaVersion 1",
    ]);
    expect(messages(policy(2, "        anyOf:\n          - riskScore: { gte: 9 }"))).toEqual([]);
  });

  it("explains a YAML 1.1 boolean", () => {
    expect(messages(policy(1, "        riskScore: { gte: 9 }").replace("enabled: true", "enabled: no"))).toEqual([
      '4:10 schema enabled: must be a boolean, not "no" (YAML 1.2 reads no as text; write false)',
    ]);
  });

  it("suggests the closest field and the closest enum value", () => {
    expect(messages(policy(1, "        riskScore: { gte: 9 }").replace("action: BLOCK", "action: BLOK"))).toEqual([
      '12:15 schema rules.postScreen[0].action: "BLOK" is not one of BLOCK, ALERT, ALLOW (did you mean BLOCK?)',
    ]);
    expect(messages(policy(1, "        riskScor: { gte: 9 }"))).toEqual([
      'rules.postScreen[0].when.riskScor: unknown field "riskScor"; did you mean "riskScore"?',
    ].map((m) => `11:9 schema ${m}`));
  });

  it("says the file is empty", () => {
    expect(messages("")).toEqual(["1:1 schema the file is empty"]);
    expect(messages("# only a comment\n")).toEqual(["1:1 schema the file is empty"]);
  });

  it("asks to quote a number where text is meant", () => {
    expect(messages(policy(1, "        riskScore: { gte: 9 }").replace("id: block-high", "id: 12"))).toEqual([
      '9:11 schema rules.postScreen[0].id: must be a string, not 12 (quote it: "12")',
    ]);
  });
});
