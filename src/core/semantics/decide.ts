/**
 * The decision procedure (semantics.md section 2), the one every command runs:
 * `decide`, `test`, `replay`, and the weakening prover's examples. Pure: the
 * clock comes in as `now`.
 *
 * In order, the first step that decides wins: the sanctions floor, an address
 * entry, a disabled or absent policy, preScreen gating, the first postScreen
 * rule whose `when` holds, the terminal ALLOW.
 */
import type { Action } from "../vendors.js";
import { observe, satisfies, whenHolds, type Term } from "./conditions.js";
import { BEFORE_VENDOR, type ConditionTrace, type Decision, type PreScreenGate, type RuleTrace, type TraceEntry } from "./decision.js";
import type { Screening, Signals } from "./signals.js";
import { addressKey, compileSubject, tokenKey, type CompiledSubject, type CompiledEntry, type DecisionSubject } from "./subject.js";

export interface DecideOptions {
  /** The clock for address entries' `expiresAt`: epoch milliseconds or a Date. */
  now: number | Date;
  /** Record every step (slower; `decide` and failing tests want it, replay does not). */
  trace?: boolean;
}

/**
 * Decides one screening against a subject. The subject is read once and kept
 * (per object): pass the same object for many screenings.
 */
export function decide(subject: DecisionSubject | CompiledSubject, screening: Screening, options: DecideOptions): Decision {
  const compiled = "rules" in subject && "entries" in subject ? subject : compileSubject(subject);
  const now = typeof options.now === "number" ? options.now : options.now.getTime();
  const trace: TraceEntry[] | undefined = options.trace ? [] : undefined;
  const done = (action: Action, by: string): Decision => (trace ? { action, by, trace } : { action, by });

  const sanctioned = screening.sanctioned === true;
  trace?.push({ step: "sanctions-floor", outcome: sanctioned ? "decided" : "passed", sanctioned });
  if (sanctioned) return done("BLOCK", "sanctions-floor");

  const entry = entryFor(compiled, screening, now, trace);
  if (entry) return done(entry.entry.action, "address-entry");

  const policy = compiled.subject.policy;
  const active = policy !== undefined && policy.enabled;
  trace?.push({ step: "policy-disabled", outcome: active ? "passed" : "decided", policy: policy === undefined ? "absent" : policy.enabled ? "enabled" : "disabled" });
  if (!active) return done("ALLOW", "policy-disabled");

  const gate = gateOf(compiled, screening);
  trace?.push(gate ? { step: "pre-screen", outcome: "decided", gate } : { step: "pre-screen", outcome: "passed" });
  if (gate) return done("ALLOW", "pre-screen");

  const signals = screening.signals;
  if (trace) {
    const rules: RuleTrace[] = [];
    const entry: TraceEntry = { step: "post-screen", outcome: "passed", rules };
    trace.push(entry);
    for (const rule of compiled.rules) {
      const traced = traceCompiledRule(rule, signals);
      rules.push(traced);
      if (traced.matched) {
        entry.outcome = "decided";
        return done(rule.action, rule.id);
      }
    }
  } else {
    for (const rule of compiled.rules) if (whenHolds(rule.when, signals)) return done(rule.action, rule.id);
  }

  trace?.push({ step: "terminal-allow", outcome: "decided" });
  return done("ALLOW", "terminal-allow");
}

/**
 * One postScreen rule's conditions against a screening, traced as `decide`
 * traces them, whether or not the decision reached the rule: why a rule a
 * test expected did not decide. Undefined when the policy holds no such rule.
 */
export function traceRuleOf(subject: DecisionSubject | CompiledSubject, ruleId: string, screening: Screening): RuleTrace | undefined {
  const compiled = "rules" in subject && "entries" in subject ? subject : compileSubject(subject);
  const rule = compiled.rules.find((candidate) => candidate.id === ruleId);
  if (rule === undefined) return undefined;
  return traceCompiledRule(rule, screening.signals);
}

/** A postScreen rule whose `when` holds for a screening. */
export interface MatchedRule {
  id: string;
  index: number;
  action: Action;
}

/**
 * The postScreen rules that would also have matched (`decide --all-matches`,
 * docs/semantics.md): after a rule decided, the later rules whose `when`
 * holds; when a step before postScreen decided (no rule was consulted), every
 * rule whose `when` holds for the screening's signals, the first of them the
 * one that would have decided had the vendor been consulted; after the
 * terminal ALLOW, none (every rule was evaluated). Read by the decision
 * procedure's own evaluator (conditions.ts whenHolds), not a second reading.
 */
