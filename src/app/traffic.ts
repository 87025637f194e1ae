/**
 * `--traffic <screenings.jsonl[.gz]>` of compare and plan (docs/semantics.md,
 * "Recorded screenings of a weakening"): the recorded screenings of one
 * policy read by replay's reader and decided by replay's line replayer (the
 * one decision procedure, both versions), counted per transition and per
 * cause by core/replay/traffic.ts. The input is opened before anything is
 * compared, so a mistyped name costs no solver time; it is read once.
 */
import { createTrafficTally } from "../core/replay/traffic.js";
import type { DecisionSubject } from "../core/semantics/subject.js";
import type { SubjectComparison } from "../core/semantics/weakening/model.js";
import { openReplayInput, readLines, ReplayInputError, type ReplayInput } from "../workspace/replay-input.js";
import type { SubjectTarget } from "./decision-subjects.js";
import { UsageError } from "./errors.js";
import { policyLines } from "./replay/line-replayer.js";

/** The input, opened as replay opens it (`-` for standard input); replay's one-line errors, exit 2. */
export async function openTraffic(path: string, cwd: string, stdin: (NodeJS.ReadableStream & { isTTY?: boolean }) | undefined): Promise<ReplayInput> {
  try {
    return await openReplayInput(path, cwd, stdin);
  } catch (error) {
    throw error instanceof ReplayInputError ? new UsageError(`--traffic: ${error.message}`, { cause: error }) : error;
  }
}

/** A policy whose versions decide, with its comparison: what the recorded screenings can be counted for. */
export interface TrafficCandidate<C extends SubjectComparison> {
  target: SubjectTarget;
  base: DecisionSubject;
  head: DecisionSubject;
  comparison: C;
}

/**
 * The policy the recorded screenings are counted for. A file of screenings
 * is one policy's, as replay's input is (its vendor's signals, its scope):
 * the one compared policy whose decisions may change (a transition, or
 * `unknown`), or the only one compared. Several: a usage error naming them,
 * since reading one file as several policies' would skip most of its lines.
 */
export function trafficPolicy<C extends SubjectComparison>(candidates: ReadonlyArray<TrafficCandidate<C>>, narrow: string): TrafficCandidate<C> | undefined {
  const changing = candidates.filter(({ comparison }) => comparison.transitions.length > 0 || comparison.verdict === "unknown");
  if (changing.length === 1) return changing[0];
  if (changing.length === 0) return candidates.length === 1 ? candidates[0] : undefined;
  const names = changing.map(({ target }) => `${target.environment}/${target.providerType}/${target.scope}`);
  throw new UsageError(`--traffic counts the recorded screenings of one policy, and ${names.length} compared policies change decisions (${names.join(", ")}): ${narrow}`);
}

/** The comparison with its counts: every line of `input` decided with both versions, as replay decides it. */
export async function countTraffic<C extends SubjectComparison>(input: ReplayInput, candidate: TrafficCandidate<C>, now: Date): Promise<C> {
  const { target, base, head, comparison } = candidate;
  const tally = createTrafficTally(comparison, target, input.name);
  const lines = policyLines(tally, base, head, target, now);
  try {
    await readLines(input, lines);
  } catch (error) {
    throw error instanceof ReplayInputError ? new UsageError(`--traffic: ${error.message}`, { cause: error }) : error;
  }
  return tally.result();
}
