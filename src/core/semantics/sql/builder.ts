/**
 * The decision procedure of semantics.md section 2 as one SQL SELECT over a
 * relation of screenings in the layout of docs/replay.md ("The column
 * layout"). Written from the compiled subject `decide` runs over
 * (subject.ts), never from a second reading of the policy, step for step in
 * decide's order: the floor, the address entries (a join), a disabled or
 * absent policy, preScreen, the postScreen rules in order, the terminal ALLOW.
 *
 * SQL's three-valued logic is kept out. A signal the vendor did not return
 * (NULL) makes its condition NULL; decide reads it as false. Under NOT (the
 * preScreen gates) that needs COALESCE(..., FALSE), or NOT NULL would stay
 * NULL where decide says true. A rule's `when` is only AND and OR of its
 * conditions and stands directly under WHEN, which takes NULL as not true: a
 * formula without NOT is true in three-valued logic exactly when it is true
 * with every NULL read as false, so it is written bare (COALESCE around each
 * of 80 conditions cost a fifth of a replay's scan; docs/replay.md).
 */
import type { Action } from "../../vendors.js";
import { STEPS, type Decision, type Step } from "../decision.js";
import type { Condition, Term, When } from "../conditions.js";
import { RISK_LEVELS } from "../signals.js";
import type { CompiledSubject } from "../subject.js";
import { doubleLiteral, integerLiteral, type SqlDialect } from "./dialect.js";

/** The alias of the screenings relation in every emitted query. */
const ROW = "s";

/**
 * What decided, as a small integer (the engine groups by it): the steps of
 * decision.ts STEPS in their order, then postScreen rule `i` as
 * RULE_STEP_BASE + i. An integer rather than the rule id, as a rule's id may
 * read like a step's name.
 */
export const STEP_CODES: Readonly<Record<Step, number>> = Object.fromEntries(STEPS.map((step, index) => [step, index])) as Record<Step, number>;
export const RULE_STEP_BASE = STEPS.length;

export interface DecisionSqlOptions {
  dialect: SqlDialect;
  /** The clock of address entries' expiresAt (epoch milliseconds), fixed when the SQL is written, as `--now` fixes it for decide. */
  now: number;
  /** The screenings relation, written into the FROM clause as given: a table name, or DuckDB's `read_parquet('...')`. */
  relation: string;
  /** Columns of the relation passed through beside `line` (the DuckDB engine's `ok`). */
  carry?: readonly string[];
}

/** One version's part of a query: its join of address entries, and the columns that say what decided. */
interface VersionColumns {
  joins: string[];
  /** `<prefix>step`, and `<prefix>entry_action` (the action of the address entry that applied, or NULL). */
  step: string;
  entryAction: string;
}

/**
 * The decision for one subject: `line`, `action` and `decided_by` per row of
 * `relation`, as decide() gives them.
 */
export function compileDecisionSql(subject: CompiledSubject, options: DecisionSqlOptions): string {
  const { dialect } = options;
  const version = versionColumns(subject, "", options);
  const id = dialect.identifier;
  return [
    "SELECT",
    `  decided.${id("line")},`,
    `  ${indent(actionCase(subject, "decided.step", "decided.entry_action", dialect), 2)} AS ${id("action")},`,
    `  ${indent(byCase(subject, "decided.step", dialect), 2)} AS ${id("decided_by")}`,
    "FROM (",
    `  SELECT`,
    `    ${ROW}.${id("line")},`,
    `    ${version.entryAction} AS entry_action,`,
    `    ${indent(version.step, 4)} AS step`,
    `  FROM ${options.relation} AS ${ROW}`,
    ...version.joins.map((join) => `  ${indent(join, 2)}`),
    ") AS decided",
  ].join("\n");
}

/**
 * Two versions in one scan (what replay runs): `line`, then `base_action`,
 * `base_decided_by`, `head_action` and `head_decided_by`.
 */
