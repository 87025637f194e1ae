/**
 * The lint use case: find the files (working tree or Git index), read them,
 * run the core. Shared by the CLI and the library's `lint()`.
 */
import { CONFIG_FILE, type Config } from "../core/config.js";
import { lintSources, type LintResult, type SourceFile } from "../core/lint.js";
import { classifyPath } from "../core/layout.js";
import { readStagedSources } from "../workspace/git-index.js";
import { collectPaths, readSources, toRepositoryPath } from "../workspace/repository.js";
import { configFromText, openWorkspace } from "./workspace-config.js";
import { resolve } from "node:path";
import type { TokenCatalogIndex } from "../core/catalog.js";

export interface LintRequest {
  /** Files or folders; none means the whole repository (config, policies, webhooks). */
  paths?: readonly string[];
  /** Where relative paths start and the repository root is searched from; default process.cwd(). */
  cwd?: string;
  /** Read the Git index instead of the working tree (pre-commit). */
  staged?: boolean;
  now?: Date;
  catalog?: TokenCatalogIndex;
}

export interface LintRun extends LintResult {
  root: string;
  configFound: boolean;
}

export async function runLint(request: LintRequest = {}): Promise<LintRun> {
  const cwd = request.cwd ?? process.cwd();
  const paths = request.paths ?? [];
  const workspace = await openWorkspace(cwd);
  let config: Config = workspace.config;
  let sources: SourceFile[];
  if (request.staged) {
    const named = new Set(paths.map((path) => toRepositoryPath(workspace.root, resolve(cwd, path))));
    const covered = (path: string): boolean =>
      named.size > 0 ? named.has(path) || [...named].some((prefix) => path.startsWith(`${prefix}/`)) : isLintedByDefault(path, config);
    const everything = await readStagedSources(workspace.root, (path) => covered(path) || path === CONFIG_FILE);
    // The staged config decides the layout, as the commit will.
    const stagedConfig = everything.find((source) => source.file === CONFIG_FILE);
    if (stagedConfig?.bytes) config = configFromText(Buffer.from(stagedConfig.bytes).toString("utf8"));
    sources = everything.filter((source) => covered(source.file) && /\.ya?ml$/i.test(source.file));
  } else {
    sources = await readSources(workspace.root, await collectPaths(workspace.root, cwd, paths, config));
  }
  const result = lintSources(sources, { config, now: request.now, catalog: request.catalog });
  return { ...result, root: workspace.root, configFound: workspace.configFound };
}

function isLintedByDefault(path: string, config: Config): boolean {
  if (path === CONFIG_FILE) return true;
  const kind = classifyPath(path, config).kind;
  return kind === "policy" || kind === "addresses" || kind === "webhooks";
}
