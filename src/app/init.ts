/**
 * The init use case: scaffold a policy repository (toolkit.md, `screenpol
 * init`), in an empty folder or in a repository that already has files. Like
 * `git init` or `npm init -y` in a project, it never refuses because a file
 * exists: it creates what is missing, keeps what exists, appends the missing
 * lines to an existing .gitignore, and says which for every file. `force`
 * overwrites instead. Every file is written whole (created exclusively, or
 * replaced by a rename), so an interrupted init leaves no half-written file;
 * and never through a folder that links out of the repository (exit 2 first).
 */
import { lstat, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { formatFile } from "../core/fmt/format-file.js";
import { VENDORS } from "../core/vendors.js";
import { writeFileAtomic } from "../workspace/atomic-write.js";
import { createFilesExclusively } from "../workspace/new-files.js";
import { folderLeadingOutside } from "../workspace/repository.js";
import { schemaReference } from "../workspace/schema-reference.js";
import { UsageError } from "./errors.js";
import { scaffoldFiles, type CiProvider, type EnvironmentKind, type HookManager, type ScaffoldFile } from "./init-templates.js";

export interface InitRequest {
  /** Folder to scaffold into; created when missing. */
  directory: string;
  /** screenpol's version, pinned in the workflow. */
  version: string;
  /** Environments to configure; default one `sandbox` of kind sandbox. */
  environments?: ReadonlyArray<{ name: string; kind: EnvironmentKind }>;
  /** Default pre-commit. */
  hooks?: HookManager;
  /** Default github. */
  ci?: CiProvider;
  /** Overwrite existing files instead of keeping them. */
  force?: boolean;
}

export type InitAction = "created" | "kept" | "appended" | "overwrote";

export interface InitResult {
  root: string;
  /** Every scaffold file, in order, with what init did to it. */
  files: Array<{ path: string; action: InitAction }>;
  /** screenpol as the folder's package.json already depends on it; undefined when it does not (or has no package.json). */
  installed?: { field: "dependencies" | "devDependencies"; spec: string };
}

export async function initRepository(request: InitRequest): Promise<InitResult> {
  const root = resolve(request.directory);
  const environments = request.environments ?? [{ name: "sandbox", kind: "sandbox" }];
  // The reference `pull` writes: the installed package's schema when there is one, else the schema's published URL.
  const references = new Map<string, string>();
  for (const { name } of environments) {
    for (const vendor of VENDORS) {
      references.set(`${name}/${vendor}`, await schemaReference(root, join(root, "policies", name, vendor), `policy-${vendor}.schema.json`));
    }
  }
  const files = scaffoldFiles({
    version: request.version,
    environments,
    hooks: request.hooks ?? "pre-commit",
    ci: request.ci ?? "github",
    schemaOf: (environment, vendor) => references.get(`${environment}/${vendor}`)!,
  });
  // In the form `screenpol fmt --check` accepts, by construction: a fresh scaffold passes every hook.
  for (const file of files) {
    if (!file.path.startsWith("policies/")) continue;
    const formatted = formatFile(file.content, "policy");
    if (formatted.ok) file.content = formatted.text;
  }
  // Refused before anything is written: a folder linked out of the repository is never written through (the rule of the reads).
  for (const file of files) {
    const link = await folderLeadingOutside(root, join(root, file.path));
    if (link !== undefined) throw new UsageError(`cannot write ${file.path} in ${root}: ${link} leads outside the repository through a symbolic link; nothing was written`);
  }
  const result: InitResult = { root, files: [] };
  for (const file of files) result.files.push({ path: file.path, action: await place(root, file, request.force === true) });
  const installed = await screenpolDependency(root);
  if (installed !== undefined) result.installed = installed;
  return result;
}

/**
 * screenpol in the folder's package.json, so that the next steps never say to
 * install what is already there. A package.json that cannot be read or parsed
 * is npm's to report when it runs; init reads it as depending on nothing.
 */
async function screenpolDependency(root: string): Promise<InitResult["installed"]> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
  } catch {
    return undefined;
  }
  for (const field of ["devDependencies", "dependencies"] as const) {
    const dependencies = (manifest as Record<string, unknown> | null)?.[field];
    const spec = typeof dependencies === "object" && dependencies !== null ? (dependencies as Record<string, unknown>).screenpol : undefined;
    if (typeof spec === "string") return { field, spec };
  }
  return undefined;
}

async function place(root: string, file: ScaffoldFile, force: boolean): Promise<InitAction> {
  const path = join(root, file.path);
  const existing = await lstat(path).catch(() => undefined);
  try {
    if (!existing) {
      await createFilesExclusively(root, [file]);
      return "created";
    }
    // A folder or a link where the file would go is the user's: never written through or over.
    if (!existing.isFile()) return "kept";
    if (force) {
      await writeFileAtomic(path, file.content);
      return "overwrote";
    }
    if (file.merge !== "lines") return "kept";
    const text = await readFile(path, "utf8");
    const missing = missingLines(text, file.content);
    if (missing.length === 0) return "kept";
    const separator = text === "" || text.endsWith("\n") ? "" : "\n";
    await writeFileAtomic(path, `${text}${separator}${text === "" ? "" : "\n"}# Added by screenpol init.\n${missing.join("\n")}\n`);
    return "appended";
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "EEXIST" ? "it appeared while init ran" : (error as Error).message;
    throw new UsageError(`cannot write ${file.path} in ${root}: ${reason}`, { cause: error });
  }
}

/** The template's pattern lines (not comments, not blank) that `text` does not have as a line of its own. */
export function missingLines(text: string, template: string): string[] {
  const present = new Set(text.split(/\r?\n/).map((line) => line.trim()));
  return template.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#") && !present.has(line.trim()));
}
