/**
 * The plan use case: read the local files, lint them (any error: no plan),
 * read every live policy of the chosen environments (bounded concurrency, one
 * GET per policy), then the pure core computes the plan, and the weakening
 * check (plan-weakening.ts) records on it, for every policy it writes, what
 * the push would do to decisions.
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import type { Config, EnvironmentConfig } from "../core/config.js";
import { parseYaml } from "../core/document.js";
import { filesWithoutMeaning, lintFails, lintSources, type LintResult, type SourceFile } from "../core/lint.js";
import { classifyPath } from "../core/layout.js";
import { computePlan, type LiveRecord, type LocalDocument, type Plan } from "../core/plan/index.js";
import { SCOPES, VENDORS, type Scope, type Vendor } from "../core/vendors.js";
import { isRemoteError, RemoteError, type RemoteClient } from "../remote/index.js";
import { collectPaths, readSources, toRepositoryPath } from "../workspace/repository.js";
import { mapBounded } from "./bounded.js";
import { loadLintCatalog } from "./catalog-load.js";
import { connect, selectEnvironments, type ConnectOptions } from "./connect.js";
import { configFileFrom, describeWrongEnvironmentId } from "./doctor.js";
import { ConfigError, LoginExpiredError, SecretInResponseError, UsageError } from "./errors.js";
import { CredentialStoreError } from "../workspace/credentials/stored-login.js";
import { checkPlanWeakening } from "./plan-weakening.js";
import { openValidWorkspace, type Workspace } from "./workspace-config.js";
import { openTraffic } from "./traffic.js";
import type { ReplayInput } from "../workspace/replay-input.js";

/** Live reads in flight at once: enough to hide latency, few enough not to earn a 429. */
export const READ_CONCURRENCY = 8;

export interface PlanRequest extends Partial<ConnectOptions> {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** `--env` names; none: every environment of the config. */
  environments?: readonly string[];
  /** Files or folders; none: all of each environment (and live-only policies are reported). */
  paths?: readonly string[];
  now?: Date;
  /** A client to use instead of connecting (the demo, tests); left open. */
  client?: RemoteClient;
  concurrency?: number;
  /**
   * The weakening check of every policy the plan writes (plan-weakening.ts),
   * recorded on its entry: on by default; `timeoutMs` per policy. false: not
   * run, and z3 never loaded (`plan --no-weakening-check`).
   */
  weakening?: false | { timeoutMs?: number };
  /** Recorded screenings counted per cause of the weakening check (`--traffic`; app/traffic.ts): a path relative to `cwd`, or `-`. */
  traffic?: string;
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /**
   * When the files have lint errors but every one has a meaning, still read
   * the live state and run the weakening check, for `plan` to show it beside
   * the findings (docs/semantics.md, "What decides"); nothing is written.
   */
  checkDespiteFindings?: boolean;
}

/** Requests a plan made, by kind (the bench and tests check "one GET per policy"). */
export interface RequestCount {
  environments: number;
  policies: number;
  addressEntries: number;
}

export type PlanRun =
  /**
   * Lint errors: nothing is planned or written. With `checkDespiteFindings`
   * and files that all have a meaning, `plan` is computed all the same for
   * its weakening check to be shown; `unchecked` says why it could not be.
   */
  | { kind: "findings"; lint: LintResult; root: string; plan?: Plan; unchecked?: string }
  | { kind: "plan"; plan: Plan; lint: LintResult; root: string; workspace: Workspace; requests: RequestCount };

/** What the local files hold: the lint result, the plannable documents, and every file's hash. */
export interface LocalState {
  lint: LintResult;
  documents: LocalDocument[];
  files: Record<string, string>;
  /** Named paths, repository-relative. */
  paths: string[];
}

/**
 * Reads and lints the files a plan covers: the named paths, or the whole
 * repository. Policy and address-entries files of the chosen environments
 * become documents; the rest is linted only.
 */
export async function readLocalState(
  workspace: Workspace,
  cwd: string,
  paths: readonly string[],
  environments: readonly EnvironmentConfig[],
  now?: Date,
): Promise<LocalState> {
  const sources = await readSources(await collectPaths(workspace.root, cwd, paths, workspace.config));
  const catalog = await loadLintCatalog(workspace.root, workspace.config);
  const index = catalog.status === "loaded" || catalog.status === "given" ? catalog.index : undefined;
  const lint = lintSources(sources, { config: workspace.config, now, catalog: index });
  const { documents, files } = documentsOf(sources, workspace.config, environments, (file) => lint.data.get(file));
  return { lint, documents, files, paths: paths.map((path) => toRepositoryPath(workspace.root, resolve(cwd, path))) };
}

