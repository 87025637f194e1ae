/**
 * Policy tests in watch mode (test-session.ts), in-process over a real lint of
 * the files: which test files run, which do not and why, and which a batch of
 * saves runs again. test/app/watch-tests.test.ts drives the same through the
 * file watcher.
 */
import { describe, expect, it } from "vitest";
import { toConfig } from "../../../src/core/config.js";
import { parseYaml, type ParsedDocument } from "../../../src/core/document.js";
import { lintSources, type SourceFile } from "../../../src/core/lint.js";
import { createTestSession, type TestSessionInput } from "../../../src/core/semantics/test-session.js";

const config = toConfig({ environments: { sandbox: { id: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", kind: "sandbox" } } });
const NOW = new Date("2026-11-24T12:00:00Z");
const POLICY = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
const ADDRESSES = "policies/sandbox/vendorAWalletScreening/addresses.yaml";
const TEST = "tests/sandbox/vendorAWalletScreening/SIGN_IN.test.yaml";
const OTHER_TEST = "tests/sandbox/a-second.test.yaml";
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

const policy = (gte: number) => `providerType: vendorAWalletScreening
scope: SIGN_IN
schemaVersion: 1
enabled: true
rules:
  preScreen: {}
  postScreen:
    - id: block-high-score
      when: { riskScore: { gte: ${gte} } }
      action: BLOCK
`;

const ADDRESSES_FILE = `providerType: vendorAWalletScreening
entries: []
`;

/** One case: a screening at risk score 7, which the policy at gte 7 blocks. */
const testFile = (name: string) => `environment: sandbox
providerType: vendorAWalletScreening
scope: SIGN_IN
cases:
  - name: ${name}
    screening: { chain: EVM, address: "${ADDRESS}", signals: { riskScore: 7 } }
    expect: { action: BLOCK, by: block-high-score }
`;

/** The watch's input for these files: their lint, each test file's parse, and what was saved. */
function inputOf(files: Record<string, string>, changed: string[], lintConfig = config): TestSessionInput {
  const sources: SourceFile[] = Object.entries(files).map(([file, text]) => ({ file, text }));
  const lint = lintSources(sources, { config: lintConfig, now: NOW });
  const tests = new Map<string, ParsedDocument | undefined>();
  for (const [file, text] of Object.entries(files)) if (file.startsWith("tests/")) tests.set(file, parseYaml(text).document);
  return { lint, tests, changed, now: NOW };
}

/** What a watch prints of a rerun: each case's outcome, and each file not run with its reason. */
function shown(session: ReturnType<typeof createTestSession>, input: TestSessionInput) {
  const { run, notRun } = session.rerun(input);
  return {
    passed: run.passed,
    failed: run.failed,
    cases: run.cases.map((c) => `${c.file}:${c.line} ${c.ok ? "ok" : "FAIL"} ${c.name}`),
    files: run.files.map((f) => f.file),
    notRun: notRun.map((n) => `${n.file}: ${n.reason}`),
  };
}

describe("policy tests in watch mode", () => {
  it("run each test file against its policy and address entries, the files in path order", () => {
    const session = createTestSession(config);
    const files = { [POLICY]: policy(7), [ADDRESSES]: ADDRESSES_FILE, [TEST]: testFile("score 7 is blocked"), [OTHER_TEST]: testFile("also blocked") };
    expect(shown(session, inputOf(files, Object.keys(files)))).toEqual({
      passed: 2,
      failed: 0,
      cases: [`${OTHER_TEST}:5 ok also blocked`, `${TEST}:5 ok score 7 is blocked`],
      files: [OTHER_TEST, TEST],
      notRun: [],
    });
  });

  it("list the files in path order whatever order they were found in", () => {
    const session = createTestSession(config);
    const third = "tests/sandbox/b-third.test.yaml";
    const files = { [TEST]: testFile("one"), [third]: testFile("three"), [OTHER_TEST]: testFile("two"), [POLICY]: policy(7), [ADDRESSES]: ADDRESSES_FILE };
    expect(shown(session, inputOf(files, Object.keys(files))).files).toEqual([OTHER_TEST, third, TEST]);
  });

  it("keep a file's last result until it, its policy or its address entries are saved", () => {
    const session = createTestSession(config);
    const files = { [POLICY]: policy(7), [ADDRESSES]: ADDRESSES_FILE, [TEST]: testFile("score 7 is blocked") };
    expect(shown(session, inputOf(files, Object.keys(files))).passed).toBe(1);
    // The policy now blocks from 8 up, but the batch saved another file: the cached pass stands.
    const raised = { ...files, [POLICY]: policy(8) };
    expect(shown(session, inputOf(raised, ["policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml"]))).toMatchObject({ passed: 1, failed: 0 });
    expect(shown(session, inputOf(raised, [POLICY]))).toMatchObject({ passed: 0, failed: 1, cases: [`${TEST}:5 FAIL score 7 is blocked`] });
    // Saving the address entries (or the test file) runs it again too.
    expect(shown(session, inputOf(files, [ADDRESSES]))).toMatchObject({ passed: 1, failed: 0 });
    expect(shown(session, inputOf(raised, [TEST]))).toMatchObject({ passed: 0, failed: 1 });
  });

  it("do not run a test file with errors, or one whose policy or address entries have errors, and say which", () => {
    const session = createTestSession(config, (file) => `./${file}`);
    const brokenTest = { [POLICY]: policy(7), [ADDRESSES]: ADDRESSES_FILE, [TEST]: testFile("score 7 is blocked").replace("scope: SIGN_IN", "scope: SIGNIN") };
    expect(shown(session, inputOf(brokenTest, [TEST]))).toMatchObject({ passed: 0, failed: 0, files: [], notRun: [`./${TEST}: it has errors`] });

    const brokenPolicy = { [POLICY]: policy(7).replace("enabled: true", "enabled: yes"), [ADDRESSES]: ADDRESSES_FILE, [TEST]: testFile("score 7 is blocked") };
    expect(shown(session, inputOf(brokenPolicy, [POLICY])).notRun).toEqual([`./${TEST}: ./${POLICY} has errors`]);

    const brokenAddresses = { [POLICY]: policy(7), [ADDRESSES]: "providerType: vendorAWalletScreening\nentries: 3\n", [TEST]: testFile("score 7 is blocked") };
    expect(shown(session, inputOf(brokenAddresses, [ADDRESSES])).notRun).toEqual([`./${TEST}: ./${ADDRESSES} has errors`]);
  });

  it("run against the address entries themselves: an ALLOW entry for the screened address decides, and the case fails", () => {
    const session = createTestSession(config);
    const allowed = `providerType: vendorAWalletScreening
entries:
  - { address: "${ADDRESS}", chain: EVM, action: ALLOW, scope: ALL, reason: treasury }
`;
    const files = { [POLICY]: policy(7), [ADDRESSES]: allowed, [TEST]: testFile("score 7 is blocked") };
    expect(shown(session, inputOf(files, Object.keys(files)))).toMatchObject({ passed: 0, failed: 1, notRun: [] });
  });

  it("do not run a test file whose policy has an error that leaves it readable (a shadowed rule), and say so", () => {
    const session = createTestSession(config);
    const shadowed = `${policy(7).replace("action: BLOCK", "action: ALERT")}    - id: block-higher-score
      when: { riskScore: { gte: 8 } }
      action: BLOCK
`;
    const files = { [POLICY]: shadowed, [ADDRESSES]: ADDRESSES_FILE, [TEST]: testFile("score 7 is blocked") };
    const input = inputOf(files, Object.keys(files));
    expect(input.lint.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(["error shadowed-rule"]);
    expect(shown(session, input)).toMatchObject({ passed: 0, failed: 0, notRun: [`${TEST}: ${POLICY} has errors`] });
  });

  it("run a test file whose environment has no address entries file", () => {
    const session = createTestSession(config);
    const files = { [POLICY]: policy(7), [TEST]: testFile("score 7 is blocked") };
    expect(shown(session, inputOf(files, Object.keys(files)))).toMatchObject({ passed: 1, failed: 0, notRun: [] });
  });

  it("run a test file whose policy has warnings only (a repeated rule)", () => {
    const session = createTestSession(config);
    const repeated = `${policy(7)}    - id: block-high-score-again
      when: { riskScore: { gte: 7 } }
      action: BLOCK
`;
    const files = { [POLICY]: repeated, [ADDRESSES]: ADDRESSES_FILE, [TEST]: testFile("score 7 is blocked") };
    const input = inputOf(files, Object.keys(files));
    expect(input.lint.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(["warning unreachable-rule"]);
    expect(shown(session, input)).toMatchObject({ passed: 1, failed: 0, notRun: [] });
  });

  it("do not run a test file whose policy is not among the watched files, and say so", () => {
    const session = createTestSession(config, (file) => `./${file}`);
    expect(shown(session, inputOf({ [TEST]: testFile("score 7 is blocked") }, [TEST])).notRun).toEqual([`./${TEST}: no policy file ./${POLICY} among the watched files`]);
  });

  it("a test file not run for an error another file caused on its policy is run once that file is fixed, though neither it nor its policy was saved", () => {
    // Two environment names with one id: the policy of the first by path holds the identity, ours is the duplicate.
    const aliased = toConfig({ environments: { sandbox: { id: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", kind: "sandbox" }, "a-sandbox": { id: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", kind: "sandbox" } } });
    const session = createTestSession(aliased);
    const duplicate = "policies/a-sandbox/vendorAWalletScreening/SIGN_IN.yaml";
    const files = { [duplicate]: policy(7), [POLICY]: policy(7), [ADDRESSES]: ADDRESSES_FILE, [TEST]: testFile("score 7 is blocked") };
    expect(shown(session, inputOf(files, Object.keys(files), aliased)).notRun).toEqual([`${TEST}: ${POLICY} has errors`]);
    const { [duplicate]: _removed, ...fixed } = files;
    expect(shown(session, inputOf(fixed, [duplicate], aliased))).toMatchObject({ passed: 1, failed: 0, notRun: [] });
  });

  it("a test file that was not run is run once its errors are fixed, and one no longer watched is forgotten", () => {
    const session = createTestSession(config);
    const broken = { [POLICY]: policy(7).replace("enabled: true", "enabled: yes"), [ADDRESSES]: ADDRESSES_FILE, [TEST]: testFile("score 7 is blocked") };
    expect(shown(session, inputOf(broken, Object.keys(broken))).notRun).toEqual([`${TEST}: ${POLICY} has errors`]);
    const fixed = { ...broken, [POLICY]: policy(7) };
    expect(shown(session, inputOf(fixed, [POLICY]))).toMatchObject({ passed: 1, notRun: [] });
    const { [TEST]: _removed, ...withoutTest } = fixed;
    expect(shown(session, inputOf(withoutTest, [TEST]))).toEqual({ passed: 0, failed: 0, cases: [], files: [], notRun: [] });
  });
});
