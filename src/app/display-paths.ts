/**
 * Output paths: the lint works with paths relative to the folder of
 * screenpol.config.yaml (the layout is written that way); everything it shows
 * names files from the Git work tree's top instead (see findDisplayRoot), so a
 * config in a monorepo's subfolder gives `sub/policies/...` in every format,
 * `--staged` included. The rename happens here, once, on the way out.
 */
import { isAbsolute, relative, sep } from "node:path";
import type { LintResult } from "../core/lint.js";
import { isWithin } from "../workspace/bounded-read.js";
import { findDisplayRoot } from "../workspace/repository.js";

export interface PathDisplay {
  /** The folder shown paths are relative to (SARIF's `%SRCROOT%`): the Git top, or the config's folder outside Git. */
  root: string;
  /** True when paths are shown as the lint names them (the config is at the Git top, or outside Git). */
  unchanged: boolean;
  /** A config-relative (or absolute) path as shown. */
  show(file: string): string;
}

export async function openPathDisplay(configRoot: string): Promise<PathDisplay> {
  const root = await findDisplayRoot(configRoot);
  const prefix = relative(root, configRoot).split(sep).join("/");
  const show = (file: string): string => {
    // A path outside the config's folder is absolute; under the Git top it is shown from there.
    if (isAbsolute(file)) return isWithin(root, file) ? relative(root, file).split(sep).join("/") : file;
    return prefix === "" ? file : `${prefix}/${file}`;
  };
  return { root, unchanged: root === configRoot, show };
}

/** The result with every file named as shown: findings, code-frame texts and data alike. */
export function showPaths<T extends LintResult>(result: T, display: PathDisplay): T {
  if (display.unchanged) return result;
  const rekey = <V>(map: Map<string, V>): Map<string, V> => new Map([...map].map(([file, value]) => [display.show(file), value]));
  return {
    ...result,
    diagnostics: result.diagnostics.map((d) => ({ ...d, file: display.show(d.file) })),
    suppressed: result.suppressed.map((d) => ({ ...d, file: display.show(d.file) })),
    sources: rekey(result.sources),
    data: rekey(result.data),
  };
}
