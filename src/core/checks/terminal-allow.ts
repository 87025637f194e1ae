/**
 * terminal-allow (policy-language.md section 5.3): when no rule matches, the
 * service allows, and that ALLOW is generated from code. An ALLOW rule that
 * matches every address writes it down, and silently disables every rule after it.
 *
 * Reported: a rule with action ALLOW whose `when` is missing, null, matches every
 * screening (`{}`, or an `anyOf` with an empty alternative and nothing beside it),
 * or matches every screening the vendor returned a risk score (level) for
 * (`riskScore` over 0..10, `riskLevel {atLeast: low}`; catch-all.ts). The last
 * kind may let a screening without a score through to the rules below
 * (semantics.md section 2), yet it writes the terminal ALLOW down for every
 * scored address, a loophole a reviewer must not miss: the message says which of the
 * two it is, so that nobody reads "every address" where the policy says "every
 * scored address" (docs/decisions.md, "Lint reasoning follows the decision
 * procedure"). Reported at the rule's `when` key. A rule with no `when` is
 * reported at its `ALLOW` instead: a finding at the rule would claim (hide)
 * every schema finding inside it, among them the one that explains a misspelt
 * `wehn:` ("did you mean when?"). A BLOCK or ALERT of the same kind is allowed
 * (unreachable-rule warns about what follows one that matches every screening).
 */
import { isRecord } from "../config.js";
import type { FileCheck, Finding } from "./check.js";
import { matchesEveryScoredScreening, matchesEveryScreening, scoreSignalName } from "./catch-all.js";
import { postScreenOf } from "./policy-parts.js";

const GENERATED = "which the service generates after the last rule";
const FIX = "delete this rule (unmatched addresses are allowed already)";
const MESSAGE = `an ALLOW that matches every address expresses the terminal ALLOW, ${GENERATED}; ${FIX}`;

function scoredMessage(signal: string): string {
  return `an ALLOW that matches every address the vendor returns a ${signal} for expresses the terminal ALLOW for all of them, ${GENERATED} (only an address without a ${signal} can get past it); ${FIX}`;
}

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
      } else if (rule.when === null || matchesEveryScreening(rule.when)) {
        findings.push({ code: "terminal-allow", path: [...path, "when"], message: MESSAGE, target: "key" });
      } else if (matchesEveryScoredScreening(rule.when, file.vendor)) {
        findings.push({ code: "terminal-allow", path: [...path, "when"], message: scoredMessage(scoreSignalName(file.vendor)), target: "key" });
      }
    });
    return findings;
  },
};
