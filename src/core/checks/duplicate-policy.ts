/**
 * duplicate-policy (policy-language.md sections 1 and 8): an environment holds at
 * most one policy per vendor and scope (admin-api.md, ScreeningPolicy), so two
 * files that resolve to the same remote identity would overwrite each other on
 * push: `SIGN_IN.yaml` beside `SIGN_IN.yml`, or two environment names that the
 * config maps to one environment id. The same holds for two address files of one
 * (environment, vendor).
 */
import { CONFIG_FILE, findEnvironment, isRecord } from "../config.js";
import type { CheckContext, CheckedFile, Finding, ProjectCheck } from "./check.js";

export const check: ProjectCheck = {
  code: "duplicate-policy",
  run(files: readonly CheckedFile[], context: CheckContext): Array<Finding & { file: string }> {
    const findings: Array<Finding & { file: string }> = [];
    const first = new Map<string, { file: CheckedFile; environment: string }>();
    // The first by path order keeps the identity; every later one is the duplicate.
    const ordered = [...files].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    for (const file of ordered) {
      const identity = remoteIdentity(file, context);
      if (!identity) continue;
      const earlier = first.get(identity.key);
      if (!earlier) {
        first.set(identity.key, { file, environment: identity.environment });
        continue;
      }
      // One file named twice (on the command line, say) is not two policies.
      if (earlier.file.file === file.file) continue;
      const data = isRecord(file.data) ? file.data : {};
      const field = identity.scope === undefined ? "providerType" : "scope";
      const what =
        identity.scope === undefined
          ? `already holds the address entries of ${identity.vendor}`
          : `already defines ${identity.vendor} ${identity.scope}`;
      const where = identity.id !== undefined ? `environment ${earlier.environment} (${identity.id})` : `environment ${earlier.environment}`;
      const alias =
        identity.environment !== earlier.environment
          ? `; ${CONFIG_FILE} gives environments ${earlier.environment} and ${identity.environment} the same id`
          : "";
      findings.push({
        code: "duplicate-policy",
        file: file.file,
        path: Object.hasOwn(data, field) ? [field] : [],
        message: `duplicate ${identity.scope === undefined ? "address file" : "policy"}: ${earlier.file.file} ${what} for ${where}${alias}; keep one file`,
      });
    }
    return findings;
  },
};

interface RemoteIdentity {
  key: string;
  environment: string;
  /** The environment UUID, when the config declares environments. */
  id: string | undefined;
  vendor: string;
  scope: string | undefined;
}

/**
 * The identity a push would write to, from the path (the path is the identity,
 * policy-language.md section 1): (environment id, vendor, scope) for a policy,
 * (environment id, vendor) for an address file. Files outside the layout, or in an
 * environment the config does not declare, have none (path-mismatch reports them).
 */
function remoteIdentity(file: CheckedFile, context: CheckContext): RemoteIdentity | undefined {
  const { role } = file;
  if (role.environment === undefined || role.providerType === undefined) return undefined;
  if (role.kind !== "policy" && role.kind !== "addresses") return undefined;
  if (role.kind === "policy" && role.scope === undefined) return undefined;
  let id: string | undefined;
  if (context.config.environments.length > 0) {
    id = findEnvironment(context.config, role.environment)?.id;
    if (id === undefined) return undefined;
  }
  const environmentKey = id ?? `name:${role.environment}`;
  const scope = role.kind === "policy" ? role.scope : undefined;
  return {
    key: [role.kind, environmentKey, role.providerType, scope ?? ""].join("\u0000"),
    environment: role.environment,
    id,
    vendor: role.providerType,
    scope,
  };
}
