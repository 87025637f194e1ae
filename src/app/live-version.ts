/**
 * The live revision of one (environment, vendor, scope) as files: the live
 * policy and the live address entries of (environment, vendor), one GET each
 * after the GET of the environment that makes a wrong id a clear 404 (as plan
 * reads them), rendered into their canonical files (what `pull` writes) so
 * that they are linted and read like local ones. `replay --live` and
 * `decide --live` read the live version through it.
 */
import type { SourceFile } from "../core/lint.js";
import { renderEntriesContent, renderPolicyContent } from "../core/plan/index.js";
import { connect, selectEnvironment, type ConnectOptions } from "./connect.js";
import { addressesFileOf, policyFileOf, type SourceReader, type SubjectTarget } from "./decision-subjects.js";
import { configFileFrom } from "./doctor.js";
import { fetchLive } from "./plan.js";
import type { Workspace } from "./workspace-config.js";

export interface LiveVersion {
  workspace: Workspace;
  /** `live revision 9`, or `live (no policy)`. */
  label: string;
  /** The live policy's revision; undefined when there is no live policy. */
  revision?: number;
  read: SourceReader;
}

export async function readLiveVersion(options: ConnectOptions, target: SubjectTarget): Promise<LiveVersion> {
  const connection = await connect(options);
  const { config } = connection.workspace;
  const environment = selectEnvironment(config, target.environment);
  let records;
  try {
    const selection = [
      { resource: "policy" as const, environment: environment.name, providerType: target.providerType, scope: target.scope },
      { resource: "addresses" as const, environment: environment.name, providerType: target.providerType },
    ];
    records = (await fetchLive(connection.client, [environment], selection, { configFile: configFileFrom(options.cwd, connection.workspace.root) })).records;
  } finally {
    await connection.client.close();
  }
  const files = new Map<string, SourceFile>();
  let revision: number | undefined;
  for (const record of records) {
    if (record.resource === "policy" && record.policy) {
      const file = policyFileOf(config, target);
      files.set(file, { file, text: renderPolicyContent(target.providerType, target.scope, record.policy) });
      revision = record.policy.revision;
    } else if (record.resource === "addresses" && record.entries.entries.length > 0) {
      const file = addressesFileOf(config, target);
      files.set(file, { file, text: renderEntriesContent(target.providerType, record.entries.entries) });
    }
  }
  return {
    workspace: connection.workspace,
    label: revision === undefined ? "live (no policy)" : `live revision ${revision}`,
    ...(revision === undefined ? {} : { revision }),
    read: async (file) => files.get(file),
  };
}
