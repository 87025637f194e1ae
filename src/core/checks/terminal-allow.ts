/**
 * terminal-allow (policy-language.md section 5.3): when no rule matches, the
 * service allows, and that ALLOW is generated from code. An ALLOW rule that
 * matches every address writes it down, and silently disables every rule after it.
 *
 * Reported: a rule with action ALLOW whose `when` is missing, null, or catch-all
 * (isCatchAll: `{}`, score-based conditions that every address meets, or an
 * `anyOf` with such an alternative), at the rule's `when` key. A rule with no
 * `when` is reported at its `ALLOW` instead: a finding at the rule would claim
 * (hide) every schema finding inside it, among them the one that explains a
 * misspelt `wehn:` ("did you mean when?"). A catch-all BLOCK or ALERT is allowed
 * (unreachable-rule warns about what follows it).
 */
import { isRecord } from "../config.js";
import type { FileCheck, Finding } from "./check.js";
import { isCatchAll } from "./catch-all.js";
import { postScreenOf } from "./policy-parts.js";

const MESSAGE =
  "an ALLOW that matches every address expresses the terminal ALLOW, which the service generates after the last rule; " +
  "delete this rule (unmatched addresses are allowed already)";

export const check: FileCheck = {
  code: "terminal-allow",
  appliesTo: ["policy"],
  run(file) {
    const findings: Finding[] = [];
    postScreenOf(file.data)?.forEach((rule, index) => {
      if (!isRecord(rule) || !Object.hasOwn(rule, "action") || rule.action !== "ALLOW") return;
      const path = ["rules", "postScreen", index];
      if (!Object.hasOwn(rule, "when")) {
        const message = `without when, this rule would match every address; ${MESSAGE}`;
        findings.push({ code: "terminal-allow", path: [...path, "action"], message, target: "value" });
      } else if (rule.when === null || isCatchAll(rule.when, file.vendor)) {
        findings.push({ code: "terminal-allow", path: [...path, "when"], message: MESSAGE, target: "key" });
      }
    });
    return findings;
  },
};
