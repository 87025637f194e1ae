/**
 * The JavaScript engine's reading of a line and what each engine reports beside
 * its tally: shared by app/replay.ts and the DuckDB engine, which hands it the
 * lines SQL cannot vouch for (docs/replay.md, "Engines").
 */
import type { ReplayProgress } from "../../core/replay/progress.js";
import { readReplayLine } from "../../core/replay/line.js";
import type { ReplayTally } from "../../core/replay/tally.js";
import { compileSubject, decide, type DecisionSubject } from "../../core/semantics/index.js";
import { MAX_LINE_BYTES, type LineSink } from "../../workspace/replay-input.js";
import type { SubjectTarget } from "../decision-subjects.js";

const TOO_LONG = `line too long: over ${MAX_LINE_BYTES / (1024 * 1024)} MiB, not read (a screening is one JSON object per line)`;

/** One version of the policy: what it is called in the report, and what it decides with. */
export interface ReplayVersion {
  label: string;
  subject: DecisionSubject;
}

/** What an engine needs of a replay request to decide and tally the screenings. */
export interface ReplayPass {
  target: SubjectTarget;
  /** Changed screenings kept as samples. */
  samples: number;
  /** The clock of address entries' expiresAt, the same for both versions. */
  now: Date;
  onProgress?: ((progress: ReplayProgress) => void) | undefined;
}

/**
 * The JavaScript engine's reading of one line into the tally: the reference
 * every engine matches, and what the DuckDB engine hands the lines SQL
 * cannot vouch for (docs/replay.md, "Engines").
 */
export function lineReplayer(tally: ReplayTally, base: ReplayVersion, head: ReplayVersion, request: Pick<ReplayPass, "target" | "now">): LineSink {
  const { providerType, scope } = request.target;
  const baseSubject = compileSubject(base.subject);
  const headSubject = compileSubject(head.subject);
  const options = { now: request.now.getTime() };
  return {
    line(text, number) {
      if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim() === "")) return;
      const reading = readReplayLine(text, providerType, scope);
      if (reading.ok) tally.decided(number, decide(baseSubject, reading.screening, options), decide(headSubject, reading.screening, options));
      else tally.bad(number, reading.error);
    },
    tooLong(number) {
      tally.bad(number, TOO_LONG);
    },
  };
}

/** The postScreen rule ids of each version, for the report's per-rule table. */
export function replayRuleIds(base: ReplayVersion, head: ReplayVersion): { base: string[]; head: string[] } {
  return { base: ruleIds(base.subject), head: ruleIds(head.subject) };
}

function ruleIds(subject: DecisionSubject): string[] {
  return subject.policy?.rules.postScreen.map((rule) => rule.id) ?? [];
}

