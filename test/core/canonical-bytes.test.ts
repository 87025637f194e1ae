/**
 * The canonical YAML, pinned to the byte on inputs that exercise every choice the
 * form makes: quoting of strings a YAML 1.1 reader would misread, multi-line and
 * unicode strings, characters YAML may not hold raw, empty maps and lists, flow
 * style, blank lines between rules and entries, unknown members sorted after the
 * known ones, nested lists, keys that need quotes. `pull` writes these bytes and
 * every plan diff is made of them: a change here is a change of the canonical
 * form, to be made on purpose.
 *
 * One was: a list directly inside a list is written `- - 1` (the `yaml`
 * Document API's compact form) since the canonical form went through that API;
 * the hand emitter before it wrote `-` alone on a line, then the inner list
 * (docs/decisions.md, "Plan and canonical form: libraries where they do the job").
 */
import { describe, expect, it } from "vitest";
import { renderAddressEntriesYaml, renderPolicyYaml } from "../../src/core/canonical.js";

const lines = (...text: string[]): string => `${text.join("\n")}\n`;

/** A policy with something odd in every corner. */
const TRICKY_POLICY = {
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  schemaVersion: 2,
  enabled: true,
  rules: {
    preScreen: { chains: ["EVM", "no", "a,b", "1e3", ""], minAmountUsd: 0.1, tokens: [], exposureDepth: -0, other: {} },
    postScreen: [
      { id: "multi-line", description: "first line\nsecond line: with colon\n", when: { riskScore: { gte: 8.5, lte: 1e21 } }, action: "BLOCK" },
      {
        id: "yes",
        description: "Café ✓ 🙂 « guillemets » \u2028 \u0085 \ufeff tab\there",
        when: { exposure: { category: "mixer", direction: "any", minPercent: 15 }, anyOf: [{ cluster: { category: "null" } }, { cluster: { category: ["nested", "list"] } }] },
        action: "ALERT",
      },
      {
        id: "2027-01-01",
        description: "  leading and trailing  ",
        when: {},
        action: "ALLOW",
        zeta: [[1, 2], [], {}, [{ a: 1 }]],
        alpha: { no: 1, "a: b": 2, "": 3, "#x": 4, "key with space": null },
      },
      {},
    ],
  },
  extra: { "~": "~", true: true, nan: Number.NaN, inf: Number.POSITIVE_INFINITY, ninf: Number.NEGATIVE_INFINITY },
};

describe("canonical YAML, byte for byte", () => {
  it("a policy with something odd in every corner, with the schema line and a header", () => {
    expect(renderPolicyYaml(TRICKY_POLICY, { schema: "../../../schemas/x.json", header: ["pulled", "", "by a test"] })).toBe(
      lines(
        "# yaml-language-server: $schema=../../../schemas/x.json",
        "#",
        "# pulled",
        "#",
        "# by a test",
        "providerType: vendorAWalletScreening",
        "scope: TRANSACTION",
        "schemaVersion: 2",
        "enabled: true",
        "rules:",
        "  preScreen:",
        '    chains: [EVM, "no", "a,b", "1e3", ""]',
        "    minAmountUsd: 0.1",
        "    tokens: []",
        "    exposureDepth: 0",
        "    other: {}",
        "  postScreen:",
        "    - id: multi-line",
        '      description: "first line\\nsecond line: with colon\\n"',
        "      when:",
        "        riskScore: { gte: 8.5, lte: 1e+21 }",
        "      action: BLOCK",
        "",
        '    - id: "yes"',
        '      description: "Café ✓ 🙂 « guillemets » \\u2028 \\u0085 \\ufeff tab\\there"',
        "      when:",
        "        exposure: { category: mixer, direction: any, minPercent: 15 }",
        "        anyOf:",
        '          - cluster: { category: "null" }',
        "          - cluster:",
        "              category:",
        "                - nested",
        "                - list",
        "      action: ALERT",
        "",
        '    - id: "2027-01-01"',
        '      description: "  leading and trailing  "',
        "      when: {}",
        "      action: ALLOW",
        "      alpha:",
        '        "": 3',
        '        "#x": 4',
        '        "a: b": 2',
        "        key with space: null",
        '        "no": 1',
        "      zeta:",
        "        - - 1",
        "          - 2",
        "        - []",
        "        - {}",
        "        - - a: 1",
        "",
        "    - {}",
        "extra:",
        "  inf: .inf",
        "  nan: .nan",
        "  ninf: -.inf",
        '  "true": true',
        '  "~": "~"',
      ),
    );
  });

  it("address entries: sorted by (chain, address, scope), addresses and reasons always quoted", () => {
    const entries = [
      { address: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh", chain: "BTC", action: "BLOCK", scope: "ALL", reason: "sanctioned: OFAC SDN list", expiresAt: "2027-10-01" },
      { address: "0x52908400098527886E0F7030069857D2E4169EE7", chain: "EVM", action: "ALLOW", scope: "TRANSACTION", reason: "multi\nline", note: "on" },
      { address: "12345", chain: "EVM", action: "ALLOW", scope: "SIGN_IN" },
    ];
    expect(renderAddressEntriesYaml({ providerType: "vendorBAddressScreening", entries: [...entries].reverse() })).toBe(
      lines(
        "providerType: vendorBAddressScreening",
        "entries:",
        '  - address: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh"',
        "    chain: BTC",
        "    action: BLOCK",
        "    scope: ALL",
        '    reason: "sanctioned: OFAC SDN list"',
        '    expiresAt: "2027-10-01"',
        "",
        '  - address: "0x52908400098527886E0F7030069857D2E4169EE7"',
        "    chain: EVM",
        "    action: ALLOW",
        "    scope: TRANSACTION",
        '    reason: "multi\\nline"',
        '    note: "on"',
        "",
        '  - address: "12345"',
        "    chain: EVM",
        "    action: ALLOW",
        "    scope: SIGN_IN",
      ),
    );
  });

  it("nothing at all, and no entries", () => {
    expect(renderPolicyYaml({})).toBe(lines("{}"));
    expect(renderPolicyYaml("not a map")).toBe(lines("{}"));
    expect(renderAddressEntriesYaml({ providerType: "vendorAWalletScreening", entries: [] })).toBe(
      lines(
        "providerType: vendorAWalletScreening",
        "entries: []",
      ),
    );
  });
});
