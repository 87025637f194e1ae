/**
 * A comparison's weakenings as a reviewer reads them (docs/semantics.md,
 * "Causes and regions of a weakening"), shared by compare's and plan's
 * pretty and markdown output and push's refusal: per cause its headline,
 * what every screening it weakens has in common (`where ...`), then each
 * weakening transition in words with the rest of its region and an example.
 * A comparison without causes (not computed: the bound; a plan.json of an
 * older screenpol) reads as before, one line per transition.
 */
import { BEFORE_VENDOR } from "../semantics/decision.js";
import { describeExample, describeTransition } from "../semantics/weakening/describe.js";
import type { RegionBox, RegionConstraint, SubjectComparison, TrafficTotals, Transition } from "../semantics/weakening/model.js";
import { formatCount } from "../replay/progress.js";
import { transitionDirection } from "../replay/tally.js";
import { describeBox, describeConstraint, inReadingOrder } from "../semantics/weakening/region-view.js";
import { isWeakening } from "../semantics/weakening/verdict.js";

/** Boxes of one transition's region shown in words; the rest are counted (JSON lists every one). */
export const MAX_BOXES_SHOWN = 3;

export interface CauseBlock {
  /** The cause's headline, or, without causes, the transition's line. */
  heading: string;
  /** The lines below it, one indentation level down. */
  lines: Array<{ text: string; transition?: Transition }>;
  /** Without causes: the one transition the heading says. */
  transition?: Transition;
}

/** The weakenings of one comparison, by cause; empty when it has none. */
export function weakeningBlocks(comparison: Pick<SubjectComparison, "transitions" | "causes" | "regionsReason" | "traffic">): CauseBlock[] {
  const weakenings = comparison.transitions.filter(isWeakening);
  if (weakenings.length === 0) return [];
  const affects = (shown: readonly Transition[]): CauseBlock["lines"] => {
    const line = affectsLine(shown, comparison.traffic);
    return line === undefined ? [] : [{ text: line }];
  };
  if (comparison.causes === undefined) {
    const blocks: CauseBlock[] = weakenings.map((transition) => ({ heading: describeTransition(transition), lines: affects([transition]), transition }));
    if (comparison.regionsReason !== undefined) blocks.push({ heading: `causes and regions not computed: ${comparison.regionsReason}`, lines: [] });
    return blocks;
  }
  return comparison.causes.flatMap((cause) => {
    const shown = cause.transitions.filter(isWeakening);
    if (shown.length === 0) return [];
    const common = commonConstraints(shown.map(shownRegions));
    const lines: CauseBlock["lines"] = [...affects(shown), ...(common.length > 0 ? [{ text: `where ${inReadingOrder(common).map(describeConstraint).join(", ")}` }] : [])];
    for (const transition of shown) lines.push({ text: transitionLine(transition, common), transition });
    return [{ heading: cause.headline, lines }];
  });
}

/**
 * `affects 942 of 269,853 recorded screenings (0.35%)`: the recorded
 * screenings the shown transitions happen on (docs/semantics.md, "Recorded
 * screenings of a weakening"); undefined without recorded screenings.
 */
function affectsLine(shown: readonly Transition[], traffic: TrafficTotals | undefined): string | undefined {
  if (traffic === undefined || shown.some((transition) => transition.recorded === undefined)) return undefined;
  const affected = shown.reduce((sum, transition) => sum + transition.recorded!, 0);
  return `affects ${formatCount(affected)} of ${formatCount(traffic.screenings)} recorded screenings${shareOf(affected, traffic.screenings)}`;
}

/**
 * The totals of the recorded screenings of one policy, replay's counts:
 * `sandbox/.../TRANSACTION: 942 of 269,853 recorded screenings in day.jsonl.gz
 * decided less strictly (0.35%), 12 more strictly, 3 by another rule or step
 * with the same action; 2 lines skipped (line 7: not valid JSON ...)`.
 */
