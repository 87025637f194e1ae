/**
 * The local side of every decision command (`decide`, `test`, `replay`,
 * `compare`, plan's weakening check): the policy of each (environment, vendor,
 * scope) asked for and the address entries of its (environment, vendor), read
 * from wherever the caller reads files (the working tree, a Git revision, the
 * live revision rendered), linted, and turned into decision subjects.
 *
 * Two readings. {@link loadSubjects}: any lint error and nothing is decided,
 * the findings are the answer (exit 1), as for `test`. {@link loadVersions}:
 * each subject is decided from whatever decides (core/lint.ts whyUndecided),
 * its findings carried beside the answer; only a version without a meaning (a
 * structural finding, whatever its comments suppress) or that fails its schema
 * is not decided, and then the reason is its first such finding.
 */
import { findEnvironment, type Config } from "../core/config.js";
import { addressesPathOf, policyPathOf } from "../core/layout.js";
import { lintFails, lintSources, whyUndecided, type LintResult, type SourceFile } from "../core/lint.js";
import type { Diagnostic } from "../core/diagnostic.js";
import { STRUCTURAL } from "../core/suppressions.js";
import type { TokenCatalogIndex } from "../core/catalog.js";
import type { AddressEntryDocument, DecisionSubject, PolicyDocument } from "../core/semantics/index.js";
import type { Scope, Vendor } from "../core/vendors.js";
import { isMissingPath } from "../workspace/named-path.js";
import { readSource } from "../workspace/repository.js";
import { ConfigError } from "./errors.js";
import { join } from "node:path";

/** One (environment, vendor, scope) to decide against. */
export interface SubjectTarget {
  environment: string;
  providerType: Vendor;
  scope: Scope;
}

/** Where the files come from: a repository-relative path in, its source out, undefined when there is no such file. */
export type SourceReader = (file: string) => Promise<SourceFile | undefined>;

export type SubjectsLoad =
  | { kind: "findings"; lint: LintResult }
  | {
      kind: "subjects";
      lint: LintResult;
      /** By {@link subjectKey}. */
      subjects: Map<string, LoadedSubject>;
    };

/** The files of one subject in one version. */
export interface SubjectFiles extends SubjectTarget {
  /** Repository-relative paths of the files read, whether or not they exist. */
  policyFile: string;
  addressesFile: string;
  policyExists: boolean;
  addressesExist: boolean;
}

export interface LoadedSubject extends SubjectFiles {
  subject: DecisionSubject;
}

/**
 * One subject as {@link loadVersions} reads it: decided from, or not with the
 * reason. `findings`: the counted findings of its files other than the
 * structural ones (a shadowed rule, an expired entry), errors first.
 */
export type SubjectVersion = (LoadedSubject & { decides: true; findings: Diagnostic[] }) | (SubjectFiles & { decides: false; undecided: Diagnostic; findings: Diagnostic[] });

export function subjectKey(target: SubjectTarget): string {
  return `${target.environment}/${target.providerType}/${target.scope}`;
}

/** Repository-relative path of a policy file (policy-language.md section 1). */
export function policyFileOf(config: Config, target: SubjectTarget): string {
  return policyPathOf(config, target.environment, target.providerType, target.scope);
}

/** Repository-relative path of the address entries of (environment, vendor). */
export function addressesFileOf(config: Config, target: Pick<SubjectTarget, "environment" | "providerType">): string {
  return addressesPathOf(config, target.environment, target.providerType);
}

/** Reads files of the working tree under `root`; a missing file is undefined, any other failure a `read-error` source. */
export function workingTreeReader(root: string): SourceReader {
  return async (file) => {
    const path = join(root, file);
    if (await isMissingPath(path)) return undefined;
    return readSource({ root, named: [] }, path);
  };
}

/**
 * Reads, lints and reads into subjects the files `targets` need; any lint
 * error: the findings, nothing decided. An environment the config does not
 * declare is a ConfigError (exit 2).
 */
