/**
 * The JavaScript engine's reading of replay lines (semantics.md section 4):
 * each line read into a screening of its policy (core/replay/line.ts), decided
 * against both versions of that policy, fed to the one tally. The reference
 * every engine matches, and what the DuckDB engine hands the rows SQL cannot
 * vouch for (docs/replay.md, "Engines"), and compare's and plan's
 * `--traffic` (app/traffic.ts), which count the same decisions per cause; its
 * own module so that they use it without importing one another.
 */
import type { Diagnostic } from "../../core/diagnostic.js";
import { formatChangedScreening } from "../../core/formats/replay.js";
import { readReplayLine, type ReplayLineContext, type ReplayLineReading, type ReplaySubject } from "../../core/replay/line.js";
import { createReplayTally, subjectKeyOf, type ReplayReport, type ReplayRuleIds, type ReplaySubjectTally, type ReplayTally } from "../../core/replay/tally.js";
import { compileSubject, decide, type DecisionSubject } from "../../core/semantics/index.js";
import type { Decision } from "../../core/semantics/decision.js";
import type { Screening } from "../../core/semantics/signals.js";
import type { CompiledSubject } from "../../core/semantics/subject.js";
import { MAX_LINE_BYTES, type LineSink } from "../../workspace/replay-input.js";

const TOO_LONG = `line too long: over ${MAX_LINE_BYTES / (1024 * 1024)} MiB, not read (a screening is one JSON object per line)`;

/** One version of a policy: what it is called in the report, and what it decides with. */
export interface ReplayVersion {
  label: string;
  subject: DecisionSubject;
}

/** A version read, with what lint says of its files. */
export interface LoadedVersion {
  side: ReplayVersion;
  findings: Diagnostic[];
  hasErrors: boolean;
}

/** Both versions of the policy of one (environment, vendor, scope). */
export interface ReplayVersions {
  base: LoadedVersion;
  head: LoadedVersion;
}

export interface LineReplayerOptions {
  filter: Partial<ReplaySubject>;
  /** The environments the config declares: a line naming another is bad. */
  environments: readonly string[];
  samples: number;
  now: Date;
  strict?: boolean | undefined;
  /** Each changed screening as a line of `--changed-out`; a promise pauses the input until it settles. */
  onChanged?: ((text: string) => Promise<void> | undefined) | undefined;
}

/** A policy's two versions compiled, and its counts. */
export interface Decider {
  subject: ReplaySubject;
  base: CompiledSubject;
  head: CompiledSubject;
  tally: ReplaySubjectTally;
}

/** Lines into the tally; a policy's versions are read when its first screening comes (the sink's promise pauses the input meanwhile). */
export interface LineReplayer extends LineSink {
  readonly tally: ReplayTally;
  /** The environments the config declares: a line naming another is bad. */
  readonly environments: readonly string[];
  /** `--changed-out` is asked for: every changed screening must come through `line`, none counted in bulk. */
  readonly writesChanged: boolean;
  /** Flags that name one policy: it is read first, and reported also when no line is of it. */
  openFlagged(): Promise<void>;
  /** The policy's versions, read and compiled when first asked for. */
  open(subject: ReplaySubject): Promise<Decider>;
  result(): { report: ReplayReport; subjectBases: Map<string, string> };
}

