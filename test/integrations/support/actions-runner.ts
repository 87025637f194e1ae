/**
 * A small stand-in for the GitHub Actions runner, enough to execute a composite
 * action's steps as written: inputs with their defaults, `${{ }}` expressions of
 * the forms action.yml uses, `if:` conditions joined with `&&`, step outputs
 * through GITHUB_OUTPUT, the job summary, and bash run as the runner runs it
 * (`bash --noprofile --norc -eo pipefail`). `uses:` steps are handed to the
 * caller, which stands in for each action. Anything outside this subset throws,
 * so the action cannot quietly grow beyond what the tests exercise.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "yaml";

export interface ActionStep {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  "working-directory"?: string;
}

export interface ActionFile {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export interface StepRecord {
  id: string | undefined;
  name: string | undefined;
  status: "success" | "failure" | "skipped";
  /** For `run:` steps: what the shell printed (stdout and stderr). */
  output: string;
  outputs: Record<string, string>;
  /** For `uses:` steps: the action and its evaluated `with:` and `env:`. */
  uses?: { action: string; with: Record<string, string>; env: Record<string, string> };
}

export interface RunOptions {
  action: ActionFile;
  inputs: Record<string, string>;
  /** GITHUB_WORKSPACE: the checkout the action runs on. */
  workspace: string;
  actionPath: string;
  /** The `github.event` payload. */
  event: Record<string, unknown>;
  eventName: string;
  /** Environment of the job (PATH, node, ...); the runner's variables are added. */
  env: NodeJS.ProcessEnv;
  /** Stands in for a `uses:` step; return its outputs, or throw to fail the step. */
  uses(step: { action: string; with: Record<string, string>; env: Record<string, string> }): Promise<Record<string, string>> | Record<string, string>;
  /** `secrets.*` of a workflow's steps. */
  secrets?: Record<string, string>;
  /** A `run:` step the caller takes over (the install step); return its outputs. */
  replaceRun?(step: ActionStep, resolved: { script: string; cwd: string }): Record<string, string> | undefined;
}

export interface ActionRun {
  steps: StepRecord[];
  outputs: Record<string, string>;
  summary: string;
  status: "success" | "failure";
  temp: string;
}

export function loadAction(path: string): ActionFile {
  return parse(readFileSync(path, "utf8")) as ActionFile;
}

/** Runs every step of a composite action, in order, as the runner would. */
export async function runCompositeAction(options: RunOptions): Promise<ActionRun> {
  const temp = mkdtempSync(join(tmpdir(), "screenpol-runner-"));
  const summaryFile = join(temp, "step-summary.md");
  writeFileSync(summaryFile, "");
  // As on GitHub: the event payload as a file, for steps that read it rather than expressions.
  const eventFile = join(temp, "event.json");
  writeFileSync(eventFile, JSON.stringify(options.event));
  const steps: Record<string, { outputs: Record<string, string>; outcome: string }> = {};
  const inputs: Record<string, string> = {};
  const context = (): Record<string, unknown> => ({
    inputs,
    github: { action_path: options.actionPath, workspace: options.workspace, token: "ghs_test-token-of-the-job", event: options.event, event_name: options.eventName },
    runner: { temp },
    secrets: options.secrets ?? {},
    steps,
  });
  for (const [name, spec] of Object.entries(options.action.inputs)) {
    inputs[name] = options.inputs[name] ?? substitute(spec.default ?? "", context());
  }
  for (const name of Object.keys(options.inputs)) if (!(name in options.action.inputs)) throw new Error(`action.yml has no input "${name}"`);

  const records: StepRecord[] = [];
  let failed = false;
  let number = 0;
  for (const step of options.action.runs.steps) {
    number++;
    const record: StepRecord = { id: step.id, name: step.name, status: "skipped", output: "", outputs: {} };
    records.push(record);
    const condition = step.if ?? "success()";
    if (!evaluateCondition(condition, context(), failed)) continue;
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, substitute(String(value), context())]));
    try {
      if (step.uses !== undefined) {
        const withValues = Object.fromEntries(Object.entries(step.with ?? {}).map(([key, value]) => [key, substitute(String(value), context())]));
        record.uses = { action: step.uses, with: withValues, env };
        record.outputs = await options.uses(record.uses);
        record.status = "success";
      } else if (step.run !== undefined) {
        if ((step.shell ?? "bash") !== "bash") throw new Error(`step ${step.name}: only shell: bash is supported`);
        const script = substitute(step.run, context());
        // As on GitHub: a relative working-directory is relative to the workspace.
        const cwd = step["working-directory"] ? resolve(options.workspace, substitute(step["working-directory"], context())) : options.workspace;
        const replaced = options.replaceRun?.(step, { script, cwd });
        if (replaced !== undefined) {
          record.outputs = replaced;
          record.status = "success";
        } else {
          const outputFile = join(temp, `output-${number}`);
          writeFileSync(outputFile, "");
          const scriptFile = join(temp, `step-${number}.sh`);
          writeFileSync(scriptFile, script);
          const result = await bash(scriptFile, cwd, {
            ...options.env,
            ...env,
            CI: "true",
            GITHUB_ACTIONS: "true",
            GITHUB_WORKSPACE: options.workspace,
            GITHUB_ACTION_PATH: options.actionPath,
            GITHUB_OUTPUT: outputFile,
            GITHUB_STEP_SUMMARY: summaryFile,
            GITHUB_EVENT_NAME: options.eventName,
            GITHUB_EVENT_PATH: eventFile,
            RUNNER_TEMP: temp,
          });
          record.output = result.output;
          record.outputs = parseOutputFile(readFileSync(outputFile, "utf8"));
          record.status = result.code === 0 ? "success" : "failure";
        }
      } else {
        throw new Error(`step ${number} has neither run nor uses`);
      }
    } catch (error) {
      record.status = "failure";
      record.output += `\n[runner] ${error instanceof Error ? error.message : String(error)}`;
    }
    if (step.id) steps[step.id] = { outputs: record.outputs, outcome: record.status };
    if (record.status === "failure") failed = true;
  }
  const outputs = Object.fromEntries(Object.entries(options.action.outputs ?? {}).map(([name, spec]) => [name, substitute(spec.value, context())]));
  return { steps: records, outputs, summary: readFileSync(summaryFile, "utf8"), status: failed ? "failure" : "success", temp };
}

