/**
 * Loads screenpol.config.yaml for the commands. The lint treats the config as
 * one more file to report on; the remote commands need it valid and say so.
 */
import { join } from "node:path";
import { CONFIG_FILE, toConfig, type Config } from "../core/config.js";
import { parseYaml } from "../core/document.js";
import { lintText } from "../core/lint.js";
import { findRoot, readRepositoryFile } from "../workspace/repository.js";
import { ConfigError } from "./errors.js";

export interface Workspace {
  root: string;
  config: Config;
  configFound: boolean;
}

/**
 * Best effort: a broken config still yields a layout to lint with; its problems
 * are linted with it. No config at all is a ConfigError (exit 2): linting
 * nothing and passing would let a CI step in the wrong folder pass green.
 */
export async function openWorkspace(cwd: string): Promise<Workspace> {
  const { root, configFound } = await findRoot(cwd);
  if (!configFound) throw noConfigError(cwd);
  return { root, config: configFromText(await readConfigText(root)), configFound };
}

/** The config's text, or "" when it cannot be read (the lint of the config file says why). */
export async function readConfigText(root: string): Promise<string> {
  const read = await readRepositoryFile(root, join(root, CONFIG_FILE));
  return read.ok ? read.bytes.toString("utf8") : "";
}

/** The one line every command that needs the config gives when there is none. */
function noConfigError(cwd: string): ConfigError {
  return new ConfigError(`no ${CONFIG_FILE} in ${cwd} or any parent folder; run screenpol in the repository, or \`screenpol init\` to create one`);
}

export function configFromText(text: string): Config {
  return toConfig(parseYaml(text).document?.data);
}

/** For commands that talk to the service: the config must exist and be valid. */
export async function openValidWorkspace(cwd: string): Promise<Workspace> {
  const { root, configFound } = await findRoot(cwd);
  if (!configFound) throw noConfigError(cwd);
  const path = join(root, CONFIG_FILE);
  const read = await readRepositoryFile(root, path);
  if (!read.ok) throw new ConfigError(`cannot read ${path}: ${read.reason}`, { cause: read.cause });
  const text = read.bytes.toString("utf8");
  const problems = lintText(CONFIG_FILE, text).filter((d) => d.severity === "error");
  const first = problems[0];
  if (first) throw new ConfigError(`${CONFIG_FILE}:${first.line}:${first.column}: ${first.message}${problems.length > 1 ? ` (and ${problems.length - 1} more; run \`screenpol lint\`)` : ""}`);
  return { root, config: configFromText(text), configFound };
}
