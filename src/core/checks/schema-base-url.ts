/**
 * schema, for what the JSON Schema cannot say: a `baseUrl` in
 * screenpol.config.yaml that the remote commands would refuse (toolkit.md,
 * Configuration and secrets), above all plain `http://` to a host that is not
 * loopback, where the API token would cross the network in clear. The rule is
 * the remote client's own (core/base-url.ts), so lint never passes a config
 * that `plan` then refuses. Reported at the value; a value that is not a string
 * is the schema's finding.
 */
import { checkBaseUrl } from "../base-url.js";
import { isRecord } from "../config.js";
import type { FileCheck } from "./check.js";

export const check: FileCheck = {
  code: "schema",
  appliesTo: ["config"],
  run(file) {
    const baseUrl = isRecord(file.data) ? file.data.baseUrl : undefined;
    if (typeof baseUrl !== "string") return [];
    const checked = checkBaseUrl(baseUrl);
    return checked.ok ? [] : [{ code: "schema", path: ["baseUrl"], message: checked.problem, target: "value" }];
  },
};
