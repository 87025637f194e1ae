/**
 * Reading a screening (screening-input.ts) as `decide`, `test` and `replay` do:
 * a signal or category of the other vendor names the vendor it belongs to and
 * this vendor's word for it; a scope or transfer the policy cannot take is a
 * finding at its path, never a silent default.
 */
import { describe, expect, it } from "vitest";
import { readScreening, screeningTarget } from "../../../src/core/semantics/screening-input.js";

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

describe("only a signal or category of the other vendor is worded as the other vendor's", () => {
  const codes = (data: Record<string, unknown>, vendor: typeof A | typeof B, scope: "SIGN_IN" | "TRANSACTION" = "SIGN_IN") => (read(data, vendor, scope) as string[]).map((finding) => finding.split(":")[0]);

  it("a key named like the other vendor's signal below a signal, or beside the transfer's amount, is an unknown key", () => {
    expect(codes({ chain: "EVM", address: ADDRESS, signals: { cluster: { category: "mixer", riskLevel: "high" } } }, A)).toEqual(["schema signals.cluster.riskLevel key"]);
    expect(codes({ chain: "EVM", address: ADDRESS, transfer: { amountUsd: 5, riskLevel: "high" } }, A, "TRANSACTION")).toEqual(["schema transfer.riskLevel key"]);
    expect(codes({ chain: "EVM", address: ADDRESS, signals: { verdict: "bad" } }, A)).toEqual(["schema signals.verdict key"]);
  });

  it("every signal of the other vendor, with this vendor's word for it", () => {
    const message = (data: Record<string, unknown>, vendor: typeof A | typeof B) => (read({ chain: "EVM", address: ADDRESS, signals: data }, vendor) as string[]).map((finding) => finding.split(": ")[1]);
    expect(message({ indicators: [] }, A)).toEqual(["indicators is a signal of vendorBAddressScreening, not of vendorAWalletScreening; vendorAWalletScreening returns exposures"]);
    expect(message({ riskScore: 5 }, B)).toEqual(["riskScore is a signal of vendorAWalletScreening, not of vendorBAddressScreening; vendorBAddressScreening returns riskLevel"]);
    expect(message({ cluster: { category: "mixer" } }, B)).toEqual(["cluster is a signal of vendorAWalletScreening, not of vendorBAddressScreening; vendorBAddressScreening returns entity"]);
  });

  it("a value under the signals that reads like the other vendor's category, at a key that is not a category, is an unknown key", () => {
    expect(codes({ chain: "EVM", address: ADDRESS, signals: { cluster: { category: "mixer", note: "darknet" } } }, A)).toEqual(["schema signals.cluster.note key"]);
  });

  it("a value outside the signals that reads like the other vendor's category is the schema's finding", () => {
    expect(codes({ chain: "EVM", address: ADDRESS, category: "darknet" }, A)).toEqual(["schema category key"]);
    expect(codes({ chain: "darknet", address: ADDRESS }, A)).toEqual(["schema chain value"]);
  });

  it("a scope of neither kind is the schema's one finding, not also a mismatch", () => {
    expect(codes({ scope: "LOGIN", chain: "EVM", address: ADDRESS }, A, "TRANSACTION")).toEqual(["schema scope value"]);
  });

  it("without a path to prefix, a finding's path is the screening's own", () => {
    const reading = readScreening({ chain: "EVM", address: ADDRESS, transfer: { amountUsd: 10 } }, B, "SIGN_IN");
    expect(reading.ok ? [] : reading.findings.map((finding) => finding.path)).toEqual([["transfer"]]);
  });
});

describe("a category the vendor's list does not have, when replay accepts it", () => {
  const accept = (signals: Record<string, unknown>, vendor: typeof A | typeof B = A) => readScreening({ chain: "EVM", address: ADDRESS, signals }, vendor, "SIGN_IN", [], { unknownCategories: "accept" });
  const exposure = (category: string) => ({ category, direction: "direct", percent: 5 });

  it("is an unknown value of its signal, each value once, in the order met; the screening reads", () => {
    const reading = accept({ exposures: [exposure("bridge_exploit"), exposure("mixer"), exposure("rug_pull"), exposure("bridge_exploit")], cluster: { category: "bridge_exploit" } });
    expect(reading).toEqual({
      ok: true,
      screening: expect.anything(),
      unknownValues: [
        { signal: "exposure", value: "bridge_exploit" },
        { signal: "exposure", value: "rug_pull" },
        { signal: "cluster", value: "bridge_exploit" },
      ],
    });
    expect(accept({ indicators: [{ category: "bridge_exploit", riskType: "ownership", volumeUsd: 1 }], entity: { category: "rug_pull" } }, B)).toEqual({
      ok: true,
      screening: expect.anything(),
      unknownValues: [
        { signal: "indicator", value: "bridge_exploit" },
        { signal: "entity", value: "rug_pull" },
      ],
    });
  });

  it("up to 64 characters; a longer or empty string, or one at another place, stays a finding", () => {
    expect(accept({ cluster: { category: "x".repeat(64) } })).toMatchObject({ ok: true, unknownValues: [{ signal: "cluster", value: "x".repeat(64) }] });
    for (const signals of [{ cluster: { category: "x".repeat(65) } }, { cluster: { category: "" } }, { exposures: [{ category: "mixer", direction: "sideways", percent: 5 }] }]) {
      expect(accept(signals).ok, JSON.stringify(signals)).toBe(false);
    }
  });

  it("a string under a category signal at a key that is not `category` stays a finding", () => {
    expect(accept({ cluster: { category: "mixer", note: "bridge_exploit" } }).ok).toBe(false);
  });

  it("a known category reads with no unknown values at all", () => {
    expect(accept({ exposures: [exposure("mixer")] })).toEqual({ ok: true, screening: expect.anything() });
  });
});

describe("what a screening says of its policy (decide without --vendor or --scope)", () => {
  it("the scope from its scope, else TRANSACTION from its transfer; the vendor from its signals when they are one vendor's", () => {
    expect(screeningTarget({ scope: "SIGN_IN", transfer: {}, signals: { riskScore: 1 } })).toEqual({
      scope: { value: "SIGN_IN", from: "its scope" },
      vendor: { value: A, from: "its signals" },
    });
    expect(screeningTarget({ transfer: { amountUsd: 1 }, signals: { entity: { category: "gambling" } } })).toEqual({
      scope: { value: "TRANSACTION", from: "its transfer" },
      vendor: { value: B, from: "its signals" },
    });
    expect(screeningTarget({ scope: "LOGIN", transfer: {}, signals: { riskScore: 1, riskLevel: "high" } })).toEqual({});
    expect(screeningTarget({ signals: {} })).toEqual({});
    expect(screeningTarget(["not", "a", "screening"])).toEqual({});
    expect(screeningTarget(null)).toEqual({});
    expect(screeningTarget({ scope: "TRANSACTION" })).toEqual({ scope: { value: "TRANSACTION", from: "its scope" } });
    // A key of no vendor beside one vendor's signal does not hide whose signals they are.
    expect(screeningTarget({ signals: { riskScore: 1, note: "x" } })).toEqual({ vendor: { value: A, from: "its signals" } });
  });
});
