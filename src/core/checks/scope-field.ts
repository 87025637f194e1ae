/**
 * scope-field (policy-language.md section 3): `minAmountUsd` and `tokens` apply to
 * TRANSACTION policies only; at sign-in there is no amount and no token, so in a
 * SIGN_IN policy they would never take effect. The scope is the file's `scope`
 * when valid, else its file name (CheckedFile.scope).
 */
import type { FileCheck, Finding } from "./check.js";
import { preScreenOf } from "./policy-parts.js";

const TRANSACTION_ONLY: Readonly<Record<string, string>> = {
  minAmountUsd: "minAmountUsd applies to TRANSACTION only: there is no amount at sign-in",
  tokens: "tokens applies to TRANSACTION only: there is no token at sign-in",
};

export const check: FileCheck = {
  code: "scope-field",
  appliesTo: ["policy"],
  run(file) {
    if (file.scope !== "SIGN_IN") return [];
    const preScreen = preScreenOf(file.data);
    if (!preScreen) return [];
    const findings: Finding[] = [];
    for (const [field, message] of Object.entries(TRANSACTION_ONLY)) {
      if (Object.hasOwn(preScreen, field)) findings.push({ code: "scope-field", path: ["rules", "preScreen", field], message, target: "key" });
    }
    return findings;
  },
};
