/**
 * The init use case: scaffold a policy repository (toolkit.md, `screenpol
 * init`), in an empty folder or in a repository that already has files. Like
 * `git init` or `npm init -y` in a project, it never refuses because a file
 * exists: it creates what is missing, keeps what exists, appends the missing
 * lines to an existing .gitignore, adds screenpol's hook to an existing hook
 * configuration (pre-commit, husky, lefthook: a team's hooks are kept and
 * screenpol's run with them), and says which for every file. `force`
 * overwrites instead. Every file is written whole (created exclusively, or
 * replaced by a rename), so an interrupted init leaves no half-written file;
 * and never through a folder that links out of the repository (exit 2 first).
 */
import { lstat, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { formatFile } from "../core/fmt/format-file.js";
import { mergeLefthookConfig, mergePreCommitConfig, type HookMerge } from "../core/hook-configs.js";
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
  files: InitFile[];
}

export interface InitFile {
  path: string;
  action: InitAction;
  /** What changed in a file init added to, or why a hook configuration was kept: said next to its line. */
  detail?: string;
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
  await refuseLinkedFolders(root, files);
  return { root, files: await writeScaffold(root, files, request.force === true) };
}

/** screenpol as a folder's package.json depends on it: the field and the spec written there. */
export interface ScreenpolDependency {
  field: "dependencies" | "devDependencies";
  spec: string;
}

/**
 * screenpol in the folder's package.json, so that init's next steps never say to
 * install what is already there. A package.json that cannot be read or parsed
 * is npm's to report when it runs; init reads it as depending on nothing.
 */
export async function screenpolDependency(directory: string): Promise<ScreenpolDependency | undefined> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(join(resolve(directory), "package.json"), "utf8"));
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

/** Refused before anything is written: a folder linked out of the repository is never written through (the rule of the reads). */
export async function refuseLinkedFolders(root: string, files: readonly ScaffoldFile[]): Promise<void> {
  for (const file of files) {
    const link = await folderLeadingOutside(root, join(root, file.path));
    if (link !== undefined) throw new UsageError(`cannot write ${file.path} in ${root}: ${link} leads outside the repository through a symbolic link; nothing was written`);
  }
}

/** Places each file (created, kept, appended to, or with `force` overwritten) and says which. */
export async function writeScaffold(root: string, files: readonly ScaffoldFile[], force: boolean): Promise<InitFile[]> {
  const placed: InitFile[] = [];
  for (const file of files) placed.push({ path: file.path, ...(await place(root, file, force)) });
  return placed;
}

async function place(root: string, file: ScaffoldFile, force: boolean): Promise<Omit<InitFile, "path">> {
  const path = join(root, file.path);
  const existing = await lstat(path).catch(() => undefined);
  try {
    if (!existing) {
      await createFilesExclusively(root, [file]);
      return { action: "created" };
    }
    // A folder or a link where the file would go is the user's: never written through or over.
    if (!existing.isFile()) return { action: "kept" };
    if (force) {
      await writeFileAtomic(path, file.content);
      return { action: "overwrote" };
    }
    if (file.merge === undefined) return { action: "kept" };
    const text = await readFile(path, "utf8");
    if (file.merge !== "lines") {
      const merged = mergeHook(file.merge, text, file.content);
      if (merged.outcome === "present") return { action: "kept", detail: "it already runs screenpol" };
      if (merged.outcome === "unreadable") return { action: "kept", detail: `screenpol's hook not added: ${merged.reason}; add it by hand (docs/integrations.md)` };
      // The file's own mode: a hook script the team made executable stays executable (husky before version 9 runs it directly).
      await writeFileAtomic(path, merged.text, { mode: existing.mode & 0o7777 });
      return { action: "appended", detail: HOOK_ADDED[file.merge] };
    }
    const missing = missingLines(text, file.content);
    if (missing.length === 0) return { action: "kept" };
    const separator = text === "" || text.endsWith("\n") ? "" : "\n";
    await writeFileAtomic(path, `${text}${separator}${text === "" ? "" : "\n"}# Added by screenpol init.\n${missing.join("\n")}\n`, { mode: existing.mode & 0o7777 });
    return { action: "appended" };
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "EEXIST" ? "it appeared while init ran" : (error as Error).message;
    throw new UsageError(`cannot write ${file.path} in ${root}: ${reason}`, { cause: error });
  }
}

const HOOK_ADDED: Record<Exclude<HookManager, "none">, string> = {
  "pre-commit": "screenpol's hook added as the last entry of repos:; the rest kept as it was",
  lefthook: "screenpol's commands added under pre-commit.commands; the rest kept as it was",
  husky: "`npx screenpol lint --staged` and `npx screenpol test --staged` added as its last lines",
};

function mergeHook(manager: Exclude<HookManager, "none">, text: string, template: string): HookMerge {
  switch (manager) {
    case "pre-commit":
      return mergePreCommitConfig(text, template);
    case "lefthook":
      return mergeLefthookConfig(text, template);
    case "husky": {
      // A shell script: its commands run in order, so screenpol's goes last, once.
      if (/screenpol/i.test(text)) return { outcome: "present" };
      const separator = text === "" || text.endsWith("\n") ? "" : "\n";
      return { outcome: "added", text: `${text}${separator}${text === "" ? "" : "\n"}# Added by screenpol init.\n${template}` };
    }
  }
}

/** The template's pattern lines (not comments, not blank) that `text` does not have as a line of its own. */
export function missingLines(text: string, template: string): string[] {
  const present = new Set(text.split(/\r?\n/).map((line) => line.trim()));
  return template.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#") && !present.has(line.trim()));
}
