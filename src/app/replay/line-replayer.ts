/**
 * The JavaScript engine's reading of replay lines (semantics.md section 4):
 * each line read for the policy's vendor and scope and decided by the one
 * decision procedure against both versions. Its own module, as replay,
 * compare --traffic and plan --traffic each hand it their tally
 * (app/replay.ts, app/traffic.ts).
 */
import { readReplayLine } from "../../core/replay/line.js";
import type { Decision } from "../../core/semantics/decision.js";
import { compileSubject, decide, type DecisionSubject } from "../../core/semantics/index.js";
import type { Screening } from "../../core/semantics/signals.js";
import { MAX_LINE_BYTES, type LineSink } from "../../workspace/replay-input.js";
import type { SubjectTarget } from "../decision-subjects.js";

const TOO_LONG = `line too long: over ${MAX_LINE_BYTES / (1024 * 1024)} MiB, not read (a screening is one JSON object per line)`;

/** Where lineReplayer hands each line: replay's tally, or compare's and plan's count of recorded screenings (core/replay/traffic.ts). */
export interface ScreeningSink {
  decided(line: number, base: Decision, head: Decision, screening: Screening): void;
  bad(line: number, error: string): void;
}

/**
 * The JavaScript engine's reading of one line into the tally: the reference
 * every engine matches, and what the DuckDB engine hands the lines SQL
 * cannot vouch for (docs/replay.md, "Engines").
 */
export function lineReplayer(tally: ScreeningSink, base: { subject: DecisionSubject }, head: { subject: DecisionSubject }, request: { target: SubjectTarget; now: Date }): LineSink {
  const { providerType, scope } = request.target;
  const baseSubject = compileSubject(base.subject);
  const headSubject = compileSubject(head.subject);
  const options = { now: request.now.getTime() };
  return {
    line(text, number) {
      if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim() === "")) return;
      const reading = readReplayLine(text, providerType, scope);
      if (reading.ok) tally.decided(number, decide(baseSubject, reading.screening, options), decide(headSubject, reading.screening, options), reading.screening);
      else tally.bad(number, reading.error);
    },
    tooLong(number) {
      tally.bad(number, TOO_LONG);
    },
  };
}
