/**
 * placeholder-environment-id: an environment of screenpol.config.yaml whose id
 * is still the placeholder `screenpol init` wrote (config.ts). The config reads
 * fine and lint passes, but no environment has that id: `plan` and `push` would
 * meet a 404 at the first request. A warning, so a fresh scaffold still lints
 * with exit 0 and says what to replace; a team makes it an error with `severity:`.
 */
import { isPlaceholderEnvironmentId, isRecord } from "../config.js";
import type { FileCheck, Finding } from "./check.js";

export const check: FileCheck = {
  code: "placeholder-environment-id",
  appliesTo: ["config"],
  run(file) {
    const environments = isRecord(file.data) ? file.data.environments : undefined;
    if (!isRecord(environments)) return [];
    const findings: Finding[] = [];
    for (const [name, environment] of Object.entries(environments)) {
      const id = isRecord(environment) ? environment.id : undefined;
      if (typeof id !== "string" || !isPlaceholderEnvironmentId(id)) continue;
      findings.push({
        code: "placeholder-environment-id",
        path: ["environments", name, "id"],
        message: `${id} is the placeholder \`screenpol init\` wrote, and no environment has it: replace it with the id of environment "${name}" from the dashboard (\`plan\` and \`push\` fail until then)`,
        target: "value",
      });
    }
    return findings;
  },
};
