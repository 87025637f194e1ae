/**
 * The counts of a replay (semantics.md section 4): each screening decided
 * against two versions of its policy, "base" (the Git revision or the live one)
 * and "head" (the working tree). Pure and incremental, so the input streams
 * through in constant memory: only counters, a few samples per transition, and
 * bounded groups of bad lines and unknown values are kept.
 *
 * The one place a report is assembled: an engine (the JavaScript line reader,
 * or one that decides in bulk) only feeds a tally, so that every engine gives
 * the same report, byte for byte. What an engine feeds it:
 *
 * - `subject(s).decided(line, base, head)` once per screening of subject `s`
 *   (one environment, vendor and scope), after `unknown(line, values)` when
 *   the screening has unknown values and that did not refuse it;
 * - `subject(s).decidedMany(base, head, count)` for screenings counted in
 *   bulk, none of them a sample: the candidate samples of a group (its first
 *   `samples` lines) still go through `decided`. Sample choice depends only on
 *   line numbers, never on the order lines are fed in;
 * - `bad(line, error)` per bad line, `filtered()` per line of a subject the
 *   flags leave out. Blank lines are fed nowhere.
 */
import type { CategorySignal, UnknownValue } from "../semantics/screening-input.js";
import { STEPS, STRICTNESS, type Decision } from "../semantics/decision.js";
import type { Action } from "../vendors.js";
import type { ReplaySubject } from "./line.js";
import { DEFAULT_SAMPLES } from "./sample-bounds.js";

export const REPLAY_FORMAT_VERSION = 1;
/** Kinds of bad line (distinct messages) listed; lines of further kinds are only counted (`skipped`). */
export const BAD_LINE_GROUPS_KEPT = 100;
/** Line numbers listed per kind of bad line. */
export const BAD_LINE_NUMBERS_KEPT = 5;
/**
 * Distinct unknown values kept. A vendor adds a category or two; past this
 * many, the input is of another shape, and a line with yet another one is bad.
 */
export const UNKNOWN_VALUES_KEPT = 100;
/** An error message is one line of a report; one built from a pathological line is cut here. */
const MAX_ERROR_LENGTH = 500;

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

export interface ReplaySample extends ReplaySubject {
  line: number;
  from: ReplayDecision;
  to: ReplayDecision;
}

/** One kind of bad line: its message, its first line, how many lines, and the first line numbers. */
export interface ReplayBadLine {
  line: number;
  error: string;
  count: number;
  lines: number[];
}

/** A category the vendor's list does not have: how many screenings carried it, and the first one's line. */
export interface ReplayUnknownValue {
  signal: CategorySignal;
  value: string;
  count: number;
  line: number;
}

/** The counts of one (environment, vendor, scope). */
export interface ReplaySubjectReport extends ReplaySubject {
  screenings: number;
  changed: number;
  transitions: ReplayTransition[];
  byRule: ReplayRuleCount[];
}

/**
 * The JSON of `screenpol replay --format json`. The members up to `badLines`
 * are the spec's, totals over every subject; `filtered`, `unknownValues` and
 * `subjects` were added to version 1 (a reader of version 1 may ignore them).
 */
export interface ReplayReport {
  version: typeof REPLAY_FORMAT_VERSION;
  screenings: number;
  skipped: number;
  filtered: number;
  changed: number;
  transitions: ReplayTransition[];
  byRule: ReplayRuleCount[];
  samples: ReplaySample[];
  badLines: ReplayBadLine[];
  unknownValues: ReplayUnknownValue[];
  subjects: ReplaySubjectReport[];
}

/** The postScreen rule ids of each version of a subject's policy, in file order. */
export interface ReplayRuleIds {
  base: readonly string[];
  head: readonly string[];
}

export interface ReplaySubjectTally {
  /** A screening of line `line` decided by both versions; true when that is a change. */
  decided(line: number, base: Decision, head: Decision): boolean;
  /** `count` screenings decided alike, none of them a sample (see the module comment). */
  decidedMany(base: Decision, head: Decision, count: number): void;
}

export interface ReplayTally {
  /** The tally of one subject, created when first asked for (a subject asked for is reported, also with no screening). */
  subject(subject: ReplaySubject): ReplaySubjectTally;
  /**
   * The unknown values of the screening of line `line`, counted; or, when one
   * of them would be past {@link UNKNOWN_VALUES_KEPT} distinct ones, nothing
   * counted and the message the line is then bad with.
   */
  unknown(line: number, values: readonly UnknownValue[]): string | undefined;
  /** A line that is no screening, skipped. */
  bad(line: number, error: string): void;
  /** A line of a subject the flags leave out; `count` of them, counted in bulk. */
  filtered(count?: number): void;
  /** Lines fed so far (for the progress line). */
  readonly lines: number;
  /**
   * The report. `rules(s)` are the rule ids of subject `s`: every one is listed
   * in its `byRule`, also with zero on both sides (a rule that decided nothing
   * is worth seeing); a step only when it decided.
   */
  report(rules: (subject: ReplaySubject) => ReplayRuleIds): ReplayReport;
}

