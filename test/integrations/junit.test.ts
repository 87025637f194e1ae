/**
 * `--format junit`: checked by PARSING the output (fast-xml-parser, after its
 * validator), never by comparing strings: one <testcase> per finding (and per
 * file without one), a <failure> per error, warnings in <system-out>, counts that add up, and text that
 * survives escaping exactly (XML 1.0 characters only).
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/core/diagnostic.js";
import { formatJunit } from "../../src/core/formats/junit.js";
import type { LintReport } from "../../src/core/formats/report.js";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";
import { DOCS_CODES_URL } from "../helpers/docs-url.js";

interface Testcase {
  classname: string;
  name: string;
  file: string;
  line?: string;
  failure?: Array<{ message: string; type: string; "#text": string }>;
  "system-out"?: string;
}

interface Junit {
  testsuites: {
    name: string;
    tests: string;
    failures: string;
    errors: string;
    skipped: string;
    testsuite: { name: string; tests: string; failures: string; testcase?: Testcase[] };
  };
}

/** Parses and validates; also refuses any character XML 1.0 cannot carry, which fast-xml-parser lets through. */
function parseJunit(xml: string): Junit {
  expect(XMLValidator.validate(xml)).toBe(true);
  expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    htmlEntities: true,
    trimValues: false,
    parseAttributeValue: false,
    isArray: (name) => name === "testcase" || name === "failure",
  });
  return parser.parse(xml) as Junit;
}

function finding(overrides: Partial<Diagnostic>): Diagnostic {
  return {
    file: "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml",
    line: 3,
    column: 5,
    endLine: 3,
    endColumn: 9,
    severity: "error",
    code: "schema",
    message: "something is wrong",
    path: "",
    ...overrides,
  };
}

describe("formatJunit", () => {
  const A = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
  const B = "policies/sandbox/vendorBAddressScreening/addresses.yaml";
  const C = "webhooks/sandbox.yaml";
  const report: LintReport = {
    diagnostics: [
      finding({ file: B, line: 9, severity: "warning", code: "expired-address-entry", message: "entries[1].expiresAt: expired" }),
      finding({ file: A, line: 12, code: "cross-vendor-field", message: "riskLevel belongs to vendorBAddressScreening" }),
      finding({ file: A, line: 4, code: "schema", message: "enabled: must be a boolean" }),
      finding({ file: A, line: 20, severity: "warning", code: "unreachable-rule", message: "rules.postScreen[3]: unreachable" }),
    ],
    filesLinted: 3,
    sources: new Map([
      [A, "..."],
      [B, "..."],
      [C, "..."],
    ]),
  };

  const URL = DOCS_CODES_URL;

  it("has one testcase per finding, named file:line:column code, its class the file; a file without findings is one passing case", () => {
    const cases = parseJunit(formatJunit(report)).testsuites.testsuite.testcase!;
    expect(cases.map((c) => [c.classname, c.name, c.file, c.line])).toEqual([
      [A, `${A}:4:5 schema`, A, "4"],
      [A, `${A}:12:5 cross-vendor-field`, A, "12"],
      [A, `${A}:20:5 unreachable-rule`, A, "20"],
      [B, `${B}:9:5 expired-address-entry`, B, "9"],
      [C, C, C, undefined],
    ]);
  });

  it("fails an error's case with one <failure>, typed by code, the docs page's public URL in its text", () => {
    const [schema, crossVendor] = parseJunit(formatJunit(report)).testsuites.testsuite.testcase!;
    expect(schema!.failure!.map((f) => [f.type, f.message])).toEqual([["schema", "enabled: must be a boolean"]]);
    expect(schema!.failure![0]!["#text"]).toBe(`${A}:4:5  error  enabled: must be a boolean  schema\n${URL}/schema.md`);
    expect(crossVendor!.failure!.map((f) => f.type)).toEqual(["cross-vendor-field"]);
  });

  it("passes a warning's case, with the finding in <system-out>", () => {
    const cases = parseJunit(formatJunit(report)).testsuites.testsuite.testcase!;
    const warning = cases[2]!;
    expect(warning.failure).toBeUndefined();
    expect(warning["system-out"]).toBe(`${A}:20:5  warning  rules.postScreen[3]: unreachable  unreachable-rule\n${URL}/unreachable-rule.md`);
    expect(cases[4]!.failure).toBeUndefined();
    expect(cases[4]!["system-out"]).toBeUndefined();
  });

  it("counts test cases as tests and errors as failures, in the suite and the root", () => {
    const { testsuites } = parseJunit(formatJunit(report));
    expect([testsuites.name, testsuites.tests, testsuites.failures, testsuites.errors, testsuites.skipped]).toEqual(["screenpol", "5", "2", "0", "0"]);
    expect([testsuites.testsuite.name, testsuites.testsuite.tests, testsuites.testsuite.failures]).toEqual(["screenpol lint", "5", "2"]);
  });

  it("escapes & < > \" ' and keeps tabs and line ends, in attributes and text, and drops what XML cannot carry", () => {
    const nasty = `a & b < c > d "e" 'f'\tg\r\nh ]]> \u0001\u0008\u000b\u001b[31m \ufffe\uffff \ud800 ok 😀 é`;
    const kept = `a & b < c > d "e" 'f'\tg\r\nh ]]> [31m   ok 😀 é`;
    const file = `policies/odd & <name>/"it's".yaml`;
    const xml = formatJunit({ diagnostics: [finding({ file, message: nasty, code: "webhook-event" })], filesLinted: 1, sources: new Map() });
    const [testcase] = parseJunit(xml).testsuites.testsuite.testcase!;
    expect(testcase!.name).toBe(`${file}:3:5 webhook-event`);
    expect(testcase!.classname).toBe(file);
    expect(testcase!.failure![0]!.message).toBe(kept);
    expect(testcase!.failure![0]!["#text"]).toBe(`${file}:3:5  error  ${kept}  webhook-event\n${DOCS_CODES_URL}/webhook-event.md`);
  });

  it("writes a valid, empty suite for no files", () => {
    const { testsuites } = parseJunit(formatJunit({ diagnostics: [], filesLinted: 0, sources: new Map() }));
    expect([testsuites.tests, testsuites.failures]).toEqual(["0", "0"]);
    expect(testsuites.testsuite.testcase).toBeUndefined();
  });
});

