/**
 * A decision in words: each condition as a reviewer would say it, the signal
 * value it compared, and each step of the trace with what it looked at. Shared
 * by `decide`, the failure details of `test` and the weakening check's
 * examples, so that one condition reads the same everywhere.
 */
import { plural } from "../plural.js";
import type { ConditionTrace, Decision, PreScreenGate, RuleTrace, TraceEntry } from "./decision.js";
import type { Screening, TokenRef } from "./signals.js";
import type { DecisionSubject } from "./subject.js";

/** What a condition looks at, e.g. `exposure mixer direct`, `riskScore`. */
export function describeSignalOf(key: string, written: Readonly<Record<string, unknown>>): string {
  switch (key) {
    case "exposure":
      return `exposure ${String(written.category)} ${String(written.direction)}`;
    case "indicator":
      return `indicator ${String(written.category)} ${String(written.riskType)}`;
    default:
      return key;
  }
}

/**
 * A condition as written, e.g. `exposure mixer direct >= 10%`,
 * `riskScore >= 7 and <= 10`, `cluster = gambling`.
 */
export function describeCondition(key: string, written: Readonly<Record<string, unknown>>): string {
  const signal = describeSignalOf(key, written);
  switch (key) {
    case "riskScore": {
      const bounds = [written.gte === undefined ? undefined : `>= ${String(written.gte)}`, written.lte === undefined ? undefined : `<= ${String(written.lte)}`];
      return `${signal} ${bounds.filter((bound) => bound !== undefined).join(" and ")}`;
    }
    case "riskLevel":
      return `${signal} >= ${String(written.atLeast)}`;
    case "exposure":
      return `${signal} >= ${describeValue(key, written.minPercent as number)}`;
    case "indicator":
      return `${signal} >= ${describeValue(key, written.minVolumeUsd as number)}`;
    default:
      return `${signal} = ${String(written.category)}`;
  }
}

/** A signal value in the unit of its condition: `12.5%`, `800 USD`, `6.5`, `high`; `none returned` for null. */
export function describeValue(key: string, value: number | string | null | undefined): string {
  if (value === null || value === undefined) return "none returned";
  if (key === "exposure") return `${value}%`;
  if (key === "indicator") return `${value} USD`;
  return String(value);
}

/** A signal at a value, as the weakening check's examples say it: `exposure mixer direct = 20%`. */
export function describeObservation(key: string, written: Readonly<Record<string, unknown>>, value: number | string | null): string {
  return value === null ? `${describeSignalOf(key, written)} not returned` : `${describeSignalOf(key, written)} = ${describeValue(key, value)}`;
}

/** One traced condition: `exposure mixer direct >= 10%: 12.5%  holds`, with its `anyOf` alternative (1-based) first. */
export function describeConditionTrace(trace: ConditionTrace): string {
  const alternative = trace.anyOf === undefined ? "" : `anyOf #${trace.anyOf + 1}: `;
  return `${alternative}${describeCondition(trace.key, trace.condition)}: ${describeValue(trace.key, trace.signal)}  ${trace.holds ? "holds" : "does not hold"}`;
}

/** What a step looked at, for the subject and screening the trace came from. */
export interface StepContext {
  subject: DecisionSubject;
  screening: Screening;
  /** The policy file as the user names it; without it the words say "policy". */
  policyFile?: string;
}

/**
 * One step of a trace in words, e.g. `no address entry for EVM 0x52...`,
 * `chain EVM in [EVM, SOL]; amount 1200 USD >= minAmountUsd 100; token in tokens`.
 * A post-screen step says how many rules it evaluated; its rules are
 * described one by one with {@link describeConditionTrace}.
 */
export function describeStep(entry: TraceEntry, context: StepContext): string {
  switch (entry.step) {
    case "sanctions-floor":
      return entry.sanctioned ? "sanctioned: the floor blocks whatever the policy and address entries say" : "not sanctioned";
    case "address-entry":
      return describeAddressEntry(entry, context);
    case "policy-disabled":
      if (entry.policy === "absent") return `no policy file${context.policyFile ? ` ${context.policyFile}` : ""}: the vendor is not consulted`;
      return entry.policy === "disabled" ? "policy disabled (enabled: false): the vendor is not consulted" : "policy enabled";
    case "pre-screen":
      return entry.gate ? `${describeGate(entry.gate)}: the vendor is not consulted` : describePassedGates(context);
    case "post-screen": {
      const matched = entry.rules.find((rule) => rule.matched);
      const count = `${entry.rules.length} of ${plural(context.subject.policy?.rules.postScreen.length ?? 0, "rule")} evaluated`;
      return matched ? `rule ${matched.id} matched (${count})` : `no rule matched (${count})`;
    }
    case "terminal-allow":
      return "no rule matched";
  }
}