interface SubjectCounts {
  subject: ReplaySubject;
  screenings: number;
  changed: number;
  baseBy: Map<string, number>;
  headBy: Map<string, number>;
  transitions: Map<string, ReplayTransition>;
  /** Per transition, the samples with the smallest line numbers, in line order. */
  samples: Map<string, ReplaySample[]>;
}

export function createReplayTally(options: { samples?: number } = {}): ReplayTally {
  const sampleLimit = options.samples ?? DEFAULT_SAMPLES;
  const subjects = new Map<string, { counts: SubjectCounts; tally: ReplaySubjectTally }>();
  let screenings = 0;
  let skipped = 0;
  let filtered = 0;
  const badLines = new Map<string, ReplayBadLine>();
  const unknownValues = new Map<string, ReplayUnknownValue>();

  const subjectTally = (subject: ReplaySubject): { counts: SubjectCounts; tally: ReplaySubjectTally } => {
    const counts: SubjectCounts = { subject: { ...subject }, screenings: 0, changed: 0, baseBy: new Map(), headBy: new Map(), transitions: new Map(), samples: new Map() };
    const count = (base: Decision, head: Decision, times: number): string | undefined => {
      screenings += times;
      counts.screenings += times;
      counts.baseBy.set(base.by, (counts.baseBy.get(base.by) ?? 0) + times);
      counts.headBy.set(head.by, (counts.headBy.get(head.by) ?? 0) + times);
      // A change is any difference in what decides, also the same action by another rule or step.
      if (base.action === head.action && base.by === head.by) return undefined;
      counts.changed += times;
      const key = `${base.action} ${head.action}`;
      const transition = counts.transitions.get(key);
      if (transition) transition.count += times;
      else counts.transitions.set(key, { from: base.action, to: head.action, count: times });
      return key;
    };
    const tally: ReplaySubjectTally = {
      decided(line, base, head) {
        const key = count(base, head, 1);
        if (key === undefined) return false;
        if (sampleLimit > 0) keepSample(counts, key, sampleLimit, { line, ...counts.subject, from: { action: base.action, by: base.by }, to: { action: head.action, by: head.by } });
        return true;
      },
      decidedMany(base, head, times) {
        if (times > 0) count(base, head, times);
      },
    };
    return { counts, tally };
  };

  return {
    subject(subject) {
      const key = subjectKeyOf(subject);
      let entry = subjects.get(key);
      if (!entry) subjects.set(key, (entry = subjectTally(subject)));
      return entry.tally;
    },
    unknown(line, values) {
      const keys = values.map((value) => `${value.signal}\u0000${value.value}`);
      const fresh = keys.filter((key, index) => !unknownValues.has(key) && keys.indexOf(key) === index);
      if (fresh.length > 0 && unknownValues.size + fresh.length > UNKNOWN_VALUES_KEPT) {
        const first = values[keys.indexOf(fresh[0]!)]!;
        return `${describeUnknownValue(first)} is not in the vendor's list, and ${UNKNOWN_VALUES_KEPT} other unknown values came before it: more than a vendor's new categories`;
      }
      for (const [index, key] of keys.entries()) {
        const known = unknownValues.get(key);
        if (known) {
          if (keys.indexOf(key) !== index) continue;
          known.count++;
          known.line = Math.min(known.line, line);
        } else {
          unknownValues.set(key, { signal: values[index]!.signal, value: values[index]!.value, count: 1, line });
        }
      }
      return undefined;
    },
    bad(line, error) {
      skipped++;
      const message = error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error;
      const group = badLines.get(message);
      if (group) {
        group.count++;
        keepSmallest(group.lines, line, BAD_LINE_NUMBERS_KEPT);
        group.line = group.lines[0]!;
      } else if (badLines.size < BAD_LINE_GROUPS_KEPT) {
        badLines.set(message, { line, error: message, count: 1, lines: [line] });
      }
    },
    filtered(count = 1) {
      filtered += count;
    },
    get lines() {
      return screenings + skipped + filtered;
    },
    report(rules) {
      const ordered = [...subjects.values()].map((entry) => entry.counts).sort((a, b) => compareSubjects(a.subject, b.subject));
      const reports = ordered.map((counts): ReplaySubjectReport => ({
        ...counts.subject,
        screenings: counts.screenings,
        changed: counts.changed,
        transitions: [...counts.transitions.values()].map((transition) => ({ ...transition })).sort(compareTransitions),
        byRule: ruleCounts(rules(counts.subject), counts.baseBy, counts.headBy),
      }));
      return {
        version: REPLAY_FORMAT_VERSION,
        screenings,
        skipped,
        filtered,
        changed: reports.reduce((sum, report) => sum + report.changed, 0),
        transitions: sumTransitions(reports),
        byRule: reports.length === 1 ? reports[0]!.byRule : sumRuleCounts(ordered, rules),
        samples: ordered.flatMap((counts) => [...counts.samples.values()].flat()).sort(compareSamples),
        badLines: [...badLines.values()].map((group) => ({ ...group, lines: [...group.lines] })).sort((a, b) => a.line - b.line),
        unknownValues: [...unknownValues.values()].map((value) => ({ ...value })).sort((a, b) => b.count - a.count || a.line - b.line),
        subjects: reports,
      };
    },
  };
}

