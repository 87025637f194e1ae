import { describe, expect, it } from "vitest";
import { check, detectSecret, isSecretKey, looksRandom, shannonEntropy } from "../../../src/core/checks/secret-in-file.js";
import { EMPTY_CONFIG } from "../../../src/core/config.js";
import type { CheckedFile } from "../../../src/core/checks/check.js";

// Every token here is a fake (FAKE/EXAMPLE in it, or a documentation example).
const FAKE_API_TOKEN = "dyn_FAKE0000example0000TOKEN0000notreal00";

describe("shannonEntropy", () => {
  it("is 0 for one repeated character and log2(n) for n distinct ones", () => {
    expect(shannonEntropy("aaaaaaaa")).toBe(0);
    expect(shannonEntropy("abcd")).toBe(2);
    expect(shannonEntropy("0123456789abcdef")).toBe(4);
  });
});

describe("looksRandom (the entropy heuristic)", () => {
  it("accepts generated secrets", () => {
    expect(looksRandom("u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8dKLzd")).toBe(true); // base62, 40
    expect(looksRandom("ocJ2isAjIhKtJ0RlgLKOmxgJTeKdNnFRIBXuDL7Dxtp+/w==")).toBe(true); // base64
    expect(looksRandom("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")).toBe(true); // hex
  });
  it("rejects names, paths, short values and public identifiers", () => {
    expect(looksRandom("SCREENPOL_API_TOKEN")).toBe(false);
    expect(looksRandom("/var/run/secrets/screenpol/api-token-file")).toBe(false);
    expect(looksRandom("screening_policy_reviewer_token_name")).toBe(false);
    expect(looksRandom("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1a")).toBe(false);
    expect(looksRandom("u8jzPde0IgxLd6GncfBA")).toBe(false);
    expect(looksRandom("0x150D480DBA5Fb064079c600B397f22a1445b4dF5")).toBe(false);
    expect(looksRandom("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).toBe(false);
    expect(looksRandom("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0")).toBe(false);
    expect(looksRandom("3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01")).toBe(false);
  });
});

describe("isSecretKey", () => {
  it.each(["token", "apiToken", "api_key", "API-KEY", "clientSecret", "password", "Authorization", "privateKey", "secret"])("%s is secret-named", (key) => {
    expect(isSecretKey(key)).toBe(true);
  });
  it.each(["tokens", "tokenId", "tokenAddress", "contractAddress", "version", "etag", "description", "keyboard"])("%s is not", (key) => {
    expect(isSecretKey(key)).toBe(false);
  });
});

describe("detectSecret", () => {
  it.each([
    [FAKE_API_TOKEN, /API token \(starts "dyn_", 41 characters\)/],
    ["Authorization: Bearer 0000FAKE1111EXAMPLE2222", /bearer token/],
    ["eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", /JWT/],
    ["sk_live_FAKE0000example0000", /starts "sk_live_"/],
    ["ghp_FAKE0000example0000FAKE0000example00", /GitHub token/],
    ["xoxb-0000-FAKE-example", /Slack token/],
    ["AKIAIOSFODNN7EXAMPLE", /AWS access key id/],
    ["https://ops:Fake-Passw0rd@hooks.example.com/x", /password/],
    ["https://hooks.example.com/x?access_token=FAKE0000example", /query \(access_token=/],
    ["https://hooks.example.com/x?a=1&token=abcdefghij", /query \(token=/],
    ["Authorization: Basic dXNlcjpwYXNzd29yZA==", /Basic credentials/],
    ["-----BEGIN EC PRIVATE KEY-----\nMHcCAQEE...", /private key/],
  ])("finds %s", (value, message) => {
    const found = detectSecret(value, "description");
    expect(found?.what).toMatch(message);
  });

  it("finds a random value under a secret-named key only", () => {
    expect(detectSecret("u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8dKLzd", "apiKey")?.what).toMatch(/40-character random value under "apiKey"/);
    expect(detectSecret("u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8dKLzd", "label")).toBeUndefined();
  });

  it.each([
    "API tokens come from SCREENPOL_API_TOKEN; requests carry Authorization: Bearer <ACCESS_TOKEN>",
    "the Bearer authentication scheme",
    "Basic authentication is not supported",
    "https://hooks.example.com/screening/3f0c2a9e8b1d4c7a9e2f5a6b7c8d9e01",
    "https://hooks.example.com/x?token=${WEBHOOK_TOKEN}",
    "https://${USER}:${PASSWORD}@hooks.example.com/x",
    "https://hooks.example.com/x?key=screening",
    "dyn_environment_name_for_reviews",
    "risk-assessment-ra-2026-04-approved",
    "0x150D480DBA5Fb064079c600B397f22a1445b4dF5",
    "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01",
  ])("leaves %s alone", (value) => {
    expect(detectSecret(value, "description")).toBeUndefined();
  });
  it("leaves hashes under version or etag alone", () => {
    expect(detectSecret("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "version")).toBeUndefined();
    expect(detectSecret('W/"5d41402abc4b2a76b9719d911017c592"', "etag")).toBeUndefined();
  });
});

describe("the check", () => {
  const context = { config: EMPTY_CONFIG, now: new Date(0), catalog: undefined };
  const fileOf = (data: unknown): CheckedFile => ({ file: "x.yaml", role: { kind: "other" }, kind: "other", data, vendor: undefined, scope: undefined });

  it("never puts the secret in a message", () => {
    const data = { a: [{ b: `token ${FAKE_API_TOKEN}` }], [FAKE_API_TOKEN]: true, nested: { [FAKE_API_TOKEN]: { c: FAKE_API_TOKEN } } };
    const findings = check.run(fileOf(data), context);
    expect(findings).toHaveLength(3);
    for (const finding of findings) {
      expect(finding.message).not.toContain("FAKE0000");
      // A key that is a secret is located by its path but printed by displayPath.
      expect(JSON.stringify(finding.displayPath ?? finding.path)).not.toContain("FAKE0000");
    }
    expect(findings.map((f) => f.displayPath ?? f.path)).toEqual(["[secret key]", ["a", 0, "b"], "nested.[secret key]"]);
  });

  it("walks deep data without recursion", () => {
    let deep: unknown = FAKE_API_TOKEN;
    for (let i = 0; i < 5_000; i++) deep = i % 2 ? [deep] : { k: deep };
    expect(check.run(fileOf(deep), context)).toHaveLength(1);
  });
});

describe("a secret used as a key", () => {
  it("is reported at the key and never printed, at the top level or nested", async () => {
    const { lintText } = await import("../../../src/core/lint.js");
    const secret = "dyn_FAKE0000example0000TOKEN0000notreal00";
    const file = "webhooks/sandbox.yaml";
    for (const text of [`webhooks: []\n${secret}: true\n`, `webhooks:\n  - webhookId: 0b7e4f6a-2c1d-4e8f-9a3b-5c6d7e8f9a0b\n    ${secret}: 1\n`]) {
      const diagnostics = lintText(file, text);
      const secretFinding = diagnostics.find((d) => d.code === "secret-in-file")!;
      expect(JSON.stringify(diagnostics)).not.toContain("FAKE0000");
      expect(secretFinding.column).toBe(text.split("\n").find((line) => line.includes(secret))!.indexOf(secret) + 1);
    }
  });
});
