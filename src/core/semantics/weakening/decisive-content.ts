/**
 * What of a subject can change a decision (semantics.md section 2), in one
 * canonical string: when base and head have the same, every screening gets
 * the same action from both, and the weakening check answers `equivalent`
 * with no transitions without building a space or starting a solver.
 *
 * Left out, because no step of the decision reads them: descriptions, rule
 * ids (they name the deciding rule, `by`, but a transition needs the action
 * to change: the same rule at the same place gives the same action), an
 * entry's reason, entries of the other scope and entries expired at `now`,
 * the order of keys, of the conditions of one AND and of a preScreen's
 * chains and tokens (sets), the
 * spelling of an EVM address or token contract, `exposureDepth` and
 * `includeIndirect`. Kept: whether there is a policy (added and removed are
 * verdicts of their own), `enabled`, preScreen, every rule's action and
 * conditions in order, and per address the action of the entry in force.
 * The conditions are read by `readWhenTerms`, the reading `decide` runs on,
 * not compared as written.
 */
import { canonicalJson } from "../../canonical.js";
import type { Term } from "../conditions.js";
import { compileSubject, type DecisionSubject } from "../subject.js";

/** The subject's decisive content at clock `now` (epoch milliseconds): equal strings, equal decisions. */
export function decisiveContent(subject: DecisionSubject, now: number): string {
  const compiled = compileSubject(subject);
  const policy = subject.policy;
  const entries = [...compiled.entries].flatMap(([key, list]) => {
    const inForce = list.find((candidate) => now < candidate.expiresAt);
    return inForce === undefined ? [] : [[key, inForce.entry.action]];
  });
  const sorted = (values: ReadonlySet<string> | undefined) => (values === undefined ? null : [...values].sort());
  return canonicalJson({
    providerType: subject.providerType,
    scope: subject.scope,
    policy:
      policy === undefined
        ? null
        : {
            enabled: policy.enabled,
            chains: sorted(compiled.chains),
            minAmountUsd: policy.rules.preScreen.minAmountUsd ?? null,
            tokens: sorted(compiled.tokens),
            rules: compiled.rules.map((rule) => ({ action: rule.action, all: conjunction(rule.when.all), anyOf: rule.when.anyOf?.map(conjunction) ?? null })),
          },
    entries: entries.sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0)),
  });
}

/** The conditions of one AND, in an order of their own: the order they are written in decides nothing. */
function conjunction(terms: readonly Term[]): string[] {
  return terms.map((term) => canonicalJson(term.condition)).sort();
}