/**
 * Why a traced decision was taken, in a few lines, for a failing policy test:
 * the deciding rule and each of its conditions with the signal value it
 * compared, or the deciding step's line; then, when the test expected another
 * rule (`expectedRule`, traced apart by decide.ts's traceRuleOf) or another
 * step the decision passed through, what that one saw. Condition lines are
 * indented by two spaces under the line they belong to.
 */
export function explainDecision(decision: Decision, context: StepContext, expected?: { by?: string; rule?: RuleTrace }): string[] {
  const trace = decision.trace ?? [];
  const deciding = trace.find((entry) => entry.outcome === "decided");
  const lines: string[] = [];
  if (deciding?.step === "post-screen") {
    const rule = deciding.rules.find((traced) => traced.matched);
    lines.push(`rule ${decision.by} matched`, ...(rule?.conditions ?? []).map((condition) => `  ${describeConditionTrace(condition)}`));
  } else if (deciding?.step === "terminal-allow") {
    const postScreen = trace.find((entry) => entry.step === "post-screen");
    lines.push(`terminal-allow: ${postScreen ? describeStep(postScreen, context) : describeStep(deciding, context)}`);
  } else if (deciding) {
    lines.push(`${deciding.step}: ${describeStep(deciding, context)}`);
  }
  const rule = expected?.rule;
  if (rule && rule.id !== decision.by) {
    lines.push(`expected rule ${rule.id}: ${rule.matched ? `its conditions hold, but ${decision.by} decided first` : "not matched"}`, ...rule.conditions.map((condition) => `  ${describeConditionTrace(condition)}`));
  } else if (expected?.by !== undefined && expected.by !== decision.by) {
    // A step the decision went through (and passed) says what it looked at; a later one was never reached.
    const passed = trace.find((entry) => entry.step === expected.by);
    if (passed) lines.push(`expected ${passed.step}: ${describeStep(passed, context)}`);
  }
  return lines;
}

function describeAddressEntry(entry: Extract<TraceEntry, { step: "address-entry" }>, context: StepContext): string {
  const entries = context.subject.addressEntries ?? [];
  const expired = entry.ignored.map((ignored) => `entry #${ignored.index + 1} expired on ${entries[ignored.index]?.expiresAt ?? "?"}`);
  const subject = `${context.screening.chain} ${context.screening.address}`;
  if (entry.entry) {
    const found = entry.entry;
    const expiry = found.expiresAt === undefined ? "no expiry" : `expires ${found.expiresAt}`;
    return [`entry #${found.index + 1} for ${subject}: ${found.action}, scope ${found.scope}, ${expiry}, reason "${found.reason}"`, ...expired].join("; ");
  }
  if (expired.length === 0) return `no address entry for ${subject}`;
  return [`no unexpired address entry for ${subject}`, ...expired].join("; ");
}

/** Why preScreen kept the vendor out, e.g. `chain BTC not in [EVM, SOL]`. */
export function describeGate(gate: PreScreenGate): string {
  switch (gate.gate) {
    case "chains":
      return `chain ${gate.chain} not in [${gate.chains.join(", ")}]`;
    case "minAmountUsd":
      return `amount ${gate.amountUsd} USD < minAmountUsd ${gate.minAmountUsd}`;
    case "tokens":
      return gate.token === "native" ? "native coin not in tokens" : `token ${describeToken(gate.token)} not in tokens`;
  }
}

/** The gates a screening went through, each with the value it compared; a policy with none says so. */
function describePassedGates({ subject, screening }: StepContext): string {
  const preScreen = subject.policy?.rules.preScreen ?? {};
  const passed: string[] = [];
  if (preScreen.chains) passed.push(`chain ${screening.chain} in [${preScreen.chains.join(", ")}]`);
  if (subject.scope === "TRANSACTION") {
    const amountUsd = screening.transfer?.amountUsd;
    if (preScreen.minAmountUsd !== undefined) {
      passed.push(amountUsd === undefined ? `amount unknown: no minAmountUsd ${preScreen.minAmountUsd} gate` : `amount ${amountUsd} USD >= minAmountUsd ${preScreen.minAmountUsd}`);
    }
    // The native coin is never in a tokens list: with one, a passed gate had a token.
    const token = screening.transfer?.token;
    if (preScreen.tokens && token) passed.push(`token ${describeToken(token)} in tokens`);
  }
  return passed.length === 0 ? "no preScreen gate" : passed.join("; ");
}

function describeToken(token: TokenRef): string {
  return `${token.chain} ${token.networkId} ${token.contractAddress}`;
}