export function compileReplaySql(base: CompiledSubject, head: CompiledSubject, options: DecisionSqlOptions): string {
  const { dialect } = options;
  const id = dialect.identifier;
  const inner = replayStepsSql(base, head, options);
  return [
    "SELECT",
    `  decided.${id("line")},`,
    `  ${indent(actionCase(base, "decided.base_step", "decided.base_entry_action", dialect), 2)} AS base_action,`,
    `  ${indent(byCase(base, "decided.base_step", dialect), 2)} AS base_decided_by,`,
    `  ${indent(actionCase(head, "decided.head_step", "decided.head_entry_action", dialect), 2)} AS head_action,`,
    `  ${indent(byCase(head, "decided.head_step", dialect), 2)} AS head_decided_by`,
    "FROM (",
    `  ${indent(inner, 2)}`,
    ") AS decided",
  ].join("\n");
}

/**
 * The inner query of compileReplaySql: `line`, `base_step`,
 * `base_entry_action`, `head_step`, `head_entry_action`. The DuckDB engine
 * groups by these and reads them back with decisionOfStep.
 */
export function replayStepsSql(base: CompiledSubject, head: CompiledSubject, options: DecisionSqlOptions): string {
  const id = options.dialect.identifier;
  const baseColumns = versionColumns(base, "base_", options);
  const headColumns = versionColumns(head, "head_", options);
  return [
    "SELECT",
    `  ${ROW}.${id("line")},`,
    ...(options.carry ?? []).map((name) => `  ${ROW}.${id(name)},`),
    `  ${indent(baseColumns.step, 2)} AS base_step,`,
    `  ${baseColumns.entryAction} AS base_entry_action,`,
    `  ${indent(headColumns.step, 2)} AS head_step,`,
    `  ${headColumns.entryAction} AS head_entry_action`,
    `FROM ${options.relation} AS ${ROW}`,
    ...baseColumns.joins,
    ...headColumns.joins,
  ].join("\n");
}

/** The decision a step code stands for (the inverse of the CASE the builder writes). */
export function decisionOfStep(subject: CompiledSubject, step: number, entryAction: string | null): Decision {
  if (step >= RULE_STEP_BASE) {
    const rule = subject.rules[step - RULE_STEP_BASE];
    if (rule === undefined) throw new RangeError(`step ${step}: the policy has ${subject.rules.length} rules`);
    return { action: rule.action, by: rule.id };
  }
  const name = STEPS[step];
  switch (name) {
    case "sanctions-floor":
      return { action: "BLOCK", by: name };
    case "address-entry":
      if (entryAction !== "ALLOW" && entryAction !== "BLOCK") throw new RangeError(`an address entry decided with action ${String(entryAction)}`);
      return { action: entryAction, by: name };
    case "policy-disabled":
    case "pre-screen":
    case "terminal-allow":
      return { action: "ALLOW", by: name };
    default:
      throw new RangeError(`no step ${step}`);
  }
}

