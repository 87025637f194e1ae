import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bodyHash,
  canonicalAddressEntries,
  canonicalJson,
  canonicalPolicy,
  renderAddressEntriesYaml,
  renderPolicyYaml,
} from "../../src/core/canonical.js";
import { parseYaml } from "../../src/core/document.js";
import { lintText } from "../../src/core/lint.js";
import { PROJECT_ROOT } from "../helpers/project-root.js";

const data = (text: string): unknown => {
  const parsed = parseYaml(text);
  expect(parsed.problems).toEqual([]);
  return parsed.document!.data;
};

const POLICY = `providerType: vendorAWalletScreening
scope: TRANSACTION
schemaVersion: 2
enabled: true
rules:
  preScreen:
    chains: [EVM, SOL]
    minAmountUsd: 250
    tokens:
      - chain: EVM
        networkId: 1
        contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
    exposureDepth: 3
  postScreen:
    - id: block-high
      description: Vendor risk score of 8.5 or more.
      when:
        riskScore: { gte: 8.5 }
      action: BLOCK
    - id: alert-mixer
      when:
        riskScore: { gte: 4 }
        anyOf:
          - exposure: { category: mixer, direction: any, minPercent: 15 }
          - cluster: { category: privacy_wallet }
      action: ALERT
`;

/** The same policy: comments everywhere, every map in another key order, other quoting, other number spellings. */
const SAME_POLICY_RESTYLED = `# a header comment
rules: # the rules
  postScreen:
    - action: BLOCK
      when: {riskScore: {gte: 8.50}}
      description: 'Vendor risk score of 8.5 or more.'
      id: "block-high"
    - when:
        anyOf:
          - exposure:
              minPercent: 1.5e1
              direction: "any"
              category: mixer
          - cluster: {category: 'privacy_wallet'}
        riskScore:
          gte: 0x4
      id: alert-mixer
      action: "ALERT"
  preScreen:
    exposureDepth: 3
    tokens:
      - contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
        networkId: 1
        chain: "EVM"
    minAmountUsd: 250.0
    chains:
      - EVM   # Ethereum and L2s
      - SOL
enabled: true
schemaVersion: 2
scope: "TRANSACTION"
providerType: vendorAWalletScreening
`;