export function createLineReplayer(versions: (subject: ReplaySubject) => Promise<ReplayVersions>, options: LineReplayerOptions): LineReplayer {
  const tally = createReplayTally({ samples: options.samples });
  const context: ReplayLineContext = { filter: options.filter, environments: options.environments, unknownCategories: options.strict ? "refuse" : "accept" };
  const deciders = new Map<string, Decider>();
  const rules = new Map<string, ReplayRuleIds>();
  const subjectBases = new Map<string, string>();
  const decideOptions = { now: options.now.getTime() };
  const onChanged = options.onChanged;
  let last: Decider | undefined;
  const decideLine = (decider: Decider, reading: Extract<ReplayLineReading, { kind: "screening" }>, number: number): Promise<void> | undefined => {
    last = decider;
    if (reading.unknownValues) {
      const refused = tally.unknown(number, reading.unknownValues);
      if (refused !== undefined) {
        tally.bad(number, refused);
        return undefined;
      }
    }
    const base = decide(decider.base, reading.screening, decideOptions);
    const head = decide(decider.head, reading.screening, decideOptions);
    if (!decider.tally.decided(number, base, head) || !onChanged) return undefined;
    return onChanged(formatChangedScreening({ line: number, subject: decider.subject, screening: reading.screening, base, head }));
  };
  const open = async (subject: ReplaySubject): Promise<Decider> => {
    const key = subjectKeyOf(subject);
    let decider = deciders.get(key);
    if (decider) return decider;
    const pair = await versions(subject);
    decider = deciders.get(key);
    if (decider) return decider;
    decider = { subject, base: compileSubject(pair.base.side.subject), head: compileSubject(pair.head.side.subject), tally: tally.subject(subject) };
    deciders.set(key, decider);
    rules.set(key, { base: ruleIds(pair.base.side.subject), head: ruleIds(pair.head.side.subject) });
    subjectBases.set(key, pair.base.side.label);
    return decider;
  };
  return {
    tally,
    environments: options.environments,
    writesChanged: onChanged !== undefined,
    open,
    async openFlagged() {
      const { environment, providerType, scope } = options.filter;
      if (environment !== undefined && providerType !== undefined && scope !== undefined) await open({ environment, providerType, scope });
    },
    line(text, number) {
      if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim() === "")) return undefined;
      const reading = readReplayLine(text, context);
      if (reading.kind === "bad") return tally.bad(number, reading.error);
      if (reading.kind === "filtered") return tally.filtered();
      const { subject } = reading;
      // An export runs in long stretches of one policy: the one before is the likeliest.
      if (last && last.subject.environment === subject.environment && last.subject.providerType === subject.providerType && last.subject.scope === subject.scope) {
        return decideLine(last, reading, number);
      }
      const known = deciders.get(subjectKeyOf(subject));
      if (known) return decideLine(known, reading, number);
      return open(subject).then((decider) => decideLine(decider, reading, number));
    },
    tooLong(number) {
      tally.bad(number, TOO_LONG);
    },
    result() {
      return { report: tally.report((subject) => rules.get(subjectKeyOf(subject)) ?? { base: [], head: [] }), subjectBases };
    },
  };
}

/** The postScreen rule ids of each version, for the report's per-rule table. */
function ruleIds(subject: DecisionSubject): string[] {
  return subject.policy?.rules.postScreen.map((rule) => rule.id) ?? [];
}

/** Where `policyLines` hands each line: compare's and plan's count of recorded screenings (core/replay/traffic.ts). */
export interface ScreeningSink {
  decided(line: number, base: Decision, head: Decision, screening: Screening): void;
  bad(line: number, error: string): void;
  /** A line of another policy, left out as replay with --env, --vendor and --scope naming this one leaves it out. */
  filtered(): void;
}

/**
 * One policy's lines, read as `replay --env E --vendor V --scope S` reads them
 * (unknown categories decided as matching no rule), each screening decided
 * with both versions: the decisions replay's report counts, for `--traffic`.
 */
export function policyLines(sink: ScreeningSink, base: DecisionSubject, head: DecisionSubject, policy: ReplaySubject, now: Date): LineSink {
  const context: ReplayLineContext = { filter: policy, environments: [policy.environment], unknownCategories: "accept" };
  const compiledBase = compileSubject(base);
  const compiledHead = compileSubject(head);
  const options = { now: now.getTime() };
  return {
    line(text, number) {
      if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim() === "")) return;
      const reading = readReplayLine(text, context);
      if (reading.kind === "screening") sink.decided(number, decide(compiledBase, reading.screening, options), decide(compiledHead, reading.screening, options), reading.screening);
      else if (reading.kind === "filtered") sink.filtered();
      else sink.bad(number, reading.error);
    },
    tooLong(number) {
      sink.bad(number, TOO_LONG);
    },
  };
}
