/**
 * Recorded screenings counted per cause of a weakening (docs/semantics.md,
 * "Recorded screenings of a weakening"): each screening decided with base
 * and head, as `replay` decides it, and one whose action changed attributed
 * to the transition it makes and to the cause whose region holds it. The
 * totals are replay's own tally (tally.ts), so they are replay's counts of
 * the same file by construction; the regions are the comparison's (the
 * boxes its JSON lists, region-view.ts), not a second reading of the rules.
 * Pure and incremental: only counters are kept.
 */
import { STRICTNESS, type Decision } from "../semantics/decision.js";
import type { Screening } from "../semantics/signals.js";
import { EngineDisagreement, type PairIdentity } from "../semantics/weakening/decided-as-reported.js";
import type { Cause, DecisionRef, RegionBox, SubjectComparison, Transition } from "../semantics/weakening/model.js";
import { regionHolds } from "../semantics/weakening/region-view.js";
import { createReplayTally } from "./tally.js";

export interface TrafficTally<C extends SubjectComparison> {
  /** The screening of line `line`, decided `base` and `head` by decide(). */
  decided(line: number, base: Decision, head: Decision, screening: Screening): void;
  /** A line that is no screening, skipped as replay skips it. */
  bad(line: number, error: string): void;
  /** A line of another policy, left out as replay leaves it out. */
  filtered(): void;
  /** The comparison with every transition's `recorded` count and the totals (`traffic`). */
  result(): C;
}

const keyOf = (from: DecisionRef, to: DecisionRef) => `${from.action}\u0000${from.by}\u0000${to.action}\u0000${to.by}`;

/**
 * A tally for `comparison` of the pair `identity`, whose input is named
 * `file`. A changed action that the comparison lists no transition for, or
 * that lies in no region of its causes, is a bug of the check, not of the
 * input: an EngineDisagreement (one line, exit 70), never a silent count.
 */
export function createTrafficTally<C extends SubjectComparison>(comparison: C, identity: Required<PairIdentity>, file: string): TrafficTally<C> {
  const replay = createReplayTally({ samples: 0 });
  const policy = replay.subject(identity);
  // An `unknown` comparison lists no transitions to attribute to: only the totals are counted.
  const attributed = comparison.verdict !== "unknown";
  const byTransition = new Map(comparison.transitions.map((transition, index) => [keyOf(transition.from, transition.to), index]));
  const transitionCounts = comparison.transitions.map(() => 0);
  const causeCounts = comparison.causes?.map((cause) => cause.transitions.map(() => 0));
  const parts = new Map<string, Array<{ cause: number; part: number; regions: readonly RegionBox[] }>>();
  comparison.causes?.forEach((cause, causeIndex) =>
    cause.transitions.forEach((part, partIndex) => {
      const key = keyOf(part.from, part.to);
      parts.set(key, [...(parts.get(key) ?? []), { cause: causeIndex, part: partIndex, regions: part.regions ?? [[]] }]);
    }),
  );
  const disagree = (line: number, base: Decision, head: Decision, what: string): never => {
    throw new EngineDisagreement(identity, "region", `the recorded screening of ${file} line ${line} is decided ${base.action} (${base.by}) -> ${head.action} (${head.by}), ${what}`);
  };

  return {
    decided(line, base, head, screening) {
      policy.decided(line, base, head);
      // Same strictness is the same action (STRICTNESS is one-to-one): not a transition of the comparison.
      if (!attributed || STRICTNESS[base.action] === STRICTNESS[head.action]) return;
      const key = keyOf(base, head);
      const transition = byTransition.get(key);
      if (transition === undefined) disagree(line, base, head, "which the comparison lists no transition for");
      transitionCounts[transition!]!++;
      if (causeCounts === undefined) return;
      const holder = parts.get(key)?.find((part) => part.regions.some((box) => regionHolds(box, screening)));
      if (holder === undefined) disagree(line, base, head, "and lies in no region of a cause of that transition");
      causeCounts[holder!.cause]![holder!.part]!++;
    },
    bad(line, error) {
      replay.bad(line, error);
    },
    filtered() {
      replay.filtered();
    },
    result() {
      const report = replay.report(() => ({ base: [], head: [] }));
      // Bad lines are grouped by message: the first skipped line is the lowest first line of a group.
      const firstGroup = report.badLines.reduce<(typeof report.badLines)[number] | undefined>((first, group) => (first === undefined || group.line < first.line ? group : first), undefined);
      const firstSkipped = firstGroup === undefined ? undefined : { line: firstGroup.line, error: firstGroup.error };
      const counted = (transition: Transition, count: number): Transition => (attributed ? { ...transition, recorded: count } : transition);
      const causes = comparison.causes?.map((cause, causeIndex): Cause => ({ ...cause, transitions: cause.transitions.map((part, partIndex) => counted(part, causeCounts![causeIndex]![partIndex]!)) }));
      return {
        ...comparison,
        transitions: comparison.transitions.map((transition, index) => counted(transition, transitionCounts[index]!)) as C["transitions"],
        ...(causes === undefined ? {} : { causes }),
        traffic: {
          file,
          screenings: report.screenings,
          skipped: report.skipped,
          changed: report.changed,
          transitions: report.transitions,
          ...(firstSkipped === undefined ? {} : { firstSkipped }),
        },
      };
    },
  };
}