describe("canonical form", () => {
  it("makes comments, key order, quoting and number spelling irrelevant", () => {
    const a = canonicalPolicy(data(POLICY));
    const b = canonicalPolicy(data(SAME_POLICY_RESTYLED));
    expect(canonicalJson(b)).toBe(canonicalJson(a));
    expect(renderPolicyYaml(data(SAME_POLICY_RESTYLED))).toBe(renderPolicyYaml(data(POLICY)));
    expect(bodyHash(b)).toBe(bodyHash(a));
  });

  it("orders keys as documented: top level, preScreen, tokens, rules, conditions in vendor order, anyOf last", () => {
    const canonical = canonicalPolicy(data(SAME_POLICY_RESTYLED)) as any;
    expect(Object.keys(canonical)).toEqual(["providerType", "scope", "schemaVersion", "enabled", "rules"]);
    expect(Object.keys(canonical.rules)).toEqual(["preScreen", "postScreen"]);
    expect(Object.keys(canonical.rules.preScreen)).toEqual(["chains", "minAmountUsd", "tokens", "exposureDepth"]);
    expect(Object.keys(canonical.rules.preScreen.tokens[0])).toEqual(["chain", "networkId", "contractAddress"]);
    expect(Object.keys(canonical.rules.postScreen[0])).toEqual(["id", "description", "when", "action"]);
    expect(Object.keys(canonical.rules.postScreen[1].when)).toEqual(["riskScore", "anyOf"]);
    expect(Object.keys(canonical.rules.postScreen[1].when.anyOf[0].exposure)).toEqual(["category", "direction", "minPercent"]);
  });

  it("uses the vendor's own condition order for vendorB", () => {
    const policy = canonicalPolicy({
      providerType: "vendorBAddressScreening",
      rules: { postScreen: [{ when: { entity: { category: "darknet" }, riskLevel: { atLeast: "high" }, indicator: { minVolumeUsd: 1, riskType: "counterparty", category: "theft" } } }] },
    }) as any;
    expect(Object.keys(policy.rules.postScreen[0].when)).toEqual(["riskLevel", "indicator", "entity"]);
    expect(Object.keys(policy.rules.postScreen[0].when.indicator)).toEqual(["category", "riskType", "minVolumeUsd"]);
  });

  it("drops the server-managed members of a live policy and keeps unknown members (sorted, after the known ones)", () => {
    const canonical = canonicalPolicy({ zeta: 1, revision: 12, addressEntryCount: 3, updatedAt: "x", enabled: true, alpha: 2, providerType: "vendorAWalletScreening" });
    expect(Object.keys(canonical)).toEqual(["providerType", "enabled", "alpha", "zeta"]);
  });

  it("keeps a __proto__ key an ordinary key", () => {
    const source = JSON.parse('{"rules": {"__proto__": {"polluted": true}}}') as unknown;
    const canonical = canonicalPolicy(source) as any;
    expect(Object.hasOwn(canonical.rules, "__proto__")).toBe(true);
    expect(({} as any).polluted).toBeUndefined();
  });

  it("renders YAML that parses back to the same data, and renders itself unchanged (a fixed point)", () => {
    for (const file of samplePolicyFiles()) {
      const original = data(readFileSync(file, "utf8"));
      const addresses = file.endsWith("addresses.yaml");
      const render = addresses ? renderAddressEntriesYaml : renderPolicyYaml;
      const canonical = addresses ? canonicalAddressEntries : canonicalPolicy;
      const text = render(original, { schema: "../../../schemas/x.json", header: ["pulled", "", "by a test"] });
      const reparsed = data(text);
      expect(canonicalJson(canonical(reparsed)), file).toBe(canonicalJson(canonical(original)));
      expect(render(reparsed, { schema: "../../../schemas/x.json", header: ["pulled", "", "by a test"] }), file).toBe(text);
      expect(text.startsWith("# yaml-language-server: $schema=../../../schemas/x.json\n#\n# pulled\n#\n# by a test\n")).toBe(true);
    }
  });

  it("renders files the linter accepts at their layout path", () => {
    for (const file of samplePolicyFiles()) {
      const relative = file.slice(PROJECT_ROOT.length + 1);
      const addresses = file.endsWith("addresses.yaml");
      const text = (addresses ? renderAddressEntriesYaml : renderPolicyYaml)(data(readFileSync(file, "utf8")));
      const errors = lintText(relative, text, { now: new Date("2026-11-01T00:00:00Z") }).filter((d) => d.severity === "error");
      expect(errors, relative).toEqual([]);
    }
  });

  it("quotes addresses and strings a YAML 1.1 reader would misread, and never folds long lines", () => {
    const text = renderAddressEntriesYaml({
      providerType: "vendorAWalletScreening",
      entries: [{ address: "0x52908400098527886E0F7030069857D2E4169EE7", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "r".repeat(200), expiresAt: "2027-10-01" }],
    });
    expect(text).toContain('address: "0x52908400098527886E0F7030069857D2E4169EE7"');
    expect(text).toContain('expiresAt: "2027-10-01"');
    expect(text).toContain(`reason: "${"r".repeat(200)}"`);
    const policy = renderPolicyYaml({ providerType: "vendorAWalletScreening", rules: { postScreen: [{ id: "a", description: "no" }, { id: "b", description: "1e3" }] } });
    expect(policy).toContain('description: "no"');
    expect(policy).toContain('description: "1e3"');
  });

  it("treats address entries as a set: order does not matter, content does", () => {
    const a = { providerType: "vendorAWalletScreening", entries: [{ address: "b", chain: "EVM", scope: "ALL" }, { address: "a", chain: "BTC", scope: "ALL" }] };
    const b = { entries: [{ scope: "ALL", chain: "BTC", address: "a" }, { chain: "EVM", address: "b", scope: "ALL" }], providerType: "vendorAWalletScreening", revision: 4 };
    expect(canonicalJson(canonicalAddressEntries(b))).toBe(canonicalJson(canonicalAddressEntries(a)));
    expect(renderAddressEntriesYaml(b)).toBe(renderAddressEntriesYaml(a));
  });

  it("hashes the RFC 8785-style canonical JSON (sorted keys, no spaces), so anyone can recompute it", () => {
    const body = { revision: 3, schemaVersion: 2, rules: { preScreen: { chains: ["EVM"] }, postScreen: [] }, enabled: true };
    const expected = createHash("sha256").update('{"enabled":true,"revision":3,"rules":{"postScreen":[],"preScreen":{"chains":["EVM"]}},"schemaVersion":2}').digest("hex");
    expect(bodyHash(body)).toBe(`sha256:${expected}`);
    expect(canonicalJson({ b: -0, a: [1, "x", null] })).toBe('{"a":[1,"x",null],"b":0}');
  });
});

