/**
 * `watch --plan`: watch mode (app/watch.ts) plus a plan on every save, against
 * the live copy read once at start. Re-planning is pure and needs no request,
 * so a save costs a re-lint and a diff. The live copy is not refreshed: a
 * change made live meanwhile shows up at the next `screenpol plan`, and push's
 * revision precondition refuses to overwrite it either way.
 */
import { lintFails, type LintResult, type SourceFile } from "../core/lint.js";
import { computePlan, type LiveRecord, type LocalDocument, type Plan } from "../core/plan/index.js";
import type { WatchedTests } from "../core/semantics/index.js";
import type { RemoteClient } from "../remote/index.js";
import { connect } from "./connect.js";
import { configFileFrom } from "./doctor.js";
import { chooseEnvironments, documentsOf, fetchLive } from "./plan.js";
import { startWatch, type WatchHandle } from "./watch.js";
import { openValidWorkspace } from "./workspace-config.js";

export interface WatchPlanUpdate {
  lint: LintResult;
  /** Absent when the lint has errors: no plan is made from invalid files. */
  plan?: Plan;
  changed: readonly string[];
  /** As app/watch.ts gives them: undefined when tests are off or none is watched. */
  tests?: WatchedTests;
}

export interface WatchPlanRequest {
  cwd: string;
  /** Told each secret as it is resolved (a stored login's token), for the terminal's redactor. */
  onSecret?: ((secret: string) => void) | undefined;
  env: Readonly<Record<string, string | undefined>>;
  environments?: readonly string[];
  paths?: readonly string[];
  tokenFile?: string;
  baseUrl?: string;
  client?: RemoteClient;
  now?: () => Date;
  /** Re-run the policy tests each batch affects, as plain watch does. */
  tests?: boolean;
  onUpdate(update: WatchPlanUpdate): void;
  onError(error: Error): void;
}

export async function startWatchPlan(request: WatchPlanRequest): Promise<WatchHandle> {
  const workspace = await openValidWorkspace(request.cwd);
  const environments = chooseEnvironments(workspace.config, request.environments ?? []);
  const connection = request.client ? undefined : await connect({ cwd: request.cwd, env: request.env, tokenFile: request.tokenFile, baseUrl: request.baseUrl, onSecret: request.onSecret });
  let live: LiveRecord[];
  try {
    live = (await fetchLive(request.client ?? connection!.client, environments, undefined, { configFile: configFileFrom(request.cwd, workspace.root) })).records;
  } finally {
    await connection?.client.close();
  }
  const named = (request.paths ?? []).length > 0;
  return startWatch({
    cwd: request.cwd,
    paths: request.paths,
    now: request.now,
    onError: request.onError,
    // A plan reads the layout from paths relative to the config's folder, as plan's own output names them.
    layoutPaths: true,
    tests: request.tests,
    onResult(result, changed, tests) {
      if (lintFails(result)) {
        request.onUpdate({ lint: result, changed, tests });
        return;
      }
      const sources: SourceFile[] = [...result.sources].map(([file, text]) => ({ file, text }));
      const { documents, files } = documentsOf(sources, workspace.config, environments);
      const plan = computePlan({
        environments,
        local: documents,
        live: named ? liveFor(live, documents) : live,
        policiesFolder: workspace.config.paths.policies,
        files,
        now: request.now?.() ?? new Date(),
      });
      request.onUpdate({ lint: result, plan, changed, tests });
    },
  });
}

/** With named paths, only the live records of the files named: the rest is not in question. */
function liveFor(live: readonly LiveRecord[], documents: readonly LocalDocument[]): LiveRecord[] {
  return live.filter((record) =>
    documents.some(
      (doc) =>
        doc.environment === record.environment &&
        doc.providerType === record.providerType &&
        doc.resource === record.resource &&
        (record.resource !== "policy" || (doc.resource === "policy" && doc.scope === record.scope)),
    ),
  );
}
