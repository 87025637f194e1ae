/**
 * A transition in one line, as `plan` and `compare` print weakenings
 * (semantics.md section 5): `BLOCK (block-mixers) -> ALERT (alert-mixers)
 * when exposure mixer direct = 20%`. The signals are said with describe.ts's
 * `describeObservation`, the phrases `decide` uses.
 */
import { describeObservation, describeValue } from "../describe.js";
import type { DecisionRef, Transition } from "./model.js";

const ref = (decision: DecisionRef) => `${decision.action} (${decision.by})`;

/** The transition and the example's values that make it. */
export function describeTransition(transition: Transition): string {
  return `${ref(transition.from)} -> ${ref(transition.to)} ${describeExample(transition)}`;
}

/** The example's values that make the transition: `when riskScore = 8, chain EVM`, or `when the vendor returns no signal`. */
export function describeExample(transition: Pick<Transition, "from" | "to" | "example">): string {
  const { example, from, to } = transition;
  const parts: string[] = [];
  const steps = [from.by, to.by];
  if (steps.includes("address-entry")) parts.push(`address ${example.address} on ${example.chain}`);
  else if (steps.includes("pre-screen")) parts.push(`chain ${example.chain}`);
  if (example.transfer?.amountUsd !== undefined) parts.push(`amountUsd = ${example.transfer.amountUsd}`);
  if (steps.includes("pre-screen") && example.scope === "TRANSACTION") {
    const token = example.transfer?.token;
    parts.push(token === undefined ? "token native" : `token ${token.chain}:${token.networkId}:${token.contractAddress}`);
  }
  const signals = example.signals ?? {};
  if (signals.riskScore !== undefined) parts.push(describeObservation("riskScore", {}, signals.riskScore));
  for (const exposure of signals.exposures ?? []) parts.push(describeObservation("exposure", { ...exposure }, exposure.percent));
  if (signals.cluster) parts.push(`cluster = ${signals.cluster.category}`);
  if (signals.riskLevel !== undefined) parts.push(`riskLevel = ${describeValue("riskLevel", signals.riskLevel)}`);
  for (const indicator of signals.indicators ?? []) parts.push(describeObservation("indicator", { ...indicator }, indicator.volumeUsd));
  if (signals.entity) parts.push(`entity = ${signals.entity.category}`);
  return parts.length === 0 ? "when the vendor returns no signal" : `when ${parts.join(", ")}`;
}