describe("canonical YAML rendering, property-based", () => {
  const text = fc.oneof(
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.constantFrom("no", "yes", "on", "off", "null", "~", "1e3", "0x1F", "2027-01-01", "- a", "a: b", "a #b", "#x", "[x]", "{x}", ">", "|", "'q'", '"q"', "x:", " x", "x ", "\u2028", "\u0085", "\ufeff"),
  );
  const scalar = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
  const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: "small" }, scalar, fc.array(tie("node"), { maxLength: 3 }), fc.dictionary(text, tie("node"), { maxKeys: 3 })),
  })).node;
  const rule = fc.record({ id: text, description: text, when: fc.dictionary(fc.constantFrom("riskScore", "exposure", "cluster", "anyOf", "other"), value, { maxKeys: 3 }), action: text }, { requiredKeys: [] });
  const policy = fc.record({
    providerType: fc.constantFrom("vendorAWalletScreening", "vendorBAddressScreening", "x"),
    scope: text,
    schemaVersion: fc.oneof(fc.integer(), text),
    enabled: fc.oneof(fc.boolean(), text),
    rules: fc.record({ preScreen: fc.dictionary(fc.constantFrom("chains", "minAmountUsd", "tokens", "other"), value, { maxKeys: 3 }), postScreen: fc.array(rule, { maxLength: 3 }) }),
    extra: value,
  }, { requiredKeys: [] });

  it("parses back to the same data, whatever the strings, numbers and nesting", () => {
    fc.assert(
      fc.property(policy, (data) => {
        const rendered = renderPolicyYaml(data);
        const parsed = parseYaml(rendered);
        expect(parsed.problems, rendered).toEqual([]);
        expect(canonicalJson(canonicalPolicy(parsed.document!.data)), rendered).toBe(canonicalJson(canonicalPolicy(data)));
      }),
      { numRuns: 400 },
    );
  });

  it("address entries too", () => {
    const entry = fc.record({ address: text, chain: text, action: text, scope: text, reason: text, expiresAt: text, note: value }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 4 }), (entries) => {
        const data = { providerType: "vendorAWalletScreening", entries };
        const rendered = renderAddressEntriesYaml(data);
        const parsed = parseYaml(rendered);
        expect(parsed.problems, rendered).toEqual([]);
        expect(canonicalJson(canonicalAddressEntries(parsed.document!.data)), rendered).toBe(canonicalJson(canonicalAddressEntries(data)));
      }),
      { numRuns: 300 },
    );
  });
});

function samplePolicyFiles(): string[] {
  const root = join(PROJECT_ROOT, "policies");
  const files: string[] = [];
  for (const environment of readdirSync(root)) {
    for (const vendor of readdirSync(join(root, environment))) {
      for (const file of readdirSync(join(root, environment, vendor))) files.push(join(root, environment, vendor, file));
    }
  }
  expect(files.length).toBeGreaterThanOrEqual(12);
  return files;
}
