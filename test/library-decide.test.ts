import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BUILD_ROOT } from "./helpers/run-cli.js";

describe('import { decide } from "screenpol"', () => {
  // From the package root of this run's build: "screenpol" resolves there, by its package.json, to its dist/.
  it("decides a screening against a policy and address entries, with its trace", () => {
    const script = `
      import { decide, readScreening, STEPS } from "screenpol";
      const subject = {
        providerType: "vendorBAddressScreening",
        scope: "SIGN_IN",
        policy: {
          providerType: "vendorBAddressScreening", scope: "SIGN_IN", schemaVersion: 1, enabled: true,
          rules: { preScreen: {}, postScreen: [{ id: "block-severe", when: { riskLevel: { atLeast: "severe" } }, action: "BLOCK" }] },
        },
        addressEntries: [{ address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", chain: "BTC", action: "ALLOW", scope: "ALL", reason: "reviewed" }],
      };
      const read = readScreening({ chain: "BTC", address: "bc1qother", signals: { riskLevel: "severe" } }, "vendorBAddressScreening", "SIGN_IN");
      const blocked = decide(subject, read.screening, { now: new Date("2026-11-23T00:00:00Z"), trace: true });
      const entry = decide(subject, { chain: "BTC", address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", signals: { riskLevel: "severe" } }, { now: 0 });
      const wrongVendor = readScreening({ chain: "BTC", address: "x", signals: { riskScore: 9 } }, "vendorBAddressScreening", "SIGN_IN");
      console.log(JSON.stringify({ blocked: [blocked.action, blocked.by, blocked.trace.length], entry, wrongVendor: wrongVendor.findings.map((f) => f.code + " " + f.message), steps: STEPS }));
    `;
    const output = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: BUILD_ROOT, encoding: "utf8" }));
    expect(output).toEqual({
      blocked: ["BLOCK", "block-severe", 5],
      entry: { action: "ALLOW", by: "address-entry" },
      wrongVendor: ["cross-vendor-field riskScore is a signal of vendorAWalletScreening, not of vendorBAddressScreening; vendorBAddressScreening returns riskLevel"],
      steps: ["sanctions-floor", "address-entry", "policy-disabled", "pre-screen", "terminal-allow"],
    });
  });
});
