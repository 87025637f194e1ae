/**
 * The files `screenpol init` writes. Each passes `screenpol lint` as written
 * (test/integrations/init.test.ts): a scaffold that fails its own linter teaches
 * nothing. The environment id is a placeholder in the shape of a real one, the
 * one warning of that lint (placeholder-environment-id) until it is replaced.
 *
 * Their text is in src/app/init-files/, one template per file, so that each
 * reads as the file it becomes; scripts/generate.mjs bundles them as strings
 * (generated/init-files.ts). A template's `{{name}}` is filled by
 * {@link fillTemplate}; GitHub's own `${{ expression }}` has spaces inside
 * its braces and is left as it is.
 */
import { PLACEHOLDER_ENVIRONMENT_ID, placeholderEnvironmentId } from "../core/config.js";
import { formatFile } from "../core/fmt/format-file.js";
import { GITHUB_REPOSITORY } from "../core/generated/release.js";
import type { Scope, Vendor } from "../core/vendors.js";
import { INIT_FILES, type InitFileName } from "./generated/init-files.js";

/**
 * Third-party actions the workflows use, pinned by commit (a tag can be moved;
 * a commit cannot), with the release each commit is. Checked against the
 * actions' own repositories on 2026-11-24.
 */
export const PINNED_ACTIONS = {
  checkout: "actions/checkout@34e114876b0b11c390a56381ad16ebd13914f8d5 # v4.3.1",
  setupNode: "actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 # v4.4.0",
} as const;

export type EnvironmentKind = "sandbox" | "live";
export type HookManager = "pre-commit" | "husky" | "lefthook" | "none";
export type CiProvider = "github" | "none";

export interface ScaffoldOptions {
  /** screenpol's version, pinned in the workflow's action reference. */
  version: string;
  /** Environments to configure, in order; each with its example policies, or with its id from the dashboard and no examples (init --from-live). */
  environments: ReadonlyArray<{ name: string; kind: EnvironmentKind; id?: string }>;
  /** The admin API the policies are pulled from (init --from-live); the local emulator's by default. */
  baseUrl?: string;
  hooks: HookManager;
  ci: CiProvider;
  /** The `# yaml-language-server: $schema=` target of a policy file of `vendor` in `environment`. */
  schemaOf(environment: string, vendor: string): string;
}

export interface ScaffoldFile {
  /** Repository-relative, `/`-separated. */
  path: string;
  content: string;
  /**
   * `lines`: an existing file gets the template's missing lines appended
   * (.gitignore); `pre-commit`, `lefthook`, `husky`: an existing hook
   * configuration gets screenpol's hook added (core/hook-configs.ts);
   * otherwise an existing file is kept as it is.
   */
  merge?: "lines" | Exclude<HookManager, "none">;
}

/** Every file of a new repository, in the order they are listed to the user. */
export function scaffoldFiles(options: ScaffoldOptions): ScaffoldFile[] {
  const files: ScaffoldFile[] = [{ path: "screenpol.config.yaml", content: configFile(options.environments, options.baseUrl) }];
  // An environment with its id is pulled from the service (init --from-live): its policies are what is live, never an example.
  for (const { name } of options.environments.filter((environment) => environment.id === undefined)) {
    for (const [vendor, scope] of EXAMPLES) {
      const content = fillTemplate(`policy-${vendor}-${scope}.yaml`, { schema: options.schemaOf(name, vendor), environment: name });
      files.push({ path: `policies/${name}/${vendor}/${scope}.yaml`, content });
    }
  }
  files.push(...hookFiles(options.hooks));
  if (options.ci === "github") {
    files.push({ path: ".github/workflows/screenpol.yml", content: githubWorkflow(options.version) });
    files.push({ path: ".github/workflows/screenpol-apply.yml", content: applyWorkflow() });
    files.push({ path: ".github/workflows/screenpol-drift.yml", content: driftWorkflow() });
  }
  files.push({ path: ".gitignore", content: fillTemplate("gitignore", {}), merge: "lines" });
  return files;
}

/** The local emulator's base URL (`screenpol emulator`), where a new repository points until it is told otherwise. */
const EMULATOR_BASE_URL = "http://127.0.0.1:4010/api/v0";

function configFile(environments: ScaffoldOptions["environments"], baseUrl: string | undefined): string {
  const entries = environments.map(({ name, kind, id }, index) =>
    id === undefined
      ? fillTemplate("screenpol.config.environment.yaml", { name, kind, environmentId: index === 0 ? PLACEHOLDER_ENVIRONMENT_ID : placeholderEnvironmentId(index) })
      : fillTemplate("screenpol.config.pulled-environment.yaml", { name, kind, environmentId: id }),
  );
  const base =
    baseUrl === undefined
      ? { baseUrlNote: "The local emulator (`screenpol emulator`). Point at the hosted admin API for real use.", baseUrl: EMULATOR_BASE_URL }
      : { baseUrlNote: "The admin API `screenpol init --from-live` pulled the policies from.", baseUrl };
  return fillTemplate("screenpol.config.yaml", base) + entries.join("");
}

/** The example policies: one template per vendor and scope (init-files/policy-<vendor>-<scope>.yaml), in the order they are written. */
const EXAMPLES: ReadonlyArray<readonly [Vendor, Scope]> = [
  ["vendorAWalletScreening", "SIGN_IN"],
  ["vendorAWalletScreening", "TRANSACTION"],
  ["vendorBAddressScreening", "SIGN_IN"],
  ["vendorBAddressScreening", "TRANSACTION"],
];

/**
 * Init's example policy of `vendor` and `scope` for `environment`, as init
 * writes it (in the form `screenpol fmt --check` accepts), or undefined where
 * init writes none. `schema` is the reference of its first line.
 */
