/**
 * The token catalog snapshot as `lint` uses it: read, verified, indexed. Kept
 * apart from app/catalog.ts so the lint path never loads the remote client.
 */
import { indexCatalog, type TokenCatalogIndex } from "../core/catalog.js";
import { META_FILE, TOKENS_FILE } from "../core/catalog-snapshot.js";
import type { Config } from "../core/config.js";
import type { Diagnostic } from "../core/diagnostic.js";
import { lintPlainText, scanPlainText, type SourceFile } from "../core/lint.js";
import { forEachSnapshotLine, isSecretScanSealed, readSnapshot, snapshotFromTexts, snapshotPaths, type LoadedSnapshot } from "../workspace/catalog-store.js";
import { readSource } from "../workspace/repository.js";

/**
 * What lint knows of the snapshot:
 * - `loaded`: `index` is used by the unknown-token check; `metaProblem` when the
 *   meta does not describe tokens.json (the tokens are used all the same: the
 *   file is only ever replaced whole, and it is what the repository reviewed);
 * - `missing`: no tokens.json, the check is skipped;
 * - `invalid`: tokens.json cannot be used, the check is skipped; `reason` says why;
 * - `given`: the caller passed an index;
 * - `unused`: no linted file lists tokens, so the snapshot was not read.
 */
export type LintCatalog =
  | {
      status: "loaded";
      index: TokenCatalogIndex;
      file: string;
      version: string | undefined;
      metaProblem: string | undefined;
      /** The meta describes tokens.json and carries the seal of a clean scan by these rules: lint does not scan tokens.json again. */
      secretScanSealed: boolean;
    }
  | { status: "missing"; file: string }
  | { status: "invalid"; file: string; reason: string }
  | { status: "given"; index: TokenCatalogIndex }
  | { status: "unused" };

/** Reads `<root>/<paths.catalog>/tokens.json` (and its meta) from the working tree. */
export async function loadLintCatalog(root: string, config: Config): Promise<LintCatalog> {
  const paths = snapshotPaths(root, config.paths.catalog);
  return toLintCatalog(await readSnapshot(paths), paths.display.tokens);
}

/**
 * The snapshot as staged, when `sources` (read from the Git index) hold a
 * usable tokens.json; undefined otherwise (not staged, or too large for the
 * index reader), and the caller falls back to the working tree.
 */
export function stagedLintCatalog(sources: readonly SourceFile[], config: Config): LintCatalog | undefined {
  const display = { tokens: `${config.paths.catalog}/${TOKENS_FILE}`, meta: `${config.paths.catalog}/${META_FILE}` };
  const text = (file: string): string | undefined => {
    const source = sources.find((candidate) => candidate.file === file);
    if (!source || source.readError !== undefined) return undefined;
    return source.text ?? (source.bytes ? Buffer.from(source.bytes).toString("utf8") : undefined);
  };
  const tokensText = text(display.tokens);
  if (tokensText === undefined) return undefined;
  return toLintCatalog(snapshotFromTexts(tokensText, text(display.meta), { display }), display.tokens);
}

/**
 * secret-in-file over the snapshot files in the working tree (policy-language.md
 * section 8: any file the tool reads). tokens.json is streamed, as it may be
 * tens of megabytes; a tokens.meta.json over 1 MiB is no meta and is not scanned.
 * tokens.json is not read again when `tokensSealed`: the meta that described the
 * text just loaded carries the seal of a clean scan of it (catalog sync scanned
 * it as it wrote it), so the scan would find nothing; the meta itself, a few
 * lines, is always scanned.
 */
export async function snapshotSecrets(root: string, config: Config, tokensSealed = false): Promise<Diagnostic[]> {
  const paths = snapshotPaths(root, config.paths.catalog);
  const tokens = scanPlainText(paths.display.tokens);
  if (!tokensSealed) await forEachSnapshotLine(paths, (line) => tokens.line(line));
  const meta = await readSource({ root, named: [] }, paths.meta);
  const metaFindings = meta.bytes ? lintPlainText(paths.display.meta, Buffer.from(meta.bytes).toString("utf8")) : [];
  return [...tokens.diagnostics(), ...metaFindings];
}

/** {@link snapshotSecrets} over the snapshot files as staged. */
export function stagedSnapshotSecrets(sources: readonly SourceFile[], config: Config): Diagnostic[] {
  const files = new Set(snapshotFiles(config));
  return sources
    .filter((source) => files.has(source.file) && source.readError === undefined)
    .flatMap((source) => lintPlainText(source.file, source.text ?? Buffer.from(source.bytes ?? new Uint8Array()).toString("utf8")));
}

/** The repository-relative paths of the pair, for selecting them from the Git index. */
export function snapshotFiles(config: Config): string[] {
  return [`${config.paths.catalog}/${TOKENS_FILE}`, `${config.paths.catalog}/${META_FILE}`];
}

function toLintCatalog(snapshot: LoadedSnapshot, file: string): LintCatalog {
  if (snapshot.status === "missing") return { status: "missing", file };
  if (snapshot.status === "invalid") return { status: "invalid", file, reason: snapshot.reason };
  return {
    status: "loaded",
    index: indexCatalog(snapshot.tokens),
    file,
    version: snapshot.meta?.version,
    metaProblem: snapshot.metaProblem,
    secretScanSealed: snapshot.metaProblem === undefined && isSecretScanSealed(snapshot.meta),
  };
}

/**
 * The one line `lint` prints on stderr about the snapshot, or undefined when
 * there is nothing to say. Only when the linted files may list tokens: a
 * repository without token references has nothing the snapshot would check.
 */
export function catalogNotice(catalog: LintCatalog, tokensListed: boolean): string | undefined {
  if (!tokensListed) return undefined;
  switch (catalog.status) {
    case "missing":
      return `no token catalog snapshot (${catalog.file}); token references not checked — run screenpol catalog sync`;
    case "invalid":
      return `${catalog.reason}; token references not checked — run screenpol catalog sync`;
    case "loaded":
      return catalog.metaProblem === undefined ? undefined : `${catalog.metaProblem}; token references checked against ${catalog.file} as it is — run screenpol catalog sync`;
    default:
      return undefined;
  }
}
