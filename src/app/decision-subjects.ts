/**
 * The local side of every decision command (`decide`, `test`, `replay`): the
 * policy of each (environment, vendor, scope) asked for and the address entries
 * of its (environment, vendor), read from wherever the caller reads files (the
 * working tree, a Git revision), linted, and turned into decision subjects.
 * A policy or address file with a lint error decides nothing: its findings are
 * the answer (exit 1), as for plan. One without a meaning (a structural
 * finding: core/lint.ts `filesWithoutMeaning`) never decides, whatever its
 * comments suppress.
 */
import { findEnvironment, type Config } from "../core/config.js";
import { addressesPathOf, policyPathOf } from "../core/layout.js";
import { lintFails, lintSources, type LintResult, type SourceFile } from "../core/lint.js";
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

export interface LoadedSubject extends SubjectTarget {
  subject: DecisionSubject;
  /** Repository-relative paths of the files read; undefined when the file does not exist. */
  policyFile: string;
  addressesFile: string;
  policyExists: boolean;
  addressesExist: boolean;
}

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
 * Reads, lints and reads into subjects the files `targets` need. An
 * environment the config does not declare is a ConfigError (exit 2).
 */
export async function loadSubjects(
  config: Config,
  targets: readonly SubjectTarget[],
  read: SourceReader,
  options: { now: Date; catalog?: TokenCatalogIndex },
): Promise<SubjectsLoad> {
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
  const lint = lintSources(sources, { config, now: options.now, catalog: options.catalog });
  if (lintFails(lint)) return { kind: "findings", lint };
  const subjects = new Map<string, LoadedSubject>();
  for (const target of targets) {
    const policyFile = policyFileOf(config, target);
    const addressesFile = addressesFileOf(config, target);
    const policy = present.has(policyFile) ? (lint.data.get(policyFile) as PolicyDocument) : undefined;
    const addresses = present.has(addressesFile) ? (lint.data.get(addressesFile) as { entries: AddressEntryDocument[] }) : undefined;
    subjects.set(subjectKey(target), {
      ...target,
      subject: { providerType: target.providerType, scope: target.scope, policy, addressEntries: addresses?.entries ?? [] },
      policyFile,
      addressesFile,
      policyExists: policy !== undefined,
      addressesExist: addresses !== undefined,
    });
  }
  return { kind: "subjects", lint, subjects };
}