export function examplePolicy(environment: string, vendor: string, scope: string, schema: string): string | undefined {
  if (!EXAMPLES.some(([exampleVendor, exampleScope]) => exampleVendor === vendor && exampleScope === scope)) return undefined;
  const text = fillTemplate(`policy-${vendor}-${scope}.yaml` as InitFileName, { schema, environment });
  const formatted = formatFile(text, "policy");
  return formatted.ok ? formatted.text : text;
}

/** A first line `# yaml-language-server: $schema=...`: where it points depends on the install, not on who wrote the file. */
const SCHEMA_LINE = /^# yaml-language-server: \$schema=[^\n]*\n/;

/**
 * Whether `text` is init's example policy for this environment, vendor and
 * scope exactly as init wrote it, its schema line aside: nobody's work yet, so
 * `pull` replaces it (or removes it, with nothing live behind it) without
 * asking. A file anyone changed, by a byte, is not one.
 */
export function isUntouchedExample(text: string, environment: string, vendor: string, scope: string): boolean {
  const example = examplePolicy(environment, vendor, scope, "");
  return example !== undefined && text.replace(SCHEMA_LINE, "") === example.replace(SCHEMA_LINE, "");
}

/**
 * `text` without the comment lines of init's example header (the ones that call
 * it an example and say to replace its rules), wherever they still stand
 * together at the top of the file: what `pull` keeps of an edited example's
 * comments never calls live content an example.
 */
export function withoutExampleHeader(text: string, environment: string, vendor: string, scope: string): string {
  const example = examplePolicy(environment, vendor, scope, "");
  if (example === undefined) return text;
  const lines = example.replace(SCHEMA_LINE, "").split("\n");
  const header = lines.slice(0, lines.findIndex((line) => !line.startsWith("#"))).join("\n");
  const at = text.indexOf(`${header}\n`);
  // Only in the comments above the content: the same words lower down are the author's.
  if (header === "" || at < 0 || !/^(?:#[^\n]*\n|\n)*$/.test(text.slice(0, at))) return text;
  return text.slice(0, at) + text.slice(at + header.length + 1);
}

/**
 * The hook of docs/integrations.md for each manager. Each runs the project's
 * own installed screenpol (`npx screenpol`, from node_modules/.bin), so the
 * hook and CI lint with the same version, the one package.json pins.
 */
function hookFiles(hooks: HookManager): ScaffoldFile[] {
  switch (hooks) {
    case "pre-commit":
      return [{ path: ".pre-commit-config.yaml", content: fillTemplate("pre-commit-config.yaml", {}), merge: "pre-commit" }];
    case "husky":
      return [{ path: ".husky/pre-commit", content: "npx screenpol lint --staged\nnpx screenpol test --staged\n", merge: "husky" }];
    case "lefthook":
      return [{ path: "lefthook.yml", content: fillTemplate("lefthook.yml", {}), merge: "lefthook" }];
    case "none":
      return [];
  }
}

/**
 * The workflow of docs/integrations.md, GitHub, with this version of the
 * action (from the repository this package is published from).
 */
export function githubWorkflow(version: string): string {
  return fillTemplate("github-workflow-screenpol.yml", { checkoutAction: PINNED_ACTIONS.checkout, setupNodeAction: PINNED_ACTIONS.setupNode, action: GITHUB_REPOSITORY, version });
}

/**
 * The apply workflow of docs/integrations.md: on the merge of a pull request,
 * push exactly the plan that was reviewed on it (the `screenpol-plan` artifact
 * of the pull request's last screenpol run, which must have succeeded), never
 * a plan made afresh after the review. `push --plan` refuses with exit 3 when
 * a live policy moved since the plan was made, and pushes a weakening of a
 * live environment only as the plan approves it (exit 1 otherwise), so nothing
 * unreviewed is written.
 */
function applyWorkflow(): string {
  return fillTemplate("github-workflow-screenpol-apply.yml", { checkoutAction: PINNED_ACTIONS.checkout, setupNodeAction: PINNED_ACTIONS.setupNode });
}

/**
 * The scheduled drift check of docs/integrations.md: daily (and on demand),
 * `plan --detailed-exitcode` against every environment from the default
 * branch; exit 5, a live policy that differs from the files, fails the job
 * with an annotation that says so.
 */
function driftWorkflow(): string {
  return fillTemplate("github-workflow-screenpol-drift.yml", { checkoutAction: PINNED_ACTIONS.checkout, setupNodeAction: PINNED_ACTIONS.setupNode });
}

/** A `{{name}}` of a template: letters only, no spaces, so GitHub's `${{ expression }}` is never one. */
const PLACEHOLDER = /\{\{([A-Za-z]+)\}\}/g;

/**
 * The template's text with each `{{name}}` replaced by `values[name]` as
 * given. A placeholder without a value, or a value no placeholder takes, is a
 * defect of the build: it throws rather than write `{{name}}` into a user's
 * repository (test/app/init-templates.test.ts runs every template).
 */
export function fillTemplate(name: InitFileName, values: Readonly<Record<string, string>>): string {
  const unused = new Set(Object.keys(values));
  const text = INIT_FILES[name].replace(PLACEHOLDER, (_, placeholder: string) => {
    const value = Object.hasOwn(values, placeholder) ? values[placeholder] : undefined;
    if (value === undefined) throw new Error(`init template ${name}: no value for {{${placeholder}}}`);
    unused.delete(placeholder);
    return value;
  });
  if (unused.size > 0) throw new Error(`init template ${name}: no placeholder takes ${[...unused].map((key) => `{{${key}}}`).join(", ")}`);
  return text;
}