export function trafficLine(target: string, traffic: TrafficTotals): string {
  const by = (direction: -1 | 0 | 1) => traffic.transitions.filter((transition) => transitionDirection(transition) === direction).reduce((sum, transition) => sum + transition.count, 0);
  const weaker = by(-1);
  const skipped = `${formatCount(traffic.skipped)} ${traffic.skipped === 1 ? "line" : "lines"} skipped`;
  const first = traffic.firstSkipped === undefined ? "" : ` (${traffic.skipped === 1 ? "" : "the first: "}line ${traffic.firstSkipped.line}: ${traffic.firstSkipped.error})`;
  return (
    `${target}: ${formatCount(weaker)} of ${formatCount(traffic.screenings)} recorded screenings in ${traffic.file} decided less strictly${shareOf(weaker, traffic.screenings)}, ` +
    `${formatCount(by(1))} more strictly, ${formatCount(by(0))} by another rule or step with the same action; ${skipped}${first}`
  );
}

/** ` (0.35%)`, two decimals; a share that rounds to nothing but is not nothing reads `<0.01%`; none of nothing says nothing. */
function shareOf(part: number, whole: number): string {
  if (whole === 0) return "";
  const percent = (part * 100) / whole;
  return ` (${part > 0 && percent < 0.005 ? "<0.01" : percent.toFixed(2)}%)`;
}

/** `<transition in words>, when <box>; or <box> (e.g. <example>)`, the constraints said above left out. */
function transitionLine(transition: Transition, common: readonly RegionConstraint[]): string {
  const said = new Set(common.map((constraint) => JSON.stringify(constraint)));
  const boxes: RegionBox[] = shownRegions(transition).map((box) => box.filter((constraint) => !said.has(JSON.stringify(constraint))));
  const words = transition.words ?? `${transition.from.action} (${transition.from.by}) -> ${transition.to.action} (${transition.to.by})`;
  const everywhere = boxes.length === 0 || boxes.some((box) => box.length === 0);
  const region = everywhere ? "" : `, when ${boxes.slice(0, MAX_BOXES_SHOWN).map(describeBox).join("; or ")}${boxes.length > MAX_BOXES_SHOWN ? `; and ${boxes.length - MAX_BOXES_SHOWN} more boxes (--format json lists them)` : ""}`;
  return `${words}${region} (e.g. ${describeExample(transition).replace(/^when /, "")})`;
}

const SIGNALS: ReadonlySet<RegionConstraint["on"]> = new Set(["riskScore", "exposure", "cluster", "riskLevel", "indicator", "entity"]);

/**
 * The boxes a transition's words say. Where one side decides before the
 * vendor (not screened, an address entry) and the other by its rules, the
 * signals of the region are exactly those on which that side's rule (or
 * terminal allow) decides, which the transition already names: only the
 * context is said (JSON keeps every constraint).
 */
function shownRegions(transition: Transition): RegionBox[] {
  const regions = transition.regions ?? [[]];
  if (BEFORE_VENDOR.has(transition.from.by) === BEFORE_VENDOR.has(transition.to.by)) return regions;
  const seen = new Set<string>();
  return regions.flatMap((box) => {
    const context = box.filter((constraint) => !SIGNALS.has(constraint.on));
    const key = JSON.stringify(context);
    if (seen.has(key)) return [];
    seen.add(key);
    return [context];
  });
}

/** The constraints every box of every region has, as written: said once above the transitions. */
function commonConstraints(regions: ReadonlyArray<readonly RegionBox[]>): RegionConstraint[] {
  const boxes = regions.flat();
  if (boxes.length === 0) return [];
  const [first, ...rest] = boxes;
  return first!.filter((constraint) => rest.every((box) => box.some((other) => JSON.stringify(other) === JSON.stringify(constraint))));
}

/** The blocks as indented lines: the heading, then its lines two spaces in. */
export function weakeningLinesOf(target: string, comparison: Pick<SubjectComparison, "transitions" | "causes" | "regionsReason" | "traffic">): string[] {
  return weakeningBlocks(comparison).flatMap((block) => [`${target}: ${block.heading}`, ...block.lines.map((line) => `  ${line.text}`)]);
}
