/**
 * duplicate-rule-id (policy-language.md section 4): rule ids are unique in a
 * policy; they name the deciding rule in audit logs and alerts. The first use of
 * an id is fine; every later one is reported at its `id` value, naming the first.
 * Ids are compared exactly (the schema allows lowercase only); a non-string id is
 * the schema's business.
 */
import { formatPath } from "../diagnostic.js";
import type { FileCheck, Finding } from "./check.js";
import { ownMember, postScreenOf } from "./policy-parts.js";

export const check: FileCheck = {
  code: "duplicate-rule-id",
  appliesTo: ["policy"],
  run(file) {
    const findings: Finding[] = [];
    const firstUse = new Map<string, number>();
    postScreenOf(file.data)?.forEach((rule, index) => {
      const id = ownMember(rule, "id");
      if (typeof id !== "string") return;
      const first = firstUse.get(id);
      if (first === undefined) {
        firstUse.set(id, index);
        return;
      }
      findings.push({
        code: "duplicate-rule-id",
        path: ["rules", "postScreen", index, "id"],
        message: `rule id ${JSON.stringify(id)} is already used by ${formatPath(["rules", "postScreen", first])}; ids must be unique in a policy`,
        target: "value",
      });
    });
    return findings;
  },
};
