/**
 * Reading a policy test file (semantics.md section 3): findings at their
 * line:column through the lint runner, cases with their lines, and the editor
 * schema that checks each screening as its header's vendor.
 */
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { toConfig } from "../../../src/core/config.js";
import { parseYaml } from "../../../src/core/document.js";
import { editorTestSchema } from "../../../src/core/editor-schema.js";
import { lintSources } from "../../../src/core/lint.js";
import { policyTestFindings, readPolicyTest } from "../../../src/core/semantics/test-file.js";
import { parse } from "yaml";

const config = toConfig({ environments: { sandbox: { id: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", kind: "sandbox" } } });
const FILE = "tests/sandbox/vendorAWalletScreening/TRANSACTION.test.yaml";
const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";

const GOOD = `# yaml-language-server: $schema=../../../schemas/policy-test.schema.json
environment: sandbox
providerType: vendorAWalletScreening
scope: TRANSACTION
cases:
  - name: direct mixer exposure is blocked
    screening:
      chain: EVM
      address: "0x52908400098527886E0F7030069857D2E4169EE7"
      transfer: { amountUsd: 1200 }
      signals:
        exposures: [{ category: mixer, direction: direct, percent: 12.5 }]
    expect: { action: BLOCK, by: block-mixers }
  - expect: { action: ALLOW }
    name: no signals
    screening: { chain: EVM, address: "0x52908400098527886E0F7030069857D2E4169EE7" }
`;

/** `line:column code message` of every finding, as a user reads them. */
function findingsOf(text: string, knownPolicies?: ReadonlySet<string>): string[] {
  return lintSources([{ file: FILE, text }], { config, knownPolicies }).diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`);
}

describe("a policy test file", () => {
  it("reads into cases with the line each starts at, by optional", () => {
    expect(findingsOf(GOOD, new Set([POLICY]))).toEqual([]);
    const test = readPolicyTest(FILE, parseYaml(GOOD).document!);
    expect(test).toMatchObject({ environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION", line: 2 });
    expect(test.cases.map((c) => [c.index, c.line, c.name, c.expect])).toEqual([
      [0, 6, "direct mixer exposure is blocked", { action: "BLOCK", by: "block-mixers" }],
      [1, 14, "no signals", { action: "ALLOW" }],
    ]);
  });

  it("reports header errors at their line and column", () => {
    const text = GOOD.replace("providerType: vendorAWalletScreening", "providerType: vendorC").replace("scope: TRANSACTION", "scope: TRANSACTIONS");
    expect(findingsOf(text)).toEqual([
      '3:15 schema providerType: "vendorC" is not one of vendorAWalletScreening, vendorBAddressScreening',
      '4:8 schema scope: "TRANSACTIONS" is not one of SIGN_IN, TRANSACTION (did you mean TRANSACTION?)',
    ]);
  });

  it("reads each screening as the header's vendor and scope, its paths under cases[i].screening", () => {
    const text = GOOD.replace("exposures: [{ category: mixer, direction: direct, percent: 12.5 }]", "riskLevel: high").replace(
      'screening: { chain: EVM, address: "0x52908400098527886E0F7030069857D2E4169EE7" }',
      'screening: { chain: EVM, address: "0x52908400098527886E0F7030069857D2E4169EE7", scope: SIGN_IN }',
    );
    expect(findingsOf(text)).toEqual([
      "12:9 cross-vendor-field cases[0].screening.signals.riskLevel: riskLevel is a signal of vendorBAddressScreening, not of vendorAWalletScreening; vendorAWalletScreening returns riskScore",
      "16:92 schema cases[1].screening.scope: scope SIGN_IN does not match the TRANSACTION policy it is decided against",
    ]);
    const signIn = GOOD.replace("scope: TRANSACTION", "scope: SIGN_IN");
    expect(findingsOf(signIn)).toEqual(["10:7 scope-field cases[0].screening.transfer: a SIGN_IN screening has no transfer: there is no amount or token at sign-in"]);
  });

  it("rejects a by that is neither a step nor a rule id", () => {
    expect(findingsOf(GOOD.replace("by: block-mixers", "by: Block Mixers"))).toEqual([
      '13:34 schema cases[0].expect.by: "Block Mixers" does not match the required format ^[a-z0-9][a-z0-9-]{0,63}$ (What must decide it, a rule id of the policy (lower-case letters, digits, hyphens) or a step: sanctions-floor, address-entry, policy-disabled (disabled or no policy), pre-screen, terminal-allow)',
    ]);
  });

  it("rejects a case name used twice, at the later one", () => {
    expect(findingsOf(GOOD.replace("name: no signals", "name: direct mixer exposure is blocked"))).toEqual([
      '15:11 duplicate-case-name cases[1].name: case "direct mixer exposure is blocked" is already the name of cases[0]; give each case its own name',
    ]);
  });

  it("rejects an environment the config does not declare, and a policy file that does not exist when the caller knows", () => {
    expect(findingsOf(GOOD.replace("environment: sandbox", "environment: staging"))).toEqual([
      '2:14 unknown-policy environment: environment "staging" is not declared in screenpol.config.yaml (declared: sandbox)',
    ]);
    expect(findingsOf(GOOD, new Set())).toEqual([
      `2:1 unknown-policy environment: no policy file ${POLICY}: this file tests the vendorAWalletScreening TRANSACTION policy of sandbox, which does not exist`,
    ]);
    // One text in an editor: nobody knows which files exist.
    expect(findingsOf(GOOD)).toEqual([]);
  });

  it("is one wherever it sits: its scope never makes it a policy", () => {
    const result = lintSources([{ file: "elsewhere/mixers.test.yaml", text: GOOD }], { config });
    expect(result.diagnostics).toEqual([]);
  });
});

describe("the editor schema of test files", () => {
  const validate = new Ajv({ strict: true, allErrors: true }).compile(editorTestSchema());

  it("is self-contained and accepts a good file", () => {
    expect(validate(parse(GOOD)), JSON.stringify(validate.errors)).toBe(true);
  });

  it("checks each screening as the vendor of the header", () => {
    const vendorB = parse(GOOD.replace("exposures: [{ category: mixer, direction: direct, percent: 12.5 }]", "riskLevel: high"));
    expect(validate(vendorB)).toBe(false);
    expect(validate({ ...vendorB, providerType: "vendorBAddressScreening" })).toBe(true);
  });
});

describe("a policy test file's own findings (policyTestFindings), whatever its shape", () => {
  const codes = (data: unknown) => policyTestFindings(data).map((finding) => `${finding.code} ${finding.path.join(".")}`);
  const header = { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION" };
  const screening = { chain: "EVM", address: "0x52908400098527886E0F7030069857D2E4169EE7" };

  it("not a mapping, cases not a list, a case not a mapping: the schema's findings, never a crash", () => {
    expect(codes(null)).toEqual(["schema "]);
    expect(codes({ ...header, cases: "all of them" })).toEqual(["schema cases"]);
    expect(codes({ ...header, cases: [null, { name: "n", screening, expect: { action: "ALLOW" } }] })).toEqual(["schema cases.0"]);
  });

  it("with a header whose scope does not read, no screening is read (its schema finding is the answer)", () => {
    const withTransfer = { name: "n", screening: { ...screening, transfer: { amountUsd: 5 } }, expect: { action: "ALLOW" } };
    expect(codes({ ...header, scope: "SIGN_IN", cases: [withTransfer] })).toEqual(["scope-field cases.0.screening.transfer"]);
    expect(codes({ ...header, scope: "LOGIN", cases: [withTransfer] })).toEqual(["schema scope"]);
    expect(codes({ ...header, providerType: "vendorC", scope: "SIGN_IN", cases: [withTransfer] })).toEqual(["schema providerType"]);
  });

  it("cases without a name, or with an empty one, are the schema's, never each other's duplicates", () => {
    const nameless = { screening, expect: { action: "ALLOW" } };
    expect(codes({ ...header, cases: [nameless, nameless] })).toEqual(["schema cases.0", "schema cases.1"]);
    expect(codes({ ...header, cases: [{ ...nameless, name: "" }, { ...nameless, name: "" }] })).toEqual(["schema cases.0.name", "schema cases.1.name"]);
  });
});

describe("reading a test file's cases (readPolicyTest)", () => {
  it("the file's line is its environment's, wherever that key is; a case without by has no by at all", () => {
    const text = GOOD.replace("environment: sandbox\nproviderType: vendorAWalletScreening\n", "providerType: vendorAWalletScreening\nenvironment: sandbox\n");
    const test = readPolicyTest(FILE, parseYaml(text).document!);
    expect(test.line).toBe(3);
    expect(test.cases[1]!.expect).toStrictEqual({ action: "ALLOW" });
  });
});
