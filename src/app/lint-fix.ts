/**
 * `lint --fix` and `--fix-dry-run` (ESLint's): the findings with one safe fix
 * (core/lint-fixes.ts) fixed in the files, each written whole, then the lint run
 * again. A fix can make another finding fixable, so the fix passes repeat,
 * at most {@link MAX_PASSES} times, until a pass fixes nothing: a second
 * `--fix` then changes nothing.
 */
import { join } from "node:path";
import { applyFixes, fixesOf } from "../core/lint-fixes.js";
import { classifyPath } from "../core/layout.js";
import { writeFileAtomic } from "../workspace/atomic-write.js";
import { toRepositoryPath } from "../workspace/repository.js";
import { UsageError } from "./errors.js";
import { runLint, type LintRequest, type LintRun } from "./lint.js";
import { openWorkspace } from "./workspace-config.js";

const MAX_PASSES = 5;

export interface FixedFile {
  /** As the lint names it. */
  file: string;
  before: string;
  after: string;
  /** Findings fixed in it. */
  fixed: number;
}

export interface LintFixRun {
  /** The lint after the fixes (with `write`), or of the files as they are (dry run). */
  run: LintRun;
  /** Each file a fix changed, with its text before the first fix and after the last. */
  files: FixedFile[];
  /** The error findings the fixes removed (a dry run's exit code counts without them). */
  fixedErrors: number;
}

export async function runLintFix(request: LintRequest & { write: boolean }): Promise<LintFixRun> {
  if (request.staged) throw new UsageError("--fix and --fix-dry-run fix the working tree, not the Git index: drop --staged (fix, `git add`, then lint --staged)");
  const cwd = request.cwd ?? process.cwd();
  const { config } = await openWorkspace(cwd);
  const files = new Map<string, FixedFile>();
  let fixedErrors = 0;
  let run = await runLint(request);
  for (let pass = 0; pass < (request.write ? MAX_PASSES : 1); pass++) {
    const byFile = new Map<string, typeof run.diagnostics>();
    for (const d of run.diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
    let changed = false;
    for (const [file, diagnostics] of byFile) {
      const text = run.sources.get(file);
      if (text === undefined) continue;
      const absolute = join(run.displayRoot, file);
      const role = classifyPath(toRepositoryPath(run.root, absolute), config);
      const fixes = fixesOf(diagnostics, run.data.get(file), role, run.catalog.status === "loaded" || run.catalog.status === "given" ? run.catalog.index : undefined);
      const { text: after, applied } = applyFixes(text, fixes);
      if (after === text) continue;
      changed = true;
      // Every fixable finding is an error (schema, token-by-symbol, address-format, yaml-syntax). A fix skipped in this pass
      // (its place overlapped another's) is counted in the pass that applies it.
      fixedErrors += applied;
      const entry = files.get(file);
      files.set(file, { file, before: entry?.before ?? text, after, fixed: (entry?.fixed ?? 0) + applied });
      if (request.write) await writeFileAtomic(absolute, after);
    }
    if (!changed || !request.write) break;
    run = await runLint(request);
  }
  return { run, files: [...files.values()], fixedErrors };
}