export async function loadSubjects(
  config: Config,
  targets: readonly SubjectTarget[],
  read: SourceReader,
  options: { now: Date; catalog?: TokenCatalogIndex },
): Promise<SubjectsLoad> {
  const { lint, present } = await readAndLint(config, targets, read, options);
  if (lintFails(lint)) return { kind: "findings", lint };
  const subjects = new Map<string, LoadedSubject>();
  for (const target of targets) subjects.set(subjectKey(target), subjectOf(config, target, lint, present));
  return { kind: "subjects", lint, subjects };
}

/**
 * Reads and lints the files `targets` need, and reads each subject that
 * decides (core/lint.ts whyUndecided) whatever else its lint says; one that
 * does not is there with the reason. An environment the config does not
 * declare is a ConfigError (exit 2).
 */
export async function loadVersions(
  config: Config,
  targets: readonly SubjectTarget[],
  read: SourceReader,
  options: { now: Date; catalog?: TokenCatalogIndex },
): Promise<{ lint: LintResult; versions: Map<string, SubjectVersion> }> {
  const { lint, present } = await readAndLint(config, targets, read, options);
  const versions = new Map<string, SubjectVersion>();
  for (const target of targets) {
    const files = filesOf(config, target, present);
    const own = [files.policyFile, files.addressesFile];
    const findings = lint.diagnostics.filter((d) => own.includes(d.file) && !STRUCTURAL.has(d.code)).sort(errorsFirst);
    const undecided = whyUndecided(lint, own, config);
    versions.set(subjectKey(target), undecided ? { ...files, decides: false, undecided, findings } : { ...subjectOf(config, target, lint, present), decides: true, findings });
  }
  return { lint, versions };
}

/** Errors before warnings; within each, lint's order (file, line, column). */
function errorsFirst(a: Diagnostic, b: Diagnostic): number {
  return (a.severity === "error" ? 0 : 1) - (b.severity === "error" ? 0 : 1);
}

async function readAndLint(
  config: Config,
  targets: readonly SubjectTarget[],
  read: SourceReader,
  options: { now: Date; catalog?: TokenCatalogIndex },
): Promise<{ lint: LintResult; present: ReadonlySet<string> }> {
  for (const target of targets) {
    if (!findEnvironment(config, target.environment)) {
      const known = config.environments.map((entry) => entry.name).join(", ") || "none";
      throw new ConfigError(`environment "${target.environment}" is not declared in screenpol.config.yaml (declared: ${known})`);
    }
  }
  const files = [...new Set(targets.flatMap((target) => [policyFileOf(config, target), addressesFileOf(config, target)]))];
  const reads = await Promise.all(files.map(async (file) => [file, await read(file)] as const));
  const sources = reads.flatMap(([, source]) => (source ? [source] : []));
  const present = new Set(reads.filter(([, source]) => source !== undefined).map(([file]) => file));
  return { lint: lintSources(sources, { config, now: options.now, catalog: options.catalog }), present };
}

function filesOf(config: Config, target: SubjectTarget, present: ReadonlySet<string>): SubjectFiles {
  const policyFile = policyFileOf(config, target);
  const addressesFile = addressesFileOf(config, target);
  return { ...target, policyFile, addressesFile, policyExists: present.has(policyFile), addressesExist: present.has(addressesFile) };
}

/** The subject of a version whose files decide (lint's data is their reading). */
function subjectOf(config: Config, target: SubjectTarget, lint: LintResult, present: ReadonlySet<string>): LoadedSubject {
  const files = filesOf(config, target, present);
  const policy = files.policyExists ? (lint.data.get(files.policyFile) as PolicyDocument) : undefined;
  const addresses = files.addressesExist ? (lint.data.get(files.addressesFile) as { entries: AddressEntryDocument[] }) : undefined;
  return {
    ...files,
    subject: { providerType: target.providerType, scope: target.scope, policy, addressEntries: addresses?.entries ?? [] },
    policyExists: policy !== undefined,
    addressesExist: addresses !== undefined,
  };
}