function versionColumns(subject: CompiledSubject, prefix: string, options: DecisionSqlOptions): VersionColumns {
  const { dialect } = options;
  const id = dialect.identifier;
  const column = (path: string) => `${ROW}.${path.split(".").map(id).join(".")}`;
  const entries = applicableEntries(subject, options.now);
  const alias = `${prefix}entry`;
  const joins: string[] = [];
  let entryAction = "NULL";
  if (entries.length > 0) {
    // One row per (chain, address): the first entry that applies, so the join never multiplies a screening.
    const rows = entries.map((entry) => [dialect.string(entry.chain), dialect.string(entry.address), dialect.string(entry.action)]);
    const address = `CASE WHEN ${column("chain")} = ${dialect.string("EVM")} THEN LOWER(${column("address")}) ELSE ${column("address")} END`;
    joins.push(
      `LEFT JOIN ${dialect.inlineTable(alias, ["chain", "address", "action"], rows)}\n  ON ${alias}.chain = ${column("chain")} AND ${alias}.address = ${address}`,
    );
    entryAction = `${alias}.action`;
  }
  const arms: string[] = [`WHEN COALESCE(${column("sanctioned")}, FALSE) THEN ${STEP_CODES["sanctions-floor"]}`];
  if (entries.length > 0) arms.push(`WHEN ${entryAction} IS NOT NULL THEN ${STEP_CODES["address-entry"]}`);
  const policy = subject.subject.policy;
  let otherwise: number;
  if (policy === undefined || !policy.enabled) {
    otherwise = STEP_CODES["policy-disabled"];
  } else {
    const gate = gateCondition(subject, column, dialect);
    if (gate !== undefined) arms.push(`WHEN ${gate} THEN ${STEP_CODES["pre-screen"]}`);
    for (const rule of subject.rules) arms.push(`WHEN ${whenCondition(rule.when, column, dialect)} THEN ${RULE_STEP_BASE + rule.index}`);
    otherwise = STEP_CODES["terminal-allow"];
  }
  return { joins, step: ["CASE", ...arms.map((arm) => `  ${arm}`), `  ELSE ${otherwise}`, "END"].join("\n"), entryAction };
}

/**
 * The entries that can decide at `now`: for each chain and address (EVM
 * lower-cased), the first in file order that has not expired, as decide's
 * entryFor picks it. An entry that expired can never apply, so it is left out.
 */
function applicableEntries(subject: CompiledSubject, now: number): Array<{ chain: string; address: string; action: Action }> {
  const result: Array<{ chain: string; address: string; action: Action }> = [];
  for (const candidates of subject.entries.values()) {
    const first = candidates.find((candidate) => now < candidate.expiresAt);
    if (first === undefined) continue;
    const { chain, address, action } = first.entry;
    result.push({ chain, address: chain === "EVM" ? address.toLowerCase() : address, action });
  }
  return result;
}

type ColumnOf = (path: string) => string;

/** Why preScreen keeps the vendor out (semantics.md section 2, step 4), or undefined when it never does. */
function gateCondition(subject: CompiledSubject, column: ColumnOf, dialect: SqlDialect): string | undefined {
  const gates: string[] = [];
  const preScreen = subject.subject.policy?.rules.preScreen;
  if (subject.chains) {
    const chains = [...subject.chains];
    gates.push(chains.length === 0 ? "TRUE" : `NOT COALESCE(${column("chain")} IN (${chains.map(dialect.string).join(", ")}), FALSE)`);
  }
  if (subject.subject.scope === "TRANSACTION") {
    // An unknown (NULL) amount is never below the minimum: the vendor is consulted (docs/semantics.md).
    if (preScreen?.minAmountUsd !== undefined) gates.push(`COALESCE(${column("transfer.amountUsd")} < ${doubleLiteral(preScreen.minAmountUsd)}, FALSE)`);
    if (preScreen?.tokens !== undefined) {
      // An absent token is the native coin, in no `tokens` list: no match, so the gate holds.
      const matches = preScreen.tokens.map((token) => {
        const contract = column("transfer.token.contractAddress");
        const address = token.chain === "EVM" ? `LOWER(${contract}) = ${dialect.string(token.contractAddress.toLowerCase())}` : `${contract} = ${dialect.string(token.contractAddress)}`;
        return `(${column("transfer.token.chain")} = ${dialect.string(token.chain)} AND ${column("transfer.token.networkId")} = ${integerLiteral(token.networkId)} AND ${address})`;
      });
      gates.push(matches.length === 0 ? "TRUE" : `NOT COALESCE(${matches.join(" OR ")}, FALSE)`);
    }
  }
  if (gates.length === 0) return undefined;
  return gates.length === 1 ? gates[0] : gates.map((gate) => `(${gate})`).join(" OR ");
}