/**
 * The plannable documents among linted sources (bytes or text), with the
 * hashes of their bytes. `dataOf` may supply a file's data as the lint already
 * parsed it, saving a second parse; without it each file is parsed here.
 */
export function documentsOf(
  sources: readonly SourceFile[],
  config: Config,
  environments: readonly EnvironmentConfig[],
  dataOf?: (file: string) => unknown,
): { documents: LocalDocument[]; files: Record<string, string> } {
  const names = new Set(environments.map((environment) => environment.name));
  const documents: LocalDocument[] = [];
  const files: Record<string, string> = {};
  for (const source of sources) {
    const role = classifyPath(source.file, config);
    if ((role.kind !== "policy" && role.kind !== "addresses") || role.layoutProblem !== undefined) continue;
    if (role.environment === undefined || !names.has(role.environment) || role.providerType === undefined) continue;
    const bytes = source.bytes ?? (source.text === undefined ? undefined : new TextEncoder().encode(source.text));
    if (bytes === undefined) continue;
    const data = dataOf?.(source.file) ?? parseYaml(source.text ?? new TextDecoder().decode(bytes)).document?.data;
    // The file's bytes, hashed natively (the bodies' hashes are the core's, in core/canonical.ts).
    const fileSha256 = createHash("sha256").update(bytes).digest("hex");
    files[source.file] = fileSha256;
    if (role.kind === "policy" && role.scope !== undefined) {
      documents.push({ resource: "policy", path: source.file, fileSha256, environment: role.environment, providerType: role.providerType, scope: role.scope, data });
    } else if (role.kind === "addresses") {
      documents.push({ resource: "addresses", path: source.file, fileSha256, environment: role.environment, providerType: role.providerType, data });
    }
  }
  return { documents, files };
}

/** Lints, then plans. The caller prints findings when `kind` is `findings`. */
export async function runPlan(request: PlanRequest): Promise<PlanRun> {
  const workspace = await openValidWorkspace(request.cwd);
  const environments = chooseEnvironments(workspace.config, request.environments ?? []);
  const now = request.now ?? new Date();
  // Opened first: a mistyped file name should cost no request.
  const traffic = request.traffic === undefined || request.weakening === false ? undefined : await openTraffic(request.traffic, request.cwd, request.stdin);
  const local = await readLocalState(workspace, request.cwd, request.paths ?? [], environments, now);
  if (lintFails(local.lint)) {
    const findings = { kind: "findings" as const, lint: local.lint, root: workspace.root };
    // A file without a meaning has no body to plan; with --no-weakening-check there is nothing to show.
    if (!request.checkDespiteFindings || request.weakening === false || filesWithoutMeaning(local.lint).size > 0) return findings;
    try {
      const { plan } = await planAndCheck(request, workspace, environments, local, now, true, traffic);
      return { ...findings, plan };
    } catch (error) {
      // The findings are the answer (exit 1); a service out of reach only costs the check.
      if (!isReachFailure(error)) throw error;
      return { ...findings, unchecked: (error as Error).message };
    }
  }
  const { plan, requests } = await planAndCheck(request, workspace, environments, local, now, false, traffic);
  return { kind: "plan", plan, lint: local.lint, root: workspace.root, workspace, requests };
}

/** The live state read, the plan computed, and its weakening check recorded on it (unless turned off). */
async function planAndCheck(
  request: PlanRequest,
  workspace: Workspace,
  environments: readonly EnvironmentConfig[],
  local: LocalState,
  now: Date,
  plannedAsWritten: boolean,
  traffic: ReplayInput | undefined,
): Promise<{ plan: Plan; requests: RequestCount }> {
  const connection = request.client ? undefined : await connect({ cwd: request.cwd, env: request.env, tokenFile: request.tokenFile, baseUrl: request.baseUrl, onSecret: request.onSecret });
  const client = request.client ?? connection!.client;
  let planned: { plan: Plan; requests: RequestCount };
  try {
    const { records, requests } = await fetchLive(client, environments, local.paths.length > 0 ? local.documents : undefined, {
      concurrency: request.concurrency,
      configFile: configFileFrom(request.cwd, workspace.root),
    });
    const plan = computePlan({
      environments,
      local: local.documents,
      live: records,
      policiesFolder: workspace.config.paths.policies,
      paths: local.paths,
      files: local.files,
      now,
    });
    planned = { plan, requests };
  } finally {
    await connection?.client.close();
  }
  if (request.weakening !== false) await checkPlanWeakening(planned.plan, { config: workspace.config, now, timeoutMs: request.weakening?.timeoutMs, plannedAsWritten, traffic });
  return planned;
}

