/**
 * plan.json read back for `push --plan`: its shape is schemas/plan.schema.json
 * (published, precompiled at build time), checked here with what a schema
 * cannot say: each body is based on its entry's revision and matches its
 * recorded hash, so a plan edited after review is refused.
 */
import { bodyHash } from "../canonical.js";
import { SCHEMAS } from "../generated/schemas.js";
import type { Plan } from "./model.js";
import { shapeProblem } from "../validate.js";

/** The plan format this screenpol reads: the schema's `formatVersion` (model.ts's PLAN_FORMAT_VERSION; a test holds them equal). */
const READ_FORMAT_VERSION = SCHEMAS.plan.properties.formatVersion.const;

export type ParsedPlan = { ok: true; plan: Plan } | { ok: false; reason: string };

/** Reads plan.json text back into a Plan. Never throws: the reason is one line. */
export function parsePlan(text: string): ParsedPlan {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: "it is not JSON" };
  }
  // The version first: a plan of another format fails the rest for that one reason.
  const version = typeof data === "object" && data !== null && !Array.isArray(data) ? (data as { formatVersion?: unknown }).formatVersion : undefined;
  if (version !== READ_FORMAT_VERSION) {
    return { ok: false, reason: `formatVersion is ${JSON.stringify(version) ?? "missing"}; this screenpol reads plan format ${READ_FORMAT_VERSION}` };
  }
  const problem = shapeProblem("plan", data);
  if (problem) return { ok: false, reason: `${problem.path || "the plan"} ${problem.expectation}` };
  const plan = data as Plan;
  for (const [index, entry] of plan.entries.entries()) {
    if (entry.kind === "live-only") continue;
    const name = `${entry.environment}/${entry.providerType}/${entry.resource === "policy" ? entry.scope : "addresses"}`;
    if (entry.body.revision !== entry.baseRevision) {
      return { ok: false, reason: `entries[${index}]: ${name}: body.revision ${JSON.stringify(entry.body.revision)} is not the planned base revision ${entry.baseRevision}` };
    }
    if (entry.bodySha256 !== bodyHash(entry.body)) {
      return { ok: false, reason: `entries[${index}]: ${name}: the body does not match its recorded hash (the plan was edited after it was made)` };
    }
  }
  return { ok: true, plan };
}
