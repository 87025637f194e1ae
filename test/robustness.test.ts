/**
 * Bad input gets a diagnostic, never a stack trace: the linter must return
 * findings (or none) for anything, and the CLI must exit 0 or 1 with no trace.
 */
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lintSources, lintText } from "../src/core/lint.js";
import { toConfig } from "../src/core/config.js";
import { parseYaml } from "../src/core/document.js";
import { CODES } from "../src/core/diagnostic.js";
import { PROJECT_ROOT, runCli } from "./helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "./helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const sample = readFileSync(join(PROJECT_ROOT, POLICY), "utf8");
const config = toConfig(parseYaml(readFileSync(join(PROJECT_ROOT, "screenpol.config.yaml"), "utf8")).document?.data);
const FILES = [POLICY, "policies/live/vendorBAddressScreening/addresses.yaml", "webhooks/live.yaml", "screenpol.config.yaml", "elsewhere/random.yaml"];

function assertWellFormed(file: string, text: string): void {
  const diagnostics = lintText(file, text, { config });
  for (const d of diagnostics) {
    expect(CODES).toContain(d.code);
    expect(d.file).toBe(file);
    expect(d.line).toBeGreaterThanOrEqual(1);
    expect(d.column).toBeGreaterThanOrEqual(1);
    expect(d.endLine).toBeGreaterThanOrEqual(d.line);
    expect(d.message).not.toMatch(/\n|\bat .*\(.*:\d+:\d+\)/);
  }
}

/** Small edits a person (or a fuzzer) makes to a valid policy. */
const mutatedSample = fc
  .array(
    fc.oneof(
      fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 20 }) }),
      fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), text: fc.constantFrom(":", "-", "[", "{", "\t", "&a", "*a", "!!js/function", "\n  ", "'", '"', "\u0000", "\uFEFF", "__proto__: 1\n", "sanctions: true\n", "riskLevel: {atLeast: high}\n") }),
      fc.record({ kind: fc.constant("swap" as const), a: fc.nat(), b: fc.nat() }),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((edits) => {
    let text = sample;
    for (const edit of edits) {
      if (edit.kind === "delete") {
        const at = edit.at % (text.length + 1);
        text = text.slice(0, at) + text.slice(at + edit.length);
      } else if (edit.kind === "insert") {
        const at = edit.at % (text.length + 1);
        text = text.slice(0, at) + edit.text + text.slice(at);
      } else {
        const lines = text.split("\n");
        const a = edit.a % lines.length;
        const b = edit.b % lines.length;
        [lines[a], lines[b]] = [lines[b]!, lines[a]!];
        text = lines.join("\n");
      }
    }
    return text;
  });