export function subjectKeyOf(subject: ReplaySubject): string {
  return `${subject.environment}/${subject.providerType}/${subject.scope}`;
}

/** `exposure category "bridge_exploit"`: how the report names an unknown value. */
export function describeUnknownValue(value: Pick<ReplayUnknownValue, "signal" | "value">): string {
  return `${value.signal} category ${JSON.stringify(value.value)}`;
}

/** -1 weaker (less strict, semantics.md section 2), 1 stricter, 0 the same action by another rule or step. */
export function transitionDirection(transition: Pick<ReplayTransition, "from" | "to">): -1 | 0 | 1 {
  const delta = STRICTNESS[transition.to] - STRICTNESS[transition.from];
  return delta < 0 ? -1 : delta > 0 ? 1 : 0;
}

/**
 * Where a transition's samples come in the list: the most weakening first
 * (BLOCK -> ALLOW, then BLOCK -> ALERT and ALERT -> ALLOW), then the most
 * strengthening, then the same action by another rule; in each, from the
 * stricter action down. What a reviewer must see first is never crowded out.
 */
export function sampleRank(transition: Pick<ReplayTransition, "from" | "to">): number {
  const delta = STRICTNESS[transition.to] - STRICTNESS[transition.from];
  const group = delta < 0 ? 2 + delta : delta > 0 ? 4 - delta : 4;
  return group * 10 + (2 - STRICTNESS[transition.from]) * 3 + (2 - STRICTNESS[transition.to]);
}

function compareSamples(a: ReplaySample, b: ReplaySample): number {
  return sampleRank({ from: a.from.action, to: a.to.action }) - sampleRank({ from: b.from.action, to: b.to.action }) || a.line - b.line;
}

/** Keeps the `limit` samples of a transition with the smallest line numbers, whatever order they come in. */
function keepSample(counts: SubjectCounts, key: string, limit: number, sample: ReplaySample): void {
  let kept = counts.samples.get(key);
  if (!kept) counts.samples.set(key, (kept = []));
  if (kept.length === limit && kept[limit - 1]!.line < sample.line) return;
  let at = kept.length;
  while (at > 0 && kept[at - 1]!.line > sample.line) at--;
  kept.splice(at, 0, sample);
  if (kept.length > limit) kept.pop();
}

function keepSmallest(lines: number[], line: number, limit: number): void {
  if (lines.length === limit && lines[limit - 1]! < line) return;
  let at = lines.length;
  while (at > 0 && lines[at - 1]! > line) at--;
  lines.splice(at, 0, line);
  if (lines.length > limit) lines.pop();
}

function compareSubjects(a: ReplaySubject, b: ReplaySubject): number {
  return compareText(a.environment, b.environment) || compareText(a.providerType, b.providerType) || compareText(a.scope, b.scope);
}

/** By code unit, as every engine and locale orders the same. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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

function sumTransitions(reports: readonly ReplaySubjectReport[]): ReplayTransition[] {
  const sums = new Map<string, ReplayTransition>();
  for (const transition of reports.flatMap((report) => report.transitions)) {
    const key = `${transition.from} ${transition.to}`;
    const sum = sums.get(key);
    if (sum) sum.count += transition.count;
    else sums.set(key, { ...transition });
  }
  return [...sums.values()].sort(compareTransitions);
}

/** Over several subjects, the counts of each rule id or step added up; each subject's own are in `subjects`. */
function sumRuleCounts(subjects: readonly SubjectCounts[], rules: (subject: ReplaySubject) => ReplayRuleIds): ReplayRuleCount[] {
  const add = (into: Map<string, number>, from: Map<string, number>): void => {
    for (const [by, count] of from) into.set(by, (into.get(by) ?? 0) + count);
  };
  const base = new Map<string, number>();
  const head = new Map<string, number>();
  const ids = { base: [] as string[], head: [] as string[] };
  for (const counts of subjects) {
    add(base, counts.baseBy);
    add(head, counts.headBy);
    const own = rules(counts.subject);
    ids.base.push(...own.base);
    ids.head.push(...own.head);
  }
  return ruleCounts(ids, base, head);
}

/** The steps before the rules, the rules (head's order, then those only base has), the terminal ALLOW. */
function ruleCounts(rules: ReplayRuleIds, base: Map<string, number>, head: Map<string, number>): ReplayRuleCount[] {
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
