/**
 * `screenpol fmt` (docs/decisions.md, "Issue 14: fmt"), through the real CLI:
 * the canonical form `pull` writes, byte for byte, with every comment where
 * it belongs; idempotent;
 * --check and --diff write nothing; a file that does not parse is left alone.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { afterEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { canonicalAddressEntries, canonicalJson } from "../../src/core/canonical.js";
import { formatBytes, type FormattableKind } from "../../src/core/fmt/format-file.js";
import { anyCommentedFile } from "../helpers/commented-yaml.js";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
const ADDRESSES = "policies/sandbox/vendorAWalletScreening/addresses.yaml";

/** Keys out of order, flow and block mixed, odd quoting, and comments everywhere a person puts them. */
const MESSY_POLICY = `# yaml-language-server: $schema=../../../schemas/policy-vendorAWalletScreening.schema.json
# Owner: compliance.

enabled: true   # on
scope: SIGN_IN
providerType: 'vendorAWalletScreening'
schemaVersion: 2
rules:
  postScreen:
    # The worst first.
    - action: BLOCK
      when: {riskScore: {gte: 9}}
      id: block-severe # trailing on the id
    - id: alert-mixers
      when:
        exposure:
          minPercent: 10
          category: mixer
          direction: any
      action: ALERT
  preScreen:
    exposureDepth: 2
    chains:
      - EVM
      - SOL
# the end
`;

const CANONICAL_POLICY = `# yaml-language-server: $schema=../../../schemas/policy-vendorAWalletScreening.schema.json
# Owner: compliance.

providerType: vendorAWalletScreening
scope: SIGN_IN
schemaVersion: 2
enabled: true # on
rules:
  preScreen:
    chains: [EVM, SOL]
    exposureDepth: 2
  postScreen:
    # The worst first.
    - id: block-severe # trailing on the id
      when:
        riskScore: { gte: 9 }
      action: BLOCK

    - id: alert-mixers
      when:
        exposure: { category: mixer, direction: any, minPercent: 10 }
      action: ALERT

# the end
`;

const MESSY_ADDRESSES = `providerType: vendorAWalletScreening
entries:
  # Treasury: reviewed every quarter.
  - chain: EVM
    address: "0x293cCC84a99fcbD790367AeDf45495e35A9833AB"
    action: ALLOW
    scope: ALL
    reason: treasury
  # A drainer (INC-2291).
  - address: "0x052d4B5c1B5A2e39c7C7f9a1D84b7e0A8c7F5b2E"
    chain: EVM
    action: BLOCK
    scope: ALL
    reason: drainer
`;

let repo: TempRepo;
afterEach(() => repo.remove());

const fmt = (...args: string[]) => runCli(["fmt", ...args], { cwd: repo.dir });
const read = (path: string) => readFileSync(join(repo.dir, path), "utf8");

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? yamlFiles(path) : /\.ya?ml$/.test(name) ? [path] : [];
  });
}

