/**
 * The live screening policies and address entries the emulator is seeded with,
 * read from seed/policies.json: the sample repository (policies/) as a live
 * service would hold it after some drift, so that a first `screenpol plan`
 * against a fresh emulator shows updates and creates. Each record equals the
 * repository's file for its identity unless its `differsFromRepository` says
 * how it differs; `notSeeded` names what a plan creates (test/emulator/seed.test.ts
 * holds the file to policies/).
 *
 * The file is imported, not read: esbuild inlines it into the CLI bundle and
 * tsc copies it beside this module into dist/, so both find it without a path
 * (docs/decisions.md, "One wire contract; seed data as data").
 *
 * It is validated once, on first use, as a write of it would be: identity and
 * revision members by shape, the content with the linter (validation.ts), the
 * config declaring the seeded environments and the always-present curated
 * tokens as the catalog. A bad record is a defect of the build, so it throws.
 */
import { isScope, isVendor } from "../core/vendors.js";
import { buildCatalog, CURATED_TOKEN_COUNT, initialCatalogState } from "./catalog.js";
import type { StoredAddressEntries, StoredEnvironment, StoredPolicy } from "./model.js";
import seedFile from "./seed/policies.json" with { type: "json" };
import { addressEntriesProblem, policyProblem, type ValidationContext } from "./validation.js";

/** Where a seed problem is reported: the data file, as the source tree names it. */
const SEED_FILE = "src/emulator/seed/policies.json";

/** A revision a record may carry: a positive safe integer (0 means "none yet" and is never stored). */
function isStoredRevision(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1;
}

const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

export interface SeedPolicies {
  policies: StoredPolicy[];
  addressEntries: StoredAddressEntries[];
  /** Identities (`<env>/<providerType>/<scope>`, `<env>/<providerType>/addresses`) the seed leaves for a plan to create. */
  notSeeded: string[];
}

let validated: { environments: readonly StoredEnvironment[]; seed: SeedPolicies } | undefined;

/**
 * The seeded policies and address entries in `environments` (by name), fresh
 * copies on every call. Throws, naming the record and the problem, when the
 * data file is not a valid seed.
 */
export function seedPolicies(environments: readonly StoredEnvironment[]): SeedPolicies {
  if (validated?.environments !== environments) validated = { environments, seed: readSeed(seedFile, environments) };
  return structuredClone(validated.seed);
}

/** Reads and validates a seed document; exported for the tests of the validation. */
export function readSeed(document: unknown, environments: readonly StoredEnvironment[]): SeedPolicies {
  const fail = (where: string, problem: string): never => {
    throw new Error(`${SEED_FILE}: ${where}: ${problem}`);
  };
  if (!isRecord(document)) return fail("the document", "not an object");
  const { $comment: _comment, notSeeded, policies, addressEntries, ...unknown } = document;
  for (const name of Object.keys(unknown)) fail(name, "not a member of a seed");
  if (!Array.isArray(notSeeded) || !notSeeded.every((identity) => typeof identity === "string")) fail("notSeeded", "not an array of strings");
  if (!Array.isArray(policies)) return fail("policies", "not an array");
  if (!Array.isArray(addressEntries)) return fail("addressEntries", "not an array");

  const catalog = buildCatalog(initialCatalogState(CURATED_TOKEN_COUNT)).index();
  const now = new Date();
  const contextOf = (where: string, name: unknown): ValidationContext => {
    const environment = environments.find((candidate) => candidate.name === name);
    if (!environment) return fail(where, `environment ${JSON.stringify(name)} is not one of the seeded environments`);
    return { environment, environments: environments.filter((other) => other.projectId === environment.projectId), now, catalog };
  };
  const seen = new Set<string>();
  const identityOf = (where: string, parts: unknown[]): string => {
    const identity = parts.join("/");
    if (seen.has(identity)) fail(where, `${identity} is seeded twice`);
    seen.add(identity);
    return identity;
  };
  const checkCommon = (where: string, record: Record<string, unknown>): void => {
    if (!isVendor(record.providerType)) fail(where, "providerType is not a screening vendor");
    if (!isStoredRevision(record.revision)) fail(where, "revision is not a positive safe integer");
    if (typeof record.updatedAt !== "string" || !UTC_TIMESTAMP.test(record.updatedAt)) fail(where, "updatedAt is not a UTC timestamp (YYYY-MM-DDThh:mm:ssZ)");
    if (record.differsFromRepository !== undefined && typeof record.differsFromRepository !== "string") fail(where, "differsFromRepository is not a string");
  };

  const seededPolicies = policies.map((record: unknown, index): StoredPolicy => {
    let where = `policies[${index}]`;
    if (!isRecord(record)) return fail(where, "not an object");
    const { differsFromRepository: _note, environment, providerType, scope, revision, updatedAt, ...content } = record;
    where = `${where} (${identityOf(where, [environment, providerType, scope])})`;
    checkCommon(where, record);
    if (!isScope(scope)) fail(where, "scope is not SIGN_IN or TRANSACTION");
    const context = contextOf(where, environment);
    const problem = policyProblem(context, providerType as StoredPolicy["providerType"], scope as StoredPolicy["scope"], content);
    if (problem !== undefined) fail(where, problem);
    const { schemaVersion, enabled, rules, ...rest } = content;
    for (const name of Object.keys(rest)) fail(where, `${name} is not a member of a seeded policy`);
    return {
      environmentId: context.environment.id,
      providerType: providerType as StoredPolicy["providerType"],
      scope: scope as StoredPolicy["scope"],
      revision: revision as number,
      schemaVersion: schemaVersion as number,
      enabled: enabled as boolean,
      rules: rules as Record<string, unknown>,
      updatedAt: updatedAt as string,
    };
  });

  const seededEntries = addressEntries.map((record: unknown, index): StoredAddressEntries => {
    let where = `addressEntries[${index}]`;
    if (!isRecord(record)) return fail(where, "not an object");
    const { differsFromRepository: _note, environment, providerType, revision, updatedAt, ...content } = record;
    where = `${where} (${identityOf(where, [environment, providerType, "addresses"])})`;
    checkCommon(where, record);
    const context = contextOf(where, environment);
    const problem = addressEntriesProblem(context, providerType as StoredAddressEntries["providerType"], content);
    if (problem !== undefined) fail(where, problem);
    const { entries, ...rest } = content;
    for (const name of Object.keys(rest)) fail(where, `${name} is not a member of seeded address entries`);
    return {
      environmentId: context.environment.id,
      providerType: providerType as StoredAddressEntries["providerType"],
      revision: revision as number,
      updatedAt: updatedAt as string,
      entries: entries as StoredAddressEntries["entries"],
    };
  });

  for (const identity of notSeeded as string[]) {
    if (seen.has(identity)) fail("notSeeded", `${identity} is seeded`);
  }
  return { policies: seededPolicies, addressEntries: seededEntries, notSeeded: [...(notSeeded as string[])] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