/** A failure to reach or read the service (or no credential for it): the kinds main reports as exit 2 or 4. */
function isReachFailure(error: unknown): boolean {
  if (error instanceof ConfigError || error instanceof UsageError || error instanceof CredentialStoreError) return true;
  return error instanceof LoginExpiredError || error instanceof SecretInResponseError || (error instanceof Error && error.name === "RemoteError");
}

/** The environments chosen with --env (all by default); at least one. */
export function chooseEnvironments(config: Config, names: readonly string[]): EnvironmentConfig[] {
  const environments = selectEnvironments(config, names);
  if (environments.length === 0) throw new ConfigError("screenpol.config.yaml declares no environments; add one under `environments:`");
  return environments;
}

type Target =
  | { resource: "environment"; environment: EnvironmentConfig }
  | { resource: "policy"; environment: EnvironmentConfig; providerType: Vendor; scope: Scope }
  | { resource: "addresses"; environment: EnvironmentConfig; providerType: Vendor };

/** What of the live state a command needs: a local document, or just its identity (`replay --live`). */
export type LiveSelection = Pick<LocalDocument, "resource" | "environment" | "providerType"> & { scope?: Scope };

/**
 * Reads the live state: each environment once (so a wrong environment id is a
 * clear 404, not a plan that creates everything), then every policy and
 * address-entries set of it, or with `only`, just those the named documents
 * need. At most one GET per policy, `concurrency` at a time; the first
 * unexpected failure stops further reads and is thrown. A 404 on an environment
 * is thrown naming the key of `configFile` that holds its id, as doctor says it.
 */
export async function fetchLive(
  client: RemoteClient,
  environments: readonly EnvironmentConfig[],
  only: readonly LiveSelection[] | undefined,
  options: { concurrency?: number; configFile?: string } = {},
): Promise<{ records: LiveRecord[]; requests: RequestCount }> {
  const { concurrency = READ_CONCURRENCY, configFile } = options;
  const targets: Target[] = [];
  for (const environment of environments) {
    const wanted = only?.filter((doc) => doc.environment === environment.name);
    if (wanted && wanted.length === 0) continue;
    targets.push({ resource: "environment", environment });
    for (const providerType of VENDORS) {
      for (const scope of SCOPES) {
        if (!wanted || wanted.some((doc) => doc.resource === "policy" && doc.providerType === providerType && doc.scope === scope)) {
          targets.push({ resource: "policy", environment, providerType, scope });
        }
      }
      if (!wanted || wanted.some((doc) => doc.resource === "addresses" && doc.providerType === providerType)) {
        targets.push({ resource: "addresses", environment, providerType });
      }
    }
  }
  const requests: RequestCount = { environments: 0, policies: 0, addressEntries: 0 };
  let failure: { error: unknown; target: Target } | undefined;
  const results = await mapBounded(
    targets,
    concurrency,
    async (target): Promise<LiveRecord | undefined> => {
      try {
        return await read(client, target, requests);
      } catch (error) {
        // An environment that is not there explains every other failure: report it first.
        if (!failure || (target.resource === "environment" && failure.target.resource !== "environment")) failure = { error, target };
        return undefined;
      }
    },
    () => failure !== undefined,
  );
  if (failure) {
    const { error, target } = failure;
    if (configFile !== undefined && target.resource === "environment" && isRemoteError(error, "notFound")) {
      throw new RemoteError(describeWrongEnvironmentId(target.environment, error, configFile), error, { cause: error });
    }
    throw error;
  }
  return { records: results.filter((record): record is LiveRecord => record !== undefined), requests };
}

async function read(client: RemoteClient, target: Target, requests: RequestCount): Promise<LiveRecord | undefined> {
  const { environment } = target;
  switch (target.resource) {
    case "environment":
      requests.environments++;
      await client.getEnvironment(environment.id);
      return undefined;
    case "policy": {
      requests.policies++;
      try {
        const policy = await client.getScreeningPolicy(environment.id, target.providerType, target.scope);
        return { resource: "policy", environment: environment.name, providerType: target.providerType, scope: target.scope, policy };
      } catch (error) {
        if (isRemoteError(error, "notFound")) {
          return { resource: "policy", environment: environment.name, providerType: target.providerType, scope: target.scope, policy: null };
        }
        throw error;
      }
    }
    case "addresses": {
      requests.addressEntries++;
      const entries = await client.getAddressEntries(environment.id, target.providerType);
      return { resource: "addresses", environment: environment.name, providerType: target.providerType, entries };
    }
  }
}