function bash(scriptFile: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile("bash", ["--noprofile", "--norc", "-eo", "pipefail", scriptFile], { cwd, env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === "number" ? ((error as { code: number }).code) : 1) : 0;
      resolve({ code, output: stdout + stderr });
    });
  });
}

/** `name=value` lines (the only GITHUB_OUTPUT form action.yml writes). */
function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (/^[\w-]+<</.test(line)) throw new Error("multi-line GITHUB_OUTPUT values are not supported by this stand-in");
    const at = line.indexOf("=");
    if (at <= 0) throw new Error(`malformed GITHUB_OUTPUT line: ${line}`);
    outputs[line.slice(0, at)] = line.slice(at + 1);
  }
  return outputs;
}

/** Replaces every `${{ expression }}` with its value as text, as the runner does in scripts and values. */
export function substitute(text: string, context: Record<string, unknown>): string {
  return text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_match, expression: string) => {
    const value = evaluateExpression(expression, context);
    return value === undefined || value === null ? "" : String(value);
  });
}

/** `if:` without `${{ }}`: terms joined with `&&`; the step runs after a failure only with always(). */
function evaluateCondition(condition: string, context: Record<string, unknown>, failed: boolean): boolean {
  const expression = condition.replace(/^\$\{\{\s*|\s*\}\}$/g, "");
  const terms = expression.split("&&").map((term) => term.trim());
  const always = terms.includes("always()");
  if (failed && !always) return false;
  return terms.every((term) => {
    if (term === "always()" || term === "success()") return true;
    return truthy(evaluateExpression(term, context));
  });
}

function evaluateExpression(expression: string, context: Record<string, unknown>): unknown {
  if (expression.includes("||")) throw new Error(`unsupported expression (||): ${expression}`);
  if (expression.includes("&&")) return expression.split("&&").every((term) => truthy(evaluateExpression(term.trim(), context)));
  const comparison = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(expression);
  if (comparison) {
    const left = String(evaluateOperand(comparison[1]!.trim(), context) ?? "");
    const right = String(evaluateOperand(comparison[3]!.trim(), context) ?? "");
    return comparison[2] === "==" ? left === right : left !== right;
  }
  return evaluateOperand(expression.trim(), context);
}

function evaluateOperand(operand: string, context: Record<string, unknown>): unknown {
  const literal = /^'(.*)'$/.exec(operand);
  if (literal) return literal[1]!.replace(/''/g, "'");
  if (/^\d+$/.test(operand)) return Number(operand);
  if (!/^[A-Za-z_][\w-]*(\.[\w-]+)*$/.test(operand)) throw new Error(`unsupported expression: ${operand}`);
  let value: unknown = context;
  for (const part of operand.split(".")) value = value === undefined || value === null ? undefined : (value as Record<string, unknown>)[part];
  return value;
}

function truthy(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false && value !== "" && value !== 0;
}
