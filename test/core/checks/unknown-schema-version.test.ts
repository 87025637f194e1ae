import { expect, it } from "vitest";
import { check } from "../../../src/core/checks/unknown-schema-version.js";
import { context, policyFile } from "./policy-check-helpers.js";

it.each<[unknown, string | undefined]>([
  [1, undefined],
  [2, undefined],
  [3, "schemaVersion 3 is not known; this toolkit reads schemaVersion 1 and 2"],
  [0, "schemaVersion 0 is not known; this toolkit reads schemaVersion 1 and 2"],
  [1.5, "schemaVersion 1.5 is not known; this toolkit reads schemaVersion 1 and 2"],
  ["1", 'schemaVersion "1" is not known; this toolkit reads schemaVersion 1 and 2 (remove the quotes: 1)'],
  ["v2", 'schemaVersion "v2" is not known; this toolkit reads schemaVersion 1 and 2'],
  ["", 'schemaVersion "" is not known; this toolkit reads schemaVersion 1 and 2'],
  [true, "schemaVersion true is not known; this toolkit reads schemaVersion 1 and 2"],
  [null, "schemaVersion is empty; this toolkit reads schemaVersion 1 and 2"],
  [[1], "schemaVersion a list is not known; this toolkit reads schemaVersion 1 and 2"],
])("schemaVersion %j", (version, message) => {
  const findings = check.run(policyFile({ schemaVersion: version }), context);
  expect(findings).toEqual(message === undefined ? [] : [{ code: "unknown-schema-version", path: ["schemaVersion"], message, target: "value" }]);
});

it("leaves a missing schemaVersion to the schema", () => {
  expect(check.run(policyFile({ rules: {} }), context)).toEqual([]);
  expect(check.run(policyFile(null), context)).toEqual([]);
});
