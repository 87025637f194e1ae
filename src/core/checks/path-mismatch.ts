/**
 * path-mismatch (policy-language.md section 1): the path of a policy is its
 * identity, `policies/<environment>/<providerType>/<scope>.yaml`, so content that
 * names another vendor or scope than its path is an error; so is a file under
 * the policies or webhooks folder that does not follow the layout at all.
 */
import { isRecord } from "../config.js";
import { isScope, isVendor } from "../vendors.js";
import type { CheckContext, CheckedFile, FileCheck, Finding } from "./check.js";

export const check: FileCheck = {
  code: "path-mismatch",
  appliesTo: ["policy", "addresses", "webhooks"],
  run(file: CheckedFile, context: CheckContext): Finding[] {
    const { role } = file;
    const findings: Finding[] = [];
    if (role.layoutProblem !== undefined) {
      findings.push({ code: "path-mismatch", path: [], message: role.layoutProblem });
    }
    const data = isRecord(file.data) ? file.data : {};
    const policies = context.config.paths.policies;
    // Only a valid vendor or scope is compared: anything else is the schema's (or,
    // for the sanctions provider, sanctions-floor's) to report.
    const providerType = Object.hasOwn(data, "providerType") ? data.providerType : undefined;
    if (file.kind === "policy" || file.kind === "addresses") {
      if (isVendor(providerType) && role.providerType !== undefined && providerType !== role.providerType) {
        const identity =
          file.kind === "policy"
            ? `the path is the policy's identity (${policies}/<environment>/<providerType>/<scope>.yaml)`
            : `address entries belong to the vendor of their folder (${policies}/<environment>/<providerType>/addresses.yaml)`;
        findings.push({
          code: "path-mismatch",
          path: ["providerType"],
          message: `${providerType} does not match the folder ${role.providerType}; ${identity}: move the file or correct the field`,
        });
      }
    }
    if (file.kind === "policy" && role.kind === "policy") {
      const scope = Object.hasOwn(data, "scope") ? data.scope : undefined;
      if (isScope(scope) && role.scope !== undefined && scope !== role.scope) {
        const name = file.file.slice(file.file.lastIndexOf("/") + 1);
        findings.push({
          code: "path-mismatch",
          path: ["scope"],
          message: `${scope} does not match the file name ${name}; the path is the policy's identity (${policies}/<environment>/<providerType>/<scope>.yaml): move the file or correct the field`,
        });
      }
    }
    return findings;
  },
};
