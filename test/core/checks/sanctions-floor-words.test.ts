/**
 * sanctions-floor on identifier words (policy-language.md section 5.2, the
 * toolkit's reading in docs/policy-language.md section 9): acronyms in camelCase
 * are one word, `floor`/`ofac` with only switch words around them are the floor,
 * and the spec's listed values are attempts under any key but free text.
 */
import { describe, expect, it } from "vitest";
import { check, isSanctionsKey } from "../../../src/core/checks/sanctions-floor.js";
import { context, policyFile, withRules } from "./policy-check-helpers.js";

describe("keys split into words, acronyms included", () => {
  it("catches OFAC as an acronym inside camelCase and the floor among switch words, and nothing that only shares letters", () => {
    const caught = ["disableOFACCheck", "useOFACList", "skipOFAC", "OFACList", "disable_ofac_check", "skipofaccheck", "disableFloorCheck", "floor_enabled", "FloorOff", "no-floor-check"];
    const innocent = ["proofAccount", "offacet", "overflow", "floorPrice", "amountFloor", "minFloor", "floorplan", "officeFacade", "coFACtor", "profACe"];
    expect(caught.filter((key) => !isSanctionsKey(key))).toEqual([]);
    expect(innocent.filter((key) => isSanctionsKey(key))).toEqual([]);
  });
});

describe("the spec's listed values under any key", () => {
  it("are attempts under keys that are not free text, in lists too, at the value; free text and ids may name them", () => {
    const data = withRules({
      id: "alert-mixer",
      when: { exposure: { category: "mixer", direction: "any", minPercent: 5, source: "OFAC" } },
      tags: ["Sanctioned-Entity", "mixer"],
      action: "ALERT",
    });
    expect(check.run(policyFile(data), context).map((f) => [f.path.join("."), f.target])).toEqual([
      ["rules.postScreen.0.when.exposure.source", "value"],
      ["rules.postScreen.0.tags.0", "value"],
    ]);
    const nearMisses = withRules({
      id: "ofac",
      description: "OFAC",
      reason: "sanctions",
      name: "sanctioned_entity",
      when: { exposure: { category: "mixer", direction: "any", minPercent: 5, note: "OFAC SDN list", list: "ofacet" } },
      action: "ALERT",
    });
    expect(check.run(policyFile(nearMisses), context), "free text, ids, and values that only contain a listed word").toEqual([]);
  });
});
