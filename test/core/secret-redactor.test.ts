import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSecretRedactor, REDACTED } from "../../src/core/secret-redactor.js";

const token = "dyn_Xk9/secret+Token=value_1234";

describe("createSecretRedactor", () => {
  const redactor = createSecretRedactor([token]);

  it.each([
    ["raw", `Bearer ${token}`],
    ["percent-encoded", `https://x.test/?t=${encodeURIComponent(token)}`],
    ["JSON-escaped with slashes", JSON.stringify({ a: token }).replace(/\//g, "\\/")],
    ["base64", Buffer.from(`user:${token}`).toString("base64")],
    ["base64 at offset 1", Buffer.from(`u:${token}!`).toString("base64")],
    ["base64 at offset 2", Buffer.from(`us:${token}!!`).toString("base64")],
    ["base64url", Buffer.from(`{"t":"${token}"}`).toString("base64url")],
  ])("finds and redacts the %s form", (_name, text) => {
    expect(redactor.contains(text)).toBe(true);
    const redacted = redactor.redact(text);
    expect(redacted).toContain(REDACTED);
    expect(redactor.contains(redacted)).toBe(false);
  });

  it("leaves text without the secret alone, and ignores empty or tiny secrets", () => {
    expect(redactor.redact("nothing here")).toBe("nothing here");
    expect(redactor.contains("nothing here")).toBe(false);
    const none = createSecretRedactor(["", undefined, "ab"]);
    expect(none.empty).toBe(true);
    expect(none.redact("ab ab")).toBe("ab ab");
  });

  it("redacts several secrets at once", () => {
    const both = createSecretRedactor(["first-secret-1", "second-secret-2"]);
    expect(both.redact("first-secret-1 and second-secret-2")).toBe(`${REDACTED} and ${REDACTED}`);
  });

  it("finds a token-length secret's base64 and JSON forms whatever surrounds them", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string({ minLength: 12, maxLength: 60 }), (before, after, secret) => {
        const r = createSecretRedactor([secret]);
        expect(r.contains(Buffer.from(before + secret + after).toString("base64"))).toBe(true);
        expect(r.contains(before + JSON.stringify(secret) + after)).toBe(true);
      }),
      { numRuns: 300, seed: 10 },
    );
  });
});
