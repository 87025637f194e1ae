/**
 * What a check is: a small pure function over one parsed file (or, for the few
 * that compare files, over all of them). It returns findings by document path and
 * never computes a line or column: the runner maps paths through the YAML ranges.
 */
import type { Config } from "../config.js";
import type { Code, DocPath, Severity } from "../diagnostic.js";
import type { Target } from "../document.js";
import type { FileKind, FileRole } from "../layout.js";
import type { TokenCatalogIndex } from "../catalog.js";
import type { Scope, Vendor } from "../vendors.js";

export interface Finding {
  code: Code;
  /** Where: a document path; `[]` is the whole file. */
  path: DocPath;
  /** Written for a person, without the path (the runner prefixes it). */
  message: string;
  /** Defaults to the code's severity (src/core/codes.ts). */
  severity?: Severity;
  /** Point at the key or the value; by default a scalar's value, a collection's key. */
  target?: Target;
  /** Printed instead of the path when the path itself would reveal a secret (a token used as a key). */
  displayPath?: string;
}

/** One file as the checks see it. */
export interface CheckedFile {
  /** Repository-relative path, `/`-separated. */
  file: string;
  role: FileRole;
  /** The kind after looking at the content too (a stray file with `rules:` is a policy). */
  kind: FileKind;
  /** The parsed data: never a class instance, `__proto__` only ever an own key. */
  data: unknown;
  /** The vendor the file is checked as: its providerType when valid, else its folder. */
  vendor: Vendor | undefined;
  /** The scope the file is checked as: its scope when valid, else its file name. */
  scope: Scope | undefined;
}

export interface CheckContext {
  config: Config;
  /** The clock, injected so `expired-address-entry` is testable. */
  now: Date;
  /** The synced token catalog snapshot, when one exists. */
  catalog: TokenCatalogIndex | undefined;
  /**
   * Repository-relative paths of the policy files that exist, for the
   * `unknown-policy` check of test files; undefined when the caller cannot
   * know (one text in an editor), and the check then says nothing about them.
   */
  knownPolicies?: ReadonlySet<string>;
}

export interface FileCheck {
  code: Code;
  /** The file kinds it runs on; `"any"` for every YAML file (secrets). */
  appliesTo: readonly FileKind[] | "any";
  run(file: CheckedFile, context: CheckContext): Finding[];
}

/** A check that needs to see every file at once (duplicate-policy). */
export interface ProjectCheck {
  code: Code;
  run(files: readonly CheckedFile[], context: CheckContext): Array<Finding & { file: string }>;
}
