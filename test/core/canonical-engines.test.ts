/**
 * One canonical form, two engines (style.md, habit 12): src/core/canonical.ts
 * renders through the `yaml` Document API; bench/hand-yaml-emitter.js is the
 * hand emitter it replaced, frozen. Their bytes must agree for every policy and
 * address-entries document, whatever the strings, numbers and nesting, with
 * the one difference the switch made on purpose: a list directly inside a list
 * (which no valid policy holds) is written `- - a`, yaml's compact form,
 * instead of `-` alone on its line (docs/decisions.md).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain JS, no declarations: the frozen reference emitter.
import { renderYamlByHand } from "../../bench/hand-yaml-emitter.js";
import { canonicalAddressEntries, canonicalPolicy, renderCanonicalYaml, type RenderOptions } from "../../src/core/canonical.js";
import { anyAddressEntries, anyPolicy, anyRenderOptions } from "../helpers/policy-arbitraries.js";

const byHand = renderYamlByHand as (canonical: Record<string, unknown>, options: RenderOptions) => string;

describe("canonical YAML: the yaml Document API writes the hand emitter's bytes", () => {
  it("policies", () => {
    fc.assert(
      fc.property(anyPolicy({ listsInLists: false }), anyRenderOptions, (data, options) => {
        const canonical = canonicalPolicy(data);
        expect(renderCanonicalYaml(canonical, options)).toBe(byHand(canonical, options));
      }),
      { numRuns: 1500 },
    );
  });

  it("address entries", () => {
    fc.assert(
      fc.property(anyAddressEntries({ listsInLists: false }), anyRenderOptions, (data, options) => {
        const canonical = canonicalAddressEntries(data);
        expect(renderCanonicalYaml(canonical, options)).toBe(byHand(canonical, options));
      }),
      { numRuns: 1000 },
    );
  });
});