describe("the linter never throws", () => {
  it("on arbitrary text", () => {
    fc.assert(fc.property(fc.constantFrom(...FILES), fc.string({ unit: "binary", maxLength: 400 }), (file, text) => assertWellFormed(file, text)), { numRuns: 400 });
  });

  it("on mutated valid policies", () => {
    fc.assert(fc.property(mutatedSample, (text) => assertWellFormed(POLICY, text)), { numRuns: 400 });
  });

  it("on arbitrary YAML data of any shape", () => {
    const value = fc.jsonValue({ maxDepth: 6 });
    const policyish = fc.record({ providerType: fc.oneof(fc.constantFrom("vendorAWalletScreening", "vendorBAddressScreening", "sanctionsScreening"), value), scope: fc.oneof(fc.constantFrom("SIGN_IN", "TRANSACTION"), value), schemaVersion: fc.oneof(fc.constantFrom(1, 2), value), enabled: value, rules: fc.oneof(value, fc.record({ preScreen: value, postScreen: fc.array(fc.record({ id: value, when: value, action: value })) })) }, { requiredKeys: [] });
    fc.assert(fc.property(fc.constantFrom(...FILES), fc.oneof(value, policyish), (file, data) => assertWellFormed(file, stringify(data))), { numRuns: 400 });
  });

  it("on raw bytes of any kind", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const { diagnostics } = lintSources([{ file: POLICY, bytes }], { config });
        for (const d of diagnostics) expect(CODES).toContain(d.code);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the CLI answers every bad input with findings, exit 0 or 1, never a trace", () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = makeTempRepo({ samples: false });
    repo.write("screenpol.config.yaml", readFileSync(join(PROJECT_ROOT, "screenpol.config.yaml")));
  });
  afterAll(() => repo.remove());

  const cases: Array<[string, string | Uint8Array, string[]]> = [
    ["empty", "", ["schema"]],
    ["binary", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x0d, 0x0a, 0x1a]), ["read-error"]],
    ["over 1 MiB", `# ${"x".repeat(1024 * 1024 + 10)}\n`, ["read-error"]],
    ["invalid UTF-8", new Uint8Array([0x61, 0x3a, 0x20, 0xc3, 0x28, 0x0a]), ["read-error"]],
    ["BOM and CRLF", `\uFEFF${sample.replace(/\n/g, "\r\n")}`, []],
    ["tab indentation", sample.replace("  preScreen:", "\tpreScreen:"), ["yaml-syntax", "yaml-syntax"]],
    ["two documents", `${sample}---\n${sample}`, ["yaml-syntax"]],
    ["alias bomb", `a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 9 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(", ")}]`).join("\n")}\n`, ["yaml-syntax"]],
    ["nesting 10,000 deep", `rules: ${"[".repeat(10_000)}${"]".repeat(10_000)}\n`, ["yaml-syntax"]],
    ["custom tag", sample.replace("enabled: true", "enabled: !!js/function 'function () { return true }'"), ["yaml-syntax"]],
    ["__proto__ and constructor keys", sample.replace("enabled: true", "enabled: true\n__proto__: { polluted: true }\nconstructor: { prototype: { polluted: true } }"), ["schema", "schema"]],
    ["YAML 1.1 boolean", sample.replace("enabled: true", "enabled: on"), ["schema"]],
    ["number where a string is meant", sample.replace("id: block-severe-risk-score", "id: 1234"), ["schema"]],
  ];

  it.each(cases)("%s", async (name, content, codes) => {
    const path = repo.write(POLICY, content);
    const run = await runCli(["lint", "--format", "json", path], { cwd: repo.dir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(codes.length === 0 ? 0 : 1);
    expect(JSON.parse(run.stdout).diagnostics.map((d: { code: string }) => d.code)).toEqual(codes);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("unreadable paths: a dangling symlink (a missing path or a folder with no YAML file is exit 2, test/cli/lint-exit-codes.test.ts)", async () => {
    mkdirSync(join(repo.dir, "policies/live/vendorAWalletScreening"), { recursive: true });
    symlinkSync(join(repo.dir, "nowhere.yaml"), join(repo.dir, "policies/live/vendorAWalletScreening/TRANSACTION.yaml"));
    const run = await runCli(["lint", "--format", "json", "policies/live/vendorAWalletScreening/TRANSACTION.yaml"], { cwd: repo.dir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).diagnostics.map((d: { file: string; code: string; message: string }) => `${d.file} ${d.code} ${d.message}`)).toEqual([
      "policies/live/vendorAWalletScreening/TRANSACTION.yaml read-error no such file",
    ]);
  });

  it("a directory of 10,000 files", async () => {
    const big = makeTempRepo({ samples: false });
    try {
      big.write("screenpol.config.yaml", readFileSync(join(PROJECT_ROOT, "screenpol.config.yaml")));
      for (let i = 0; i < 10_000; i++) big.write(`many/f${String(i).padStart(5, "0")}.yaml`, i % 1000 === 7 ? "a: [\n" : `n: ${i}\n`);
      const run = await runCli(["lint", "--format", "json", "many"], { cwd: big.dir, timeoutMs: 60_000 });
      expect(run.stderr).toBe("");
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout);
      expect(report.files).toBe(10_000);
      expect(report.diagnostics.map((d: { code: string }) => d.code)).toEqual(Array(10).fill("yaml-syntax"));
    } finally {
      big.remove();
    }
  }, 90_000);
});
