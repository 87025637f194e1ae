/**
 * The counts of a replay (semantics.md section 4): each screening decided
 * against two versions of a policy, "base" (the Git revision or the live one)
 * and "head" (the working tree). Pure and incremental, so the input streams
 * through in constant memory: only counters, the first samples and the first
 * bad lines are kept.
 */
import type { Action } from "../vendors.js";
import { DEFAULT_SAMPLES } from "./sample-bounds.js";
import { STEPS, STRICTNESS, type Decision } from "../semantics/decision.js";

export const REPLAY_FORMAT_VERSION = 1;
/** Bad lines listed; the rest are only counted (`skipped`). */
export const BAD_LINES_KEPT = 100;

export interface ReplayDecision {
  action: Action;
  by: string;
}

export interface ReplayTransition {
  from: Action;
  to: Action;
  count: number;
}

/** How many screenings one rule or step decided on each side. */
export interface ReplayRuleCount {
  by: string;
  base: number;
  head: number;
}

export interface ReplaySample {
  line: number;
  from: ReplayDecision;
  to: ReplayDecision;
}

export interface ReplayBadLine {
  line: number;
  error: string;
}

/** The JSON of `screenpol replay --format json`; its top-level members are the spec's. */
export interface ReplayReport {
  version: typeof REPLAY_FORMAT_VERSION;
  screenings: number;
  skipped: number;
  changed: number;
  transitions: ReplayTransition[];
  byRule: ReplayRuleCount[];
  samples: ReplaySample[];
  badLines: ReplayBadLine[];
}

export interface ReplayTally {
  /** A screening of line `line` decided by both versions. */
  decided(line: number, base: Decision, head: Decision): void;
  /**
   * `count` screenings decided alike, none of them a sample: an engine that
   * counts in bulk (DuckDB's GROUP BY) hands the tally its candidate samples
   * through `decided`, in line order, and the rest of each group here.
   */
  decidedMany(base: Decision, head: Decision, count: number): void;
  /** A line that is no screening, skipped. */
  bad(line: number, error: string): void;
  /** Screenings and bad lines so far (for the progress line). */
  readonly lines: number;
  /**
   * The report. `rules` are the postScreen rule ids of each version in file
   * order: every one is listed in `byRule`, also with zero on both sides (a
   * rule that decided nothing is worth seeing); a step only when it decided.
   */
  report(rules: { base: readonly string[]; head: readonly string[] }): ReplayReport;
}

export function createReplayTally(options: { samples?: number; badLinesKept?: number } = {}): ReplayTally {
  const sampleLimit = options.samples ?? DEFAULT_SAMPLES;
  const badLimit = options.badLinesKept ?? BAD_LINES_KEPT;
  let screenings = 0;
  let skipped = 0;
  let changed = 0;
  const baseBy = new Map<string, number>();
  const headBy = new Map<string, number>();
  const transitions = new Map<string, ReplayTransition>();
  const samples: ReplaySample[] = [];
  const badLines: ReplayBadLine[] = [];

  /** Counts `count` screenings decided `base` and `head`; true when that is a change. */
  const count = (base: Decision, head: Decision, times: number): boolean => {
    screenings += times;
    baseBy.set(base.by, (baseBy.get(base.by) ?? 0) + times);
    headBy.set(head.by, (headBy.get(head.by) ?? 0) + times);
    // A change is any difference in what decides, also the same action by another rule or step.
    if (base.action === head.action && base.by === head.by) return false;
    changed += times;
    const key = `${base.action} ${head.action}`;
    const transition = transitions.get(key);
    if (transition) transition.count += times;
    else transitions.set(key, { from: base.action, to: head.action, count: times });
    return true;
  };

  return {
    decided(line, base, head) {
      if (!count(base, head, 1)) return;
      if (samples.length < sampleLimit) samples.push({ line, from: { action: base.action, by: base.by }, to: { action: head.action, by: head.by } });
    },
    decidedMany(base, head, times) {
      if (times > 0) count(base, head, times);
    },
    bad(line, error) {
      skipped++;
      if (badLines.length < badLimit) badLines.push({ line, error });
    },
    get lines() {
      return screenings + skipped;
    },
    report(rules) {
      return {
        version: REPLAY_FORMAT_VERSION,
        screenings,
        skipped,
        changed,
        transitions: [...transitions.values()].sort(compareTransitions),
        byRule: ruleCounts(rules, baseBy, headBy),
        samples: [...samples],
        badLines: [...badLines],
      };
    },
  };
}

/** -1 weaker (less strict, semantics.md section 2), 1 stricter, 0 the same action by another rule or step. */
export function transitionDirection(transition: Pick<ReplayTransition, "from" | "to">): -1 | 0 | 1 {
  const delta = STRICTNESS[transition.to] - STRICTNESS[transition.from];
  return delta < 0 ? -1 : delta > 0 ? 1 : 0;
}

/** Weaker first (what a reviewer must see first), then stricter, then same-action; each by count. */
function compareTransitions(a: ReplayTransition, b: ReplayTransition): number {
  const group = (transition: ReplayTransition) => [0, 2, 1][transitionDirection(transition) + 1]!;
  return (
    group(a) - group(b) ||
    b.count - a.count ||
    STRICTNESS[b.from] - STRICTNESS[a.from] ||
    STRICTNESS[b.to] - STRICTNESS[a.to]
  );
}

/** The steps before the rules, the rules (head's order, then those only base has), the terminal ALLOW. */
function ruleCounts(rules: { base: readonly string[]; head: readonly string[] }, base: Map<string, number>, head: Map<string, number>): ReplayRuleCount[] {
  const steps = new Set<string>(STEPS);
  const ruleIds = [...new Set([...rules.head, ...rules.base])].filter((id) => !steps.has(id));
  const before = STEPS.filter((step) => step !== "terminal-allow");
  const order = [...before, ...ruleIds, "terminal-allow"];
  const listed = new Set(order);
  // A `by` no rule list names cannot come from decide(); kept rather than dropped, so the totals still add up.
  const others = [...new Set([...base.keys(), ...head.keys()])].filter((by) => !listed.has(by)).sort();
  return [...order, ...others]
    .map((by) => ({ by, base: base.get(by) ?? 0, head: head.get(by) ?? 0 }))
    .filter((count) => ruleIds.includes(count.by) || count.base > 0 || count.head > 0);
}