describe("screenpol fmt", () => {
  it("rewrites a policy into the canonical form, every comment kept where it belongs, and names the file", async () => {
    repo = makeTempRepo();
    repo.write(POLICY, MESSY_POLICY);
    const run = await fmt(POLICY);
    expect(run).toEqual({ code: 0, stdout: `${POLICY}\n`, stderr: "" });
    expect(read(POLICY)).toBe(CANONICAL_POLICY);
    // Idempotent: a second run changes nothing and names nothing.
    expect(await fmt(POLICY)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(read(POLICY)).toBe(CANONICAL_POLICY);
    expect((await runCli(["lint", POLICY], { cwd: repo.dir })).code).toBe(0);
  });

  it("sorts address entries as pull does, each entry's comment travelling with it", async () => {
    repo = makeTempRepo();
    repo.write(ADDRESSES, MESSY_ADDRESSES);
    expect((await fmt(ADDRESSES)).code).toBe(0);
    expect(read(ADDRESSES)).toBe(`providerType: vendorAWalletScreening
entries:
  # A drainer (INC-2291).
  - address: "0x052d4B5c1B5A2e39c7C7f9a1D84b7e0A8c7F5b2E"
    chain: EVM
    action: BLOCK
    scope: ALL
    reason: "drainer"

  # Treasury: reviewed every quarter.
  - address: "0x293cCC84a99fcbD790367AeDf45495e35A9833AB"
    chain: EVM
    action: ALLOW
    scope: ALL
    reason: "treasury"
`);
  });

  it("--check writes nothing, names the files that are not canonical and exits 1; 0 once they are", async () => {
    repo = makeTempRepo();
    repo.write(POLICY, MESSY_POLICY);
    repo.write(ADDRESSES, MESSY_ADDRESSES);
    const check = await fmt("--check", POLICY, ADDRESSES);
    expect(check).toEqual({ code: 1, stdout: `${POLICY}\n${ADDRESSES}\n`, stderr: "" });
    expect(read(POLICY)).toBe(MESSY_POLICY);
    expect(read(ADDRESSES)).toBe(MESSY_ADDRESSES);
    await fmt(POLICY, ADDRESSES);
    expect(await fmt("--check", POLICY, ADDRESSES)).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("--diff prints a unified diff of each change and writes nothing", async () => {
    repo = makeTempRepo();
    const before = read(POLICY);
    repo.write(POLICY, before.replace("chains: [EVM, SOL, BTC]", "chains: [EVM,SOL,BTC]"));
    const run = await fmt("--diff", POLICY);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^--- a/${POLICY}\\n\\+\\+\\+ b/${POLICY}\\n@@ `));
    expect(run.stdout).toContain("\n-    chains: [EVM,SOL,BTC]\n+    chains: [EVM, SOL, BTC]\n");
    expect(read(POLICY)).toContain("chains: [EVM,SOL,BTC]");
  });

  it("leaves a file that does not parse as it is, says where, formats the others, and exits 2", async () => {
    repo = makeTempRepo();
    repo.write(POLICY, "providerType: vendorAWalletScreening\nscope: [SIGN_IN\n");
    repo.write(ADDRESSES, MESSY_ADDRESSES);
    const run = await fmt(POLICY, ADDRESSES);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe(`${ADDRESSES}\n`);
    expect(run.stderr).toMatch(new RegExp(`^screenpol: fmt: ${POLICY}: 3:1: .*; not formatted\\n$`));
    expect(read(POLICY)).toBe("providerType: vendorAWalletScreening\nscope: [SIGN_IN\n");
  });

  it("the sample repository is in canonical form: --check over it exits 0 and names nothing", async () => {
    repo = makeTempRepo({ extra: ["tests"] });
    expect(await fmt("--check")).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("writes flow lists as Prettier does and keeps a folded description in its author's lines", async () => {
    repo = makeTempRepo();
    const folded = `providerType: vendorAWalletScreening
scope: SIGN_IN
schemaVersion: 2
enabled: true
rules:
  preScreen:
    chains: [ EVM, SOL ]
  postScreen:
    - id: allow-low-risk-gambling
      description: >-
        Licensed gambling operators with a low overall score are part of our
        customer base; do not raise alerts on their sign-ins.
      when:
        riskScore: { lte: 2 }
        cluster: {category: gambling}
      action: ALLOW
`;
    repo.write(POLICY, folded);
    expect(await fmt(POLICY)).toEqual({ code: 0, stdout: `${POLICY}\n`, stderr: "" });
    expect(read(POLICY)).toBe(folded.replace("[ EVM, SOL ]", "[EVM, SOL]").replace("{category: gambling}", "{ category: gambling }"));
    expect(await fmt("--check", POLICY)).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("over every sample file: the same data, every comment kept, and a second run changes nothing", async () => {
    repo = makeTempRepo({ extra: ["tests"] });
    const files = yamlFiles(repo.dir).filter((path) => !path.endsWith("screenpol.config.yaml"));
    const before = new Map(files.map((path) => [path, readFileSync(path, "utf8")]));
    const first = await fmt();
    expect(first.code).toBe(0);
    expect(first.stderr).toBe("");
    for (const [path, text] of before) {
      const after = readFileSync(path, "utf8");
      // The same data; address entries in pull's order.
      const data = (t: string) => (path.endsWith("addresses.yaml") ? canonicalAddressEntries(parse(t)) : parse(t));
      expect(canonicalJson(data(after)), relative(repo.dir, path)).toBe(canonicalJson(data(text)));
      const comments = (t: string) => t.split("\n").flatMap((line) => /#\s.*$/.exec(line.replace(/"[^"]*"/g, "")) ?? []).map((c) => c.trim());
      expect(comments(after).sort(), relative(repo.dir, path)).toEqual(comments(text).sort());
    }
    expect(await fmt()).toEqual({ code: 0, stdout: "", stderr: "" });
    expect((await runCli(["lint"], { cwd: repo.dir })).code).toBe(0);
  });

  it("leaves a comment at the end of a rule where it is: --check exits 0 and fmt writes nothing, run after run", async () => {
    repo = makeTempRepo();
    const text = `providerType: vendorAWalletScreening
scope: SIGN_IN
schemaVersion: 2
enabled: true
rules:
  preScreen:
    chains: [EVM]
  postScreen:
    - id: block-severe
      when:
        riskScore: { gte: 9 }
      action: BLOCK
      # reviewed 2026-09

    - id: alert-high
      when:
        riskScore: { gte: 7 }
      action: ALERT
`;
    repo.write(POLICY, text);
    for (let run = 0; run < 3; run++) {
      expect(await fmt("--check", POLICY)).toEqual({ code: 0, stdout: "", stderr: "" });
      expect(await fmt(POLICY)).toEqual({ code: 0, stdout: "", stderr: "" });
      expect(read(POLICY)).toBe(text);
    }
  });

  it("a comment block that moves with its key keeps the blank line above it, and --check then passes", async () => {
    repo = makeTempRepo();
    repo.write(
      POLICY,
      `providerType: vendorAWalletScreening
scope: SIGN_IN
rules:
  preScreen:
    chains: [EVM]
  postScreen:
    - id: block-severe
      action: BLOCK

      # Scores of 9 and up only.
      when:
        riskScore: { gte: 9 }

# Version 2 since the 2026-09 review (COMP-1181).
# Do not lower without compliance.
schemaVersion: 2
enabled: true
`,
    );
    expect(await fmt(POLICY)).toEqual({ code: 0, stdout: `${POLICY}\n`, stderr: "" });
    expect(read(POLICY)).toBe(`providerType: vendorAWalletScreening
scope: SIGN_IN

# Version 2 since the 2026-09 review (COMP-1181).
# Do not lower without compliance.
schemaVersion: 2
enabled: true
rules:
  preScreen:
    chains: [EVM]
  postScreen:
    - id: block-severe

      # Scores of 9 and up only.
      when:
        riskScore: { gte: 9 }
      action: BLOCK
`);
    expect(await fmt("--check", POLICY)).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("--check fails exactly for the files fmt rewrites, over generated files of every kind with comments everywhere", async () => {
    repo = makeTempRepo({ extra: ["tests"] });
    const places: Record<FormattableKind, string> = {
      policy: POLICY,
      addresses: ADDRESSES,
      "policy-test": "tests/sandbox/vendorAWalletScreening/SIGN_IN.test.yaml",
      webhooks: "webhooks/sandbox.yaml",
    };
    const files = (Object.keys(places) as FormattableKind[]).map((kind, index) => {
      const [file] = fc.sample(anyCommentedFile.filter((candidate) => candidate.kind === kind), { numRuns: 1, seed: 22 + index });
      repo.write(places[kind], file!.text);
      const outcome = formatBytes(new TextEncoder().encode(file!.text), kind);
      if (!outcome.ok) throw new Error(outcome.reason);
      return { path: places[kind], ...outcome };
    });
    const changed = files.filter((file) => file.changed).map((file) => file.path);
    expect(changed.length).toBeGreaterThan(0);
    const all = files.map((file) => file.path);
    const check = await fmt("--check", ...all);
    expect(check.code).toBe(1);
    expect(check.stdout.split("\n").filter(Boolean).sort()).toEqual([...changed].sort());
    expect((await fmt(...all)).code).toBe(0);
    for (const file of files) expect(read(file.path), file.path).toBe(file.text);
    expect(await fmt("--check", ...all)).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("a byte-order mark is a change: --check exits 1, fmt writes the file without it, then --check exits 0", async () => {
    repo = makeTempRepo();
    await fmt(ADDRESSES);
    const canonical = read(ADDRESSES);
    expect(await fmt("--check", ADDRESSES)).toEqual({ code: 0, stdout: "", stderr: "" });
    repo.write(ADDRESSES, `\ufeff${canonical}`);
    expect(await fmt("--check", ADDRESSES)).toEqual({ code: 1, stdout: `${ADDRESSES}\n`, stderr: "" });
    expect(await fmt(ADDRESSES)).toEqual({ code: 0, stdout: `${ADDRESSES}\n`, stderr: "" });
    expect(readFileSync(join(repo.dir, ADDRESSES))).toEqual(Buffer.from(canonical, "utf8"));
    expect(await fmt("--check", ADDRESSES)).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("refuses a file that is not UTF-8 in one line, exit 2, and leaves its bytes as they are", async () => {
    repo = makeTempRepo();
    const bytes = Buffer.concat([Buffer.from("scope: SIGN_IN\nproviderType: vendorAWalletScreening # caf"), Buffer.from([0xe9]), Buffer.from("\n")]);
    repo.write(POLICY, bytes);
    for (const args of [[POLICY], ["--check", POLICY]]) {
      expect(await fmt(...args)).toEqual({ code: 2, stdout: "", stderr: `screenpol: fmt: ${POLICY}: file is not valid UTF-8 text; not formatted\n` });
      expect(readFileSync(join(repo.dir, POLICY))).toEqual(bytes);
    }
  });
});
