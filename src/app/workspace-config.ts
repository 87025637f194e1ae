/**
 * Loads screenpol.config.yaml for the commands. The lint treats the config as
 * one more file to report on; the remote commands need it valid and say so.
 * Either way the file is read and parsed once: the layout comes from that
 * parse, and the lint of the config file reuses it.
 */
import { join } from "node:path";
import { CONFIG_FILE, toConfig, type Config } from "../core/config.js";
import { parseYaml } from "../core/document.js";
import { lintSources, type SourceFile } from "../core/lint.js";
import { decodeSource } from "../core/source.js";
import { findRoot, readRepositoryFile, readSource } from "../workspace/repository.js";
import { ConfigError } from "./errors.js";

export interface Workspace {
  root: string;
  config: Config;
  /** screenpol.config.yaml as read, with its parse when it decoded: lint it as it is, never read or parse it again. */
  configSource: SourceFile;
}

/** The config and the file it came from (see {@link parseConfigSource}). */
export interface ConfigRead {
  config: Config;
  source: SourceFile;
}

/**
 * Best effort: a broken config still yields a layout to lint with; its problems
 * are linted with it. No config at all is a ConfigError (exit 2): linting
 * nothing and passing would let a CI step in the wrong folder pass green.
 */
export async function openWorkspace(cwd: string, parsedBefore?: ParsedBefore): Promise<Workspace> {
  const { root, configFound } = await findRoot(cwd);
  if (!configFound) throw noConfigError(cwd);
  const [read] = await Promise.all([readSource({ root, named: [] }, join(root, CONFIG_FILE)), parsedBefore?.open(root)]);
  const decoded = parsedBefore && read.bytes ? decodeSource(read.bytes) : undefined;
  // The lint cache's copy of this very text's parse: the config is not parsed again (its lint, on a miss, parses it).
  const known = decoded?.ok ? parsedBefore!.lookup(decoded.text) : undefined;
  if (known && decoded?.ok) return { root, config: known, configSource: { file: read.file, text: decoded.text } };
  const { config, source } = parseConfigSource(read);
  return { root, config, configSource: source };
}

/**
 * The config as parsed on an earlier run (the lint cache: app/lint-cache.ts),
 * looked up by the config's text: `open` is started once the root is known,
 * beside the reading of the config.
 */
export interface ParsedBefore {
  open(root: string): Promise<void>;
  lookup(text: string): Config | undefined;
}

/** The working tree's config, read as the lint reads any file (the same `read-error` when it cannot be). */
export async function readWorkspaceConfig(root: string): Promise<ConfigRead> {
  return parseConfigSource(await readSource({ root, named: [] }, join(root, CONFIG_FILE)));
}

/**
 * The one parse of a config file (working tree or Git index): the Config it
 * describes, and the source with its text and parse attached, for the lint to
 * reuse. A file that cannot be read or decoded gives the default layout; its
 * lint says why.
 */
export function parseConfigSource(source: SourceFile): ConfigRead {
  const decoded = source.text !== undefined ? { ok: true as const, text: source.text } : source.bytes ? decodeSource(source.bytes) : undefined;
  if (!decoded?.ok) return { config: toConfig(undefined), source };
  const parsed = parseYaml(decoded.text);
  return { config: toConfig(parsed.document?.data), source: { file: source.file, text: decoded.text, parsed } };
}

/** The one line every command that needs the config gives when there is none. */
function noConfigError(cwd: string): ConfigError {
  return new ConfigError(`no ${CONFIG_FILE} in ${cwd} or any parent folder; run screenpol in the repository, or \`screenpol init\` to create one`);
}

/** For commands that talk to the service: the config must exist and be valid. */
export async function openValidWorkspace(cwd: string): Promise<Workspace> {
  const { root, configFound } = await findRoot(cwd);
  if (!configFound) throw noConfigError(cwd);
  const path = join(root, CONFIG_FILE);
  const read = await readRepositoryFile(root, path);
  if (!read.ok) throw new ConfigError(`cannot read ${path}: ${read.reason}`, { cause: read.cause });
  return validWorkspace(root, read.bytes);
}

/** The workspace at `root` with the config `bytes` (read, or about to be written by init): a ConfigError on its first error. */
export function validWorkspace(root: string, bytes: Uint8Array): Workspace {
  const { config, source } = parseConfigSource({ file: CONFIG_FILE, bytes });
  const problems = lintSources([source]).diagnostics.filter((d) => d.severity === "error");
  const first = problems[0];
  if (first) throw new ConfigError(`${CONFIG_FILE}:${first.line}:${first.column}: ${first.message}${problems.length > 1 ? ` (and ${problems.length - 1} more; run \`screenpol lint\`)` : ""}`);
  return { root, config, configSource: source };
}
