/** fast-check arbitraries of policy and address-entries data, odd strings and all, for the canonical-form property tests. */
import fc from "fast-check";

/** Strings of any code units, and the ones a YAML reader is known to trip on. */
export const oddText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "no", "yes", "on", "off", "null", "~", "1e3", "0x1F", "2027-01-01", "- a", "a: b", "a #b", "#x", "[x]", "{x}", ">", "|", "'q'", '"q"', "x:", " x", "x ",
    "\u2028", "\u0085", "\ufeff", "\u007f", "a \nb", "a\n b", "a\tb", "---", "...", "- ", "?", "? x", "&a", "*a", "!t", "%x", "@x", "`x`", "é ✓ 🙂",
  ),
);

const scalar = fc.oneof(oddText, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));

/** Any JSON-like value; with `listsInLists: false`, no list directly inside a list. */
export function anyValue({ listsInLists = true } = {}): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: "small" },
      scalar,
      fc.array(listsInLists ? tie("node") : fc.oneof(scalar, tie("map")), { maxLength: 3 }),
      tie("map"),
    ),
    map: fc.dictionary(oddText, tie("node"), { maxKeys: 3 }),
  })).node;
}

/** A policy document: known members in any order and spelling, unknown members anywhere. */
export function anyPolicy(options: { listsInLists?: boolean } = {}): fc.Arbitrary<Record<string, unknown>> {
  const value = anyValue(options);
  const rule = fc.record(
    {
      id: oddText,
      description: oddText,
      when: fc.dictionary(fc.constantFrom("riskScore", "exposure", "cluster", "riskLevel", "indicator", "entity", "anyOf", "other"), value, { maxKeys: 3 }),
      action: oddText,
      extra: value,
    },
    { requiredKeys: [] },
  );
  return fc.record(
    {
      providerType: fc.constantFrom("vendorAWalletScreening", "vendorBAddressScreening", "x"),
      scope: oddText,
      schemaVersion: fc.oneof(fc.integer(), oddText),
      enabled: fc.oneof(fc.boolean(), oddText),
      rules: fc.record({
        preScreen: fc.dictionary(fc.constantFrom("chains", "minAmountUsd", "tokens", "exposureDepth", "other"), value, { maxKeys: 3 }),
        postScreen: fc.array(rule, { maxLength: 3 }),
      }),
      extra: value,
    },
    { requiredKeys: [] },
  );
}

/** An address-entries document. */
export function anyAddressEntries(options: { listsInLists?: boolean } = {}): fc.Arbitrary<Record<string, unknown>> {
  const entry = fc.record({ address: oddText, chain: oddText, action: oddText, scope: oddText, reason: oddText, expiresAt: oddText, note: anyValue(options) }, { requiredKeys: [] });
  return fc.array(entry, { maxLength: 4 }).map((entries) => ({ providerType: "vendorAWalletScreening", entries }));
}

/** The options of a rendering: a schema line, header lines, both or neither. */
export const anyRenderOptions = fc.record({ schema: fc.string({ maxLength: 12 }), header: fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }) }, { requiredKeys: [] });