export function alsoMatched(subject: DecisionSubject | CompiledSubject, screening: Screening, decision: Decision): { consulted: boolean; rules: MatchedRule[] } {
  const compiled = "rules" in subject && "entries" in subject ? subject : compileSubject(subject);
  // The trace says it without doubt (a rule may be named like a step); without one, `by` does.
  const consulted = decision.trace ? decision.trace.some((entry) => entry.step === "post-screen") : !BEFORE_VENDOR.has(decision.by);
  const matching = compiled.rules.filter((rule) => whenHolds(rule.when, screening.signals)).map(({ id, index, action }) => ({ id, index, action }));
  // Consulted, the first rule that holds is the one that decided: the decision procedure stops there.
  return { consulted, rules: consulted ? matching.slice(1) : matching };
}

/** The first address entry for this address, chain and scope that has not expired. */
function entryFor(compiled: CompiledSubject, screening: Screening, now: number, trace: TraceEntry[] | undefined): CompiledEntry | undefined {
  const candidates = compiled.entries.size === 0 ? undefined : compiled.entries.get(addressKey(screening.chain, screening.address));
  const ignored: Array<{ index: number; reason: "expired" }> = [];
  let found: CompiledEntry | undefined;
  for (const candidate of candidates ?? []) {
    // The entry applies strictly before expiresAt, as expired-address-entry reads it.
    if (now < candidate.expiresAt) {
      found = candidate;
      break;
    }
    ignored.push({ index: candidate.index, reason: "expired" });
  }
  trace?.push(
    found
      ? { step: "address-entry", outcome: "decided", entry: { ...found.entry, index: found.index }, ignored }
      : { step: "address-entry", outcome: "passed", ignored },
  );
  return found;
}

/** Why preScreen keeps the vendor out of it (semantics.md section 2, step 4), or undefined. */
function gateOf(compiled: CompiledSubject, screening: Screening): PreScreenGate | undefined {
  const preScreen = compiled.subject.policy?.rules.preScreen;
  if (compiled.chains && !compiled.chains.has(screening.chain)) {
    return { gate: "chains", chain: screening.chain, chains: preScreen?.chains ?? [] };
  }
  if (compiled.subject.scope !== "TRANSACTION") return undefined;
  const minAmountUsd = preScreen?.minAmountUsd;
  const amountUsd = screening.transfer?.amountUsd;
  // An unknown amount is not below any minimum: the vendor is consulted (docs/semantics.md).
  if (minAmountUsd !== undefined && amountUsd !== undefined && amountUsd < minAmountUsd) {
    return { gate: "minAmountUsd", amountUsd, minAmountUsd };
  }
  if (compiled.tokens) {
    const token = screening.transfer?.token;
    if (token === undefined) return { gate: "tokens", token: "native" };
    if (!compiled.tokens.has(tokenKey(token))) return { gate: "tokens", token };
  }
  return undefined;
}

function traceCompiledRule(rule: CompiledSubject["rules"][number], signals: Signals | undefined): RuleTrace {
  const traced = traceRule(rule.when.all, rule.when.anyOf, signals);
  return { id: rule.id, index: rule.index, action: rule.action, matched: traced.matched, conditions: traced.conditions };
}

function traceRule(all: readonly Term[], anyOf: readonly Term[][] | undefined, signals: Signals | undefined): { matched: boolean; conditions: ConditionTrace[] } {
  const conditions: ConditionTrace[] = [];
  const traceTerm = (term: Term, alternative?: number): boolean => {
    const signal = observe(term.condition, signals);
    const holds = satisfies(term.condition, signal);
    conditions.push({ key: term.condition.kind, condition: term.written, ...(alternative === undefined ? {} : { anyOf: alternative }), signal: signal ?? null, holds });
    return holds;
  };
  // Every condition is traced, not only up to the first that fails: "why did this rule not fire" wants them all.
  let matched = all.map((term) => traceTerm(term)).every(Boolean);
  if (anyOf !== undefined) {
    const some = anyOf.map((alternative, index) => alternative.map((term) => traceTerm(term, index)).every(Boolean)).some(Boolean);
    matched = matched && some;
  }
  return { matched, conditions };
}
