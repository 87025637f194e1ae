/**
 * Reading a screening (screening-input.ts) as `decide`, `test` and `replay` do:
 * a signal or category of the other vendor names the vendor it belongs to and
 * this vendor's word for it; a scope or transfer the policy cannot take is a
 * finding at its path, never a silent default.
 */
import { describe, expect, it } from "vitest";
import { readScreening } from "../../../src/core/semantics/screening-input.js";

const A = "vendorAWalletScreening" as const;
const B = "vendorBAddressScreening" as const;
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

/** Each finding as `code path target: message`, or the screening when it reads. */
function read(data: Record<string, unknown>, vendor: typeof A | typeof B, scope: "SIGN_IN" | "TRANSACTION" = "SIGN_IN", at: Array<string | number> = []) {
  const reading = readScreening(data, vendor, scope, at);
  return reading.ok ? reading.screening : reading.findings.map((f) => `${f.code} ${f.path.join(".")} ${f.target ?? "-"}: ${f.message}`);
}

describe("a screening of the other vendor's shape", () => {
  it("a signal of the other vendor is a cross-vendor-field at its key, with this vendor's signal", () => {
    expect(read({ chain: "EVM", address: ADDRESS, signals: { riskLevel: "high" } }, A)).toEqual([
      "cross-vendor-field signals.riskLevel key: riskLevel is a signal of vendorBAddressScreening, not of vendorAWalletScreening; vendorAWalletScreening returns riskScore",
    ]);
    expect(read({ chain: "EVM", address: ADDRESS, signals: { exposures: [] } }, B)).toEqual([
      "cross-vendor-field signals.exposures key: exposures is a signal of vendorAWalletScreening, not of vendorBAddressScreening; vendorBAddressScreening returns indicators",
    ]);
  });

  it("a category of the other vendor is a cross-vendor-field at its value, with this vendor's word when it has one", () => {
    expect(read({ chain: "EVM", address: ADDRESS, signals: { cluster: { category: "mixing_service" } } }, A)).toEqual([
      "cross-vendor-field signals.cluster.category value: mixing_service is a category of vendorBAddressScreening, not of vendorAWalletScreening; vendorAWalletScreening calls it mixer",
    ]);
    expect(read({ chain: "EVM", address: ADDRESS, signals: { exposures: [{ category: "theft", direction: "direct", percent: 5 }] } }, A)).toEqual([
      "cross-vendor-field signals.exposures.0.category value: theft is a category of vendorBAddressScreening, not of vendorAWalletScreening; vendorAWalletScreening calls it stolen_funds",
    ]);
    expect(read({ chain: "EVM", address: ADDRESS, signals: { entity: { category: "malware" } } }, A)).toEqual([
      "cross-vendor-field signals.entity key: entity is a signal of vendorBAddressScreening, not of vendorAWalletScreening; vendorAWalletScreening returns cluster",
    ]);
    expect(read({ chain: "EVM", address: ADDRESS, signals: { cluster: { category: "malware" } } }, A)).toEqual([
      "cross-vendor-field signals.cluster.category value: malware is a category of vendorBAddressScreening, not of vendorAWalletScreening",
    ]);
  });

  it("a category of neither vendor stays the schema's finding", () => {
    const findings = read({ chain: "EVM", address: ADDRESS, signals: { cluster: { category: "not_a_category" } } }, A) as string[];
    expect(findings.map((finding) => finding.split(":")[0])).toEqual(["schema signals.cluster.category value"]);
  });
});

describe("a screening the policy's scope cannot take", () => {
  it("a scope that is not the policy's is a schema finding at its value", () => {
    expect(read({ scope: "SIGN_IN", chain: "EVM", address: ADDRESS }, A, "TRANSACTION")).toEqual([
      "schema scope value: scope SIGN_IN does not match the TRANSACTION policy it is decided against",
    ]);
    expect(read({ scope: "TRANSACTION", chain: "EVM", address: ADDRESS }, A, "SIGN_IN")).toEqual([
      "schema scope value: scope TRANSACTION does not match the SIGN_IN policy it is decided against",
    ]);
  });

  it("a SIGN_IN screening with a transfer is a scope-field finding at its key", () => {
    expect(read({ chain: "EVM", address: ADDRESS, transfer: { amountUsd: 10 } }, B)).toEqual([
      "scope-field transfer key: a SIGN_IN screening has no transfer: there is no amount or token at sign-in",
    ]);
  });

  it("findings of a screening inside a file are at the file's path to it", () => {
    expect(read({ chain: "EVM", address: ADDRESS, transfer: { amountUsd: 10 } }, B, "SIGN_IN", ["cases", 3, "screening"])).toEqual([
      "scope-field cases.3.screening.transfer key: a SIGN_IN screening has no transfer: there is no amount or token at sign-in",
    ]);
  });

  it("a screening that is not a mapping (a null line of a replay) is the schema's finding, not a crash", () => {
    const reading = readScreening(null, A, "SIGN_IN");
    expect(reading.ok ? [] : reading.findings.map((f) => f.code)).toEqual(["schema"]);
  });

  it("a screening that reads is returned as it is", () => {
    const screening = { scope: "TRANSACTION", chain: "EVM", address: ADDRESS, transfer: { amountUsd: 10 }, signals: { riskScore: 7 } };
    expect(read(screening, A, "TRANSACTION")).toBe(screening);
  });
});
