/**
 * Where a file sits says what it is (policy-language.md section 1): the path of a
 * policy is its identity. This maps a repository-relative path to that role.
 */
import { CONFIG_FILE, type Config } from "./config.js";
import { isScope, isVendor, type Scope, type Vendor } from "./vendors.js";

export type FileKind = "policy" | "addresses" | "webhooks" | "config" | "catalog" | "policy-test" | "other";

export interface FileRole {
  kind: FileKind;
  /** Environment name from the path, when the path has one. */
  environment?: string;
  providerType?: Vendor;
  scope?: Scope;
  /**
   * Set when the file sits under the policies or webhooks folder but its path
   * does not follow the layout; the path-mismatch check reports it.
   */
  layoutProblem?: string;
}

const YAML_EXTENSION = /\.ya?ml$/;

/** A policy test file's name (semantics.md section 3); it is one wherever it sits, so its `scope` never makes it a policy. */
export const TEST_FILE_NAME = /\.test\.ya?ml$/;

/** `relativePath` is relative to the repository root (the folder of screenpol.config.yaml), `/`-separated. */
export function classifyPath(relativePath: string, config: Config): FileRole {
  const path = relativePath.replace(/^\.\//, "");
  if (path === CONFIG_FILE || path.endsWith(`/${CONFIG_FILE}`)) return { kind: "config" };
  if (TEST_FILE_NAME.test(path)) return { kind: "policy-test" };
  const policiesPrefix = `${config.paths.policies}/`;
  const webhooksPrefix = `${config.paths.webhooks}/`;
  if (path.startsWith(policiesPrefix)) return classifyPolicyPath(path.slice(policiesPrefix.length), config);
  if (path.startsWith(webhooksPrefix)) {
    const rest = path.slice(webhooksPrefix.length);
    const environment = rest.replace(YAML_EXTENSION, "");
    if (rest.includes("/") || !YAML_EXTENSION.test(rest)) {
      return { kind: "webhooks", layoutProblem: `webhook files live at ${config.paths.webhooks}/<environment>.yaml` };
    }
    return { kind: "webhooks", environment, ...environmentProblem(environment, config) };
  }
  if (path.startsWith(`${config.paths.catalog}/`)) return { kind: "catalog" };
  return { kind: "other" };
}

function classifyPolicyPath(rest: string, config: Config): FileRole {
  const parts = rest.split("/");
  const expected = `${config.paths.policies}/<environment>/<providerType>/<scope>.yaml (or addresses.yaml)`;
  const [environment, vendor, file] = parts;
  if (parts.length !== 3 || environment === undefined || vendor === undefined || file === undefined) {
    return { kind: "policy", layoutProblem: `policy files live at ${expected}` };
  }
  const stem = file.replace(YAML_EXTENSION, "");
  const kind: FileKind = stem === "addresses" ? "addresses" : "policy";
  const role: FileRole = { kind, environment };
  if (isVendor(vendor)) role.providerType = vendor;
  if (isScope(stem)) role.scope = stem;
  if (!isVendor(vendor)) {
    role.layoutProblem = `folder "${vendor}" is not a screening vendor; use vendorAWalletScreening or vendorBAddressScreening (${expected})`;
  } else if (kind === "policy" && !isScope(stem)) {
    role.layoutProblem = `file name "${file}" is not a scope; name it SIGN_IN.yaml or TRANSACTION.yaml (${expected})`;
  } else {
    Object.assign(role, environmentProblem(environment, config));
  }
  return role;
}

function environmentProblem(environment: string, config: Config): { layoutProblem?: string } {
  if (config.environments.length === 0) return {};
  if (config.environments.some((entry) => entry.name === environment)) return {};
  const known = config.environments.map((entry) => entry.name).join(", ");
  return { layoutProblem: `environment "${environment}" is not declared in ${CONFIG_FILE} (declared: ${known})` };
}

/** Repository-relative path of the policy file of (environment, vendor, scope) (policy-language.md section 1). */
export function policyPathOf(config: Config, environment: string, vendor: Vendor, scope: Scope): string {
  return `${config.paths.policies}/${environment}/${vendor}/${scope}.yaml`;
}

/** Repository-relative path of the address entries of (environment, vendor), which both scopes read. */
export function addressesPathOf(config: Config, environment: string, vendor: Vendor): string {
  return `${config.paths.policies}/${environment}/${vendor}/addresses.yaml`;
}
