/**
 * unknown-policy (semantics.md section 3): a test file tests one policy, named
 * by (environment, providerType, scope). An environment the config does not
 * declare, or a policy file that does not exist, is an error at the header:
 * without it every case would be decided by `policy-disabled` and pass or fail
 * for a reason that has nothing to do with the policy meant.
 */
import { CONFIG_FILE, findEnvironment, isRecord } from "../config.js";
import { policyPathOf } from "../layout.js";
import { isScope, isVendor } from "../vendors.js";
import type { CheckContext, CheckedFile, Finding, ProjectCheck } from "./check.js";

export const check: ProjectCheck = {
  code: "unknown-policy",
  run(files: readonly CheckedFile[], context: CheckContext): Array<Finding & { file: string }> {
    const findings: Array<Finding & { file: string }> = [];
    for (const file of files) {
      if (file.kind !== "policy-test" || !isRecord(file.data)) continue;
      const { environment, providerType, scope } = file.data;
      // A header the schema rejects has its own finding.
      if (typeof environment !== "string" || environment === "" || !isVendor(providerType) || !isScope(scope)) continue;
      const { config } = context;
      if (config.environments.length > 0 && !findEnvironment(config, environment)) {
        const known = config.environments.map((entry) => entry.name).join(", ");
        findings.push({ code: "unknown-policy", file: file.file, path: ["environment"], message: `environment "${environment}" is not declared in ${CONFIG_FILE} (declared: ${known})` });
        continue;
      }
      const policyFile = policyPathOf(config, environment, providerType, scope);
      if (context.knownPolicies && !context.knownPolicies.has(policyFile)) {
        findings.push({
          code: "unknown-policy",
          file: file.file,
          path: ["environment"],
          target: "key",
          message: `no policy file ${policyFile}: this file tests the ${providerType} ${scope} policy of ${environment}, which does not exist`,
        });
      }
    }
    return findings;
  },
};
