/**
 * The fmt use case (`screenpol fmt`, Terraform's `fmt`): every policy,
 * address-entry, webhook and policy-test file lint would read, rewritten in the
 * canonical form with its comments (core/fmt/format-file.ts). Only files
 * whose text changes are written, each whole (atomic-write.ts). A file that
 * cannot be read or formatted is left as it is and reported; the others are
 * still formatted.
 */
import { join } from "node:path";
import { formatBytes, type FormattableKind } from "../core/fmt/format-file.js";
import { classifyPath } from "../core/layout.js";
import { writeFileAtomic } from "../workspace/atomic-write.js";
import { isMissingPath } from "../workspace/named-path.js";
import { collectPaths, readSources, toRepositoryPath } from "../workspace/repository.js";
import { openPathDisplay } from "./display-paths.js";
import { UsageError } from "./errors.js";
import { openWorkspace } from "./workspace-config.js";
import { resolve } from "node:path";

export interface FmtRequest {
  paths: readonly string[];
  cwd: string;
  /** Write nothing: only say what would change (`--check`, `--diff`). */
  check: boolean;
}

export interface FmtFile {
  /** As every output names files: from the Git top (app/display-paths.ts). */
  file: string;
  before: string;
  /** The canonical text; set when it differs from `before`. */
  after?: string;
  /** Why the file was not formatted. */
  problem?: string;
}

export interface FmtRun {
  /** Files formatted (or checked), changed or not. */
  checked: number;
  /** Files whose text changes, and files that could not be formatted, in path order. */
  files: FmtFile[];
}

const FORMATTABLE: ReadonlySet<string> = new Set<FormattableKind>(["policy", "addresses", "webhooks", "policy-test"]);

export async function runFmt(request: FmtRequest): Promise<FmtRun> {
  const workspace = await openWorkspace(request.cwd);
  for (const path of request.paths) {
    if (await isMissingPath(resolve(request.cwd, path))) throw new UsageError(`${path}: no such file or folder`);
  }
  const display = await openPathDisplay(workspace.root);
  const selection = await collectPaths(workspace.root, request.cwd, request.paths, workspace.config);
  const chosen = selection.files.filter((file) => FORMATTABLE.has(classifyPath(toRepositoryPath(workspace.root, file), workspace.config).kind));
  const sources = await readSources({ ...selection, files: chosen });
  const run: FmtRun = { checked: 0, files: [] };
  for (const source of sources) {
    const file = display.show(source.file);
    if (source.readError !== undefined || source.bytes === undefined) {
      run.files.push({ file, before: "", problem: source.readError ?? "not read" });
      continue;
    }
    run.checked++;
    const before = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(source.bytes);
    const kind = classifyPath(source.file, workspace.config).kind as FormattableKind;
    const outcome = formatBytes(source.bytes, kind);
    if (!outcome.ok) {
      run.files.push({ file, before, problem: outcome.reason });
      continue;
    }
    // The same test for --check and for writing: whether the bytes would change.
    if (!outcome.changed) continue;
    if (!request.check) await writeFileAtomic(join(workspace.root, source.file), outcome.text);
    run.files.push({ file, before, after: outcome.text });
  }
  return run;
}