/**
 * A `when`: every condition, and one `anyOf` alternative in full. Only AND
 * and OR: NULL where a signal is missing, never true, so it may only stand
 * where NULL reads as false (directly under WHEN).
 */
function whenCondition(when: When, column: ColumnOf, dialect: SqlDialect): string {
  const parts = when.all.map((term) => termCondition(term, column, dialect));
  if (when.anyOf !== undefined) {
    const alternatives = when.anyOf.map((alternative) => conjunction(alternative.map((term) => termCondition(term, column, dialect))));
    parts.push(alternatives.length === 0 ? "FALSE" : `(${alternatives.join(" OR ")})`);
  }
  return conjunction(parts);
}

function conjunction(parts: readonly string[]): string {
  if (parts.length === 0) return "TRUE";
  return parts.length === 1 ? parts[0]! : `(${parts.join(" AND ")})`;
}

function termCondition(term: Term, column: ColumnOf, dialect: SqlDialect): string {
  return `(${conditionSql(term.condition, column, dialect)})`;
}

/** One condition of semantics.md section 2's table, as conditions.ts `holds` reads it; bounds inclusive. */
function conditionSql(condition: Condition, column: ColumnOf, dialect: SqlDialect): string {
  const id = dialect.identifier;
  switch (condition.kind) {
    case "riskScore": {
      const score = column("signals.riskScore");
      return `${score} >= ${doubleLiteral(condition.low)} AND ${score} <= ${doubleLiteral(condition.high)}`;
    }
    case "riskLevel":
      return `${column("signals.riskLevel")} IN (${RISK_LEVELS.slice(condition.atLeast).map(dialect.string).join(", ")})`;
    case "cluster":
    case "entity":
      return `${column(`signals.${condition.kind}.category`)} = ${dialect.string(condition.category)}`;
    case "exposure": {
      // The largest percent of the category and direction meets the threshold exactly when some one exposure does.
      const tests = [`e.${id("category")} = ${dialect.string(condition.category)}`];
      if (condition.direction !== "any") tests.push(`e.${id("direction")} = ${dialect.string(condition.direction)}`);
      tests.push(`e.${id("percent")} >= ${doubleLiteral(condition.minPercent)}`);
      return dialect.anyElement(column("signals.exposures"), "e", tests.join(" AND "));
    }
    case "indicator": {
      const tests = [
        `i.${id("category")} = ${dialect.string(condition.category)}`,
        `i.${id("riskType")} = ${dialect.string(condition.riskType)}`,
        `i.${id("volumeUsd")} >= ${doubleLiteral(condition.minVolumeUsd)}`,
      ];
      return dialect.anyElement(column("signals.indicators"), "i", tests.join(" AND "));
    }
  }
}

function actionCase(subject: CompiledSubject, step: string, entryAction: string, dialect: SqlDialect): string {
  const arms = [`WHEN ${STEP_CODES["sanctions-floor"]} THEN ${dialect.string("BLOCK")}`, `WHEN ${STEP_CODES["address-entry"]} THEN ${entryAction}`];
  for (const rule of subject.rules) arms.push(`WHEN ${RULE_STEP_BASE + rule.index} THEN ${dialect.string(rule.action)}`);
  return ["CASE " + step, ...arms.map((arm) => `  ${arm}`), `  ELSE ${dialect.string("ALLOW")}`, "END"].join("\n");
}

function byCase(subject: CompiledSubject, step: string, dialect: SqlDialect): string {
  const arms = STEPS.map((name) => `WHEN ${STEP_CODES[name]} THEN ${dialect.string(name)}`);
  for (const rule of subject.rules) arms.push(`WHEN ${RULE_STEP_BASE + rule.index} THEN ${dialect.string(rule.id)}`);
  return ["CASE " + step, ...arms.map((arm) => `  ${arm}`), "END"].join("\n");
}

function indent(text: string, spaces: number): string {
  return text.replaceAll("\n", `\n${" ".repeat(spaces)}`);
}
