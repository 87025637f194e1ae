/**
 * One canonical form, two engines (style.md, habit 12): src/core/canonical.ts
 * renders through the `yaml` Document API; bench/hand-yaml-emitter.js is the
 * hand emitter it replaced, frozen. Their bytes must agree for every policy and
 * address-entries document, whatever the strings, numbers and nesting, with
 * the one difference the switch made on purpose: a list directly inside a list
 * (which no valid policy holds) is written `- - a`, yaml's compact form,
 * instead of `-` alone on its line (docs/decisions.md). The hand emitter's one
 * bug is fixed in the frozen copy so the two can be compared: it asked `key in
 * {...}`, so a key named `valueOf` or `constructor` switched to flow style.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain JS, no declarations: the frozen reference emitter.
import { renderYamlByHand } from "../../bench/hand-yaml-emitter.js";
import { canonicalAddressEntries, canonicalPolicy, renderCanonicalYaml, type RenderOptions } from "../../src/core/canonical.js";
import { anyAddressEntries, anyPolicy, anyRenderOptions } from "../helpers/policy-arbitraries.js";

const byHand = renderYamlByHand as (canonical: Record<string, unknown>, options: RenderOptions) => string;

const DOCUMENTS = [
  { name: "policies", data: anyPolicy({ listsInLists: false }), canonical: canonicalPolicy, numRuns: 1500 },
  { name: "address entries", data: anyAddressEntries({ listsInLists: false }), canonical: canonicalAddressEntries, numRuns: 1000 },
];

describe("canonical YAML: the yaml Document API writes the hand emitter's bytes", () => {
  it.each(DOCUMENTS)("$name", ({ data, canonical, numRuns }) => {
    fc.assert(
      fc.property(data, anyRenderOptions, (document, options) => {
        const form = canonical(document);
        expect(renderCanonicalYaml(form, options)).toBe(byHand(form, options));
      }),
      { numRuns },
    );
  });
});
