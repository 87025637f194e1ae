/**
 * screenpol as a library: the same diagnostics as the CLI.
 *
 *     import { lint } from "screenpol";
 *     const { diagnostics } = await lint(["policies/"], { cwd });
 */
import { runLint, type LintRequest, type LintRun } from "./app/lint.js";

export type { Diagnostic, Code, Severity } from "./core/diagnostic.js";
export { CODES } from "./core/diagnostic.js";
export { CODE_INFO } from "./core/codes.js";
export { lintSources, lintText, createLintSession, type SourceFile, type LintResult, type LintOptions } from "./core/lint.js";
export { formatReport, FORMAT_NAMES, type FormatName } from "./core/formats/index.js";
export type { LintRequest, LintRun } from "./app/lint.js";

/** Lints files or folders (default: the repository's config, policies and webhooks) as `screenpol lint` does. */
export function lint(paths: readonly string[] = [], options: Omit<LintRequest, "paths"> = {}): Promise<LintRun> {
  return runLint({ ...options, paths });
}

export { computePlan, PLAN_FORMAT_VERSION, type Plan, type PlanEntry, type PlanKind } from "./core/plan/index.js";
export { runPlan as plan, type PlanRequest, type PlanRun } from "./app/plan.js";
export { createClient, RemoteError, UsageError, type RemoteClient, type ClientOptions } from "./remote/index.js";
export { createEmulator } from "./emulator/index.js";

/**
 * What a policy does (semantics.md): one screening in, one decision out.
 *
 *     import { decide } from "screenpol";
 *     const { action, by } = decide({ providerType, scope, policy, addressEntries }, screening, { now: new Date() });
 */
export {
  decide,
  readScreening,
  STEPS,
  STRICTNESS,
  type DecideOptions,
  type Decision,
  type Step,
  type TraceEntry,
  type DecisionSubject,
  type PolicyDocument,
  type AddressEntryDocument,
  type Screening,
  type ScopedScreening,
  type Signals,
} from "./core/semantics/index.js";
