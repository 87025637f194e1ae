/**
 * `screenpol compile --sql` (docs/replay.md, "Compiling a policy to SQL"):
 * the policies of the working tree, each (environment, vendor, scope) asked
 * for, compiled to one SELECT in a dialect; with a base revision, both
 * versions in one scan, as replay runs them. The SQL is written from the
 * compiled subject decide() runs over (core/semantics/sql/).
 */
import type { LintResult } from "../core/lint.js";
import { compileSubject } from "../core/semantics/subject.js";
import { compileDecisionSql, compileReplaySql, sqlDialect, type SqlDialectName } from "../core/semantics/sql/index.js";
import { SCOPES, VENDORS, type Scope, type Vendor } from "../core/vendors.js";
import { openGitRevision } from "../workspace/git-revision.js";
import { loadSubjects, subjectKey, workingTreeReader, type LoadedSubject, type SourceReader, type SubjectTarget } from "./decision-subjects.js";
import { UsageError } from "./errors.js";
import { openValidWorkspace } from "./workspace-config.js";

export interface CompileRequest {
  cwd: string;
  /** Each narrows the subjects; absent: every one the configuration declares. */
  environment?: string;
  providerType?: Vendor;
  scope?: Scope;
  dialect: SqlDialectName;
  /** The clock of address entries' expiresAt, written into the SQL. */
  now: Date;
  /** The screenings relation, as the FROM clause names it. */
  relation: string;
  /** A Git revision: compile it and the working tree into one scan (base_* and head_* columns). */
  base?: string;
}

export type CompileRun =
  | { kind: "findings"; side: "base" | "head"; label: string; lint: LintResult }
  | { kind: "sql"; statements: Array<{ target: SubjectTarget; sql: string }> };

export async function runCompile(request: CompileRequest): Promise<CompileRun> {
  const workspace = await openValidWorkspace(request.cwd);
  const environments = request.environment !== undefined ? [request.environment] : workspace.config.environments.map((environment) => environment.name);
  const targets: SubjectTarget[] = environments.flatMap((environment) =>
    VENDORS.filter((vendor) => request.providerType === undefined || vendor === request.providerType).flatMap((providerType) =>
      SCOPES.filter((scope) => request.scope === undefined || scope === request.scope).map((scope) => ({ environment, providerType, scope })),
    ),
  );
  const head = await loadSubjects(workspace.config, targets, workingTreeReader(workspace.root), { now: request.now });
  if (head.kind === "findings") return { kind: "findings", side: "head", label: "working tree", lint: head.lint };
  let base: Map<string, LoadedSubject> | undefined;
  if (request.base !== undefined) {
    const revision = await openGitRevision(workspace.root, request.base);
    const read: SourceReader = revision.read;
    const loaded = await loadSubjects(workspace.config, targets, read, { now: request.now });
    if (loaded.kind === "findings") return { kind: "findings", side: "base", label: `${request.base} (${revision.commit.slice(0, 7)})`, lint: loaded.lint };
    base = loaded.subjects;
  }
  const options = { dialect: sqlDialect(request.dialect), now: request.now.getTime(), relation: request.relation };
  const written = (loaded: LoadedSubject | undefined) => loaded !== undefined && (loaded.policyExists || loaded.addressesExist);
  const statements: Array<{ target: SubjectTarget; sql: string }> = [];
  for (const target of targets) {
    const key = subjectKey(target);
    const headSubject = head.subjects.get(key)!;
    const baseSubject = base?.get(key);
    // A subject with no policy and no entries on any side decides `policy-disabled` for everything: nothing to compile.
    if (!written(headSubject) && !written(baseSubject)) continue;
    const sql = baseSubject === undefined ? compileDecisionSql(compileSubject(headSubject.subject), options) : compileReplaySql(compileSubject(baseSubject.subject), compileSubject(headSubject.subject), options);
    statements.push({ target, sql });
  }
  if (statements.length === 0) {
    const asked = [request.environment, request.providerType, request.scope].filter((part) => part !== undefined).join("/");
    throw new UsageError(`nothing to compile: no policy or address entries${asked ? ` for ${asked}` : ""}`);
  }
  return { kind: "sql", statements };
}