describe("screenpol lint --format junit", () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = makeTempRepo();
    const policy = "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml";
    repo.write(policy, readFileSync(join(repo.dir, policy), "utf8").replace("riskLevel: { atLeast: severe }", "riskScore: { gte: 9 }"));
    const addresses = "policies/live/vendorAWalletScreening/addresses.yaml";
    repo.write(addresses, readFileSync(join(repo.dir, addresses), "utf8").replace(/expiresAt: .*/, "expiresAt: 2001-01-01T00:00:00Z"));
  });
  afterAll(() => repo.remove());

  it("is a choice of --format", async () => {
    expect((await runCli(["lint", "--help"], { cwd: repo.dir })).stdout).toMatch(/"junit"/);
  });

  it("reports every finding as a test case and every clean file as one, the same findings as --format json, and is stable", async () => {
    const run = await runCli(["lint", "--format", "junit"], { cwd: repo.dir });
    expect(run.code).toBe(1);
    const again = await runCli(["lint", "--format", "junit"], { cwd: repo.dir });
    expect(again.stdout).toBe(run.stdout);
    const json = JSON.parse((await runCli(["lint", "--format", "json"], { cwd: repo.dir })).stdout) as {
      files: number;
      errorCount: number;
      warningCount: number;
      diagnostics: Array<{ file: string; line: number; column: number; severity: string; code: string; message: string }>;
    };
    const junit = parseJunit(run.stdout);
    const cases = junit.testsuites.testsuite.testcase!;
    const filesWithFindings = new Set(json.diagnostics.map((d) => d.file)).size;
    expect(cases).toHaveLength(json.diagnostics.length + json.files - filesWithFindings);
    expect(Number(junit.testsuites.tests)).toBe(cases.length);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    const failures = cases.flatMap((c) => (c.failure ?? []).map((f) => ({ file: c.classname, code: f.type, message: f.message })));
    expect(failures).toEqual(json.diagnostics.filter((d) => d.severity === "error").map(({ file, code, message }) => ({ file, code, message })));
    expect(Number(junit.testsuites.failures)).toBe(json.errorCount);
    const warned = cases.filter((c) => c["system-out"]);
    expect(warned.map((c) => c.classname)).toEqual(["policies/live/vendorAWalletScreening/addresses.yaml"]);
    expect(warned).toHaveLength(json.warningCount);
    expect(warned[0]!.failure).toBeUndefined();
  });
});
