/**
 * `lint --fix` and `--fix-dry-run` (docs/decisions.md,
 * "Issue 14: lint --fix"), through the real CLI, byte for byte: each fix kind
 * on a file with comments, idempotent, never a compliance finding, nothing
 * written by a dry run.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";

const BROKEN = `# Owner: compliance.
providerType: vendorAWalletScreening
schemaVersion: 1
enabled: true
rules:
  preScreen:
    chains: [EVM]
    # Stablecoins only.
    tokens:
      - symbol: VONE60 # the one Vonex token
        chain: EVM
      - NEXQ72
  postScreen:
    - id: block-high
      # Scores of 8 and up.
      whn:
        riskScore: { gte: 8 }
      action: block # loud
`;

const FIXED = `# Owner: compliance.
providerType: vendorAWalletScreening
scope: TRANSACTION
schemaVersion: 1
enabled: true
rules:
  preScreen:
    chains: [EVM]
    # Stablecoins only.
    tokens:
      - chain: EVM # the one Vonex token
        networkId: 1
        contractAddress: "0x0421881a91d35dfda68eecba95d2076fe70b2616"
      - NEXQ72
  postScreen:
    - id: block-high
      # Scores of 8 and up.
      when:
        riskScore: {gte: 8}
      action: BLOCK # loud
`;

let repo: TempRepo;
afterEach(() => repo.remove());

const lint = (...args: string[]) => runCli(["lint", ...args, POLICY], { cwd: repo.dir });

describe("screenpol lint --fix", () => {
  it("fixes the case of an enum, a scope the path decides, a key one letter off and a token by its only symbol, comments kept", async () => {
    repo = makeTempRepo({ extra: ["catalog"] });
    repo.write(POLICY, BROKEN);
    const run = await lint("--fix");
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(FIXED.replace("{gte: 8}", "{ gte: 8 }"));
    expect(run.stderr).toBe("screenpol: fixed 4 problems in 1 file\n");
    // NEXQ72 exists on several EVM networks: no safe fix, still reported.
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("tokens[1]: \"NEXQ72\" names a token by symbol");
    expect(run.stdout).toContain("✖ 1 problem (1 error, 0 warnings)");

    // Idempotent: nothing more to fix, nothing written, no "fixed" line.
    const before = readFileSync(join(repo.dir, POLICY), "utf8");
    const again = await lint("--fix");
    expect(again.stderr).toBe("");
    expect(again.code).toBe(1);
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(before);
  });

  it("keeps the file's spelling of flow collections", async () => {
    repo = makeTempRepo({ extra: ["catalog"] });
    repo.write(POLICY, BROKEN.replace("{ gte: 8 }", "{gte: 8}"));
    await lint("--fix");
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(FIXED);
  });

  it("never fixes a compliance finding", async () => {
    repo = makeTempRepo();
    const text = readFileSync(join(repo.dir, "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml"), "utf8").replace("riskScore: { gte: 9 }", "riskLevel: { atLeast: severe }");
    repo.write("policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml", text);
    const run = await runCli(["lint", "--fix", "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml"], { cwd: repo.dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("cross-vendor-field");
    expect(readFileSync(join(repo.dir, "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml"), "utf8")).toBe(text);
  });

  it("--fix-dry-run prints each fix as a diff and writes nothing; exit 1 while errors would remain", async () => {
    repo = makeTempRepo({ extra: ["catalog"] });
    repo.write(POLICY, BROKEN);
    const run = await lint("--fix-dry-run");
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(BROKEN);
    expect(run.stdout).toMatch(new RegExp(`^--- a/${POLICY}\\n\\+\\+\\+ b/${POLICY}\\n`));
    expect(run.stdout).toContain("-      action: block # loud\n+      action: BLOCK # loud\n");
    expect(run.stderr).toBe("screenpol: would fix 4 problems in 1 file; nothing was written\n");
    expect(run.code).toBe(1);
  });

  it("refuses --staged: it fixes the working tree, not the index (exit 2)", async () => {
    repo = makeTempRepo();
    const run = await runCli(["lint", "--fix", "--staged"], { cwd: repo.dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^screenpol: --fix and --fix-dry-run fix the working tree, not the Git index/);
  });

  it("changes the bytes of the fixed node and nothing else: flow lists, a comment on `preScreen:`, odd spacing all stay", async () => {
    repo = makeTempRepo({ extra: ["catalog"] });
    const text = `# Owner: compliance.
providerType:   vendorAWalletScreening
scope: TRANSACTION
schemaVersion: 1
enabled:    true     # on
rules:
  preScreen:   # before the vendor is asked
    chains: [EVM, SOL]
    exposureDepth: 2


  postScreen:
  -   id: block-high
      when: {riskScore: { gte: 8 }}   # eight and up
      action: alert # loud

  - id: 'alert-mixers'
    when:
        exposure: {category: mixer, direction: any, minPercent: 10}
    action: ALERT
`;
    repo.write(POLICY, text);
    const run = await lint("--fix");
    expect(run).toEqual({ code: 0, stdout: "✔ 1 file linted, no problems\n", stderr: "screenpol: fixed 1 problem in 1 file\n" });
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(text.replace("action: alert # loud", "action: ALERT # loud"));
    expect(await lint("--fix")).toEqual({ code: 0, stdout: "✔ 1 file linted, no problems\n", stderr: "" });
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(text.replace("action: alert # loud", "action: ALERT # loud"));
  });

  it("every fix kind edits its node in the file's own spelling: quotes, flow lists, CRLF line ends; providerType and scope go first", async () => {
    repo = makeTempRepo({ extra: ["catalog"] });
    const crlf = (lines: string[]) => lines.map((line) => `${line}\r\n`).join("");
    const before = crlf([
      "# Owner: compliance.",
      "",
      "schemaVersion: 1 # v1",
      "enabled: true",
      "rules:",
      "  preScreen:",
      "    chains: [EVM]",
      "    tokens: [VONE60, NEXQ72] # stablecoins",
      "  postScreen:",
      "    - id: x",
      "      'whn': {riskScore: {gte: 8}}",
      '      action: "block"',
    ]);
    repo.write(POLICY, before);
    const after = crlf([
      "# Owner: compliance.",
      "",
      "providerType: vendorAWalletScreening",
      "scope: TRANSACTION",
      "schemaVersion: 1 # v1",
      "enabled: true",
      "rules:",
      "  preScreen:",
      "    chains: [EVM]",
      '    tokens: [{chain: EVM, networkId: 1, contractAddress: "0x0421881a91d35dfda68eecba95d2076fe70b2616"}, NEXQ72] # stablecoins',
      "  postScreen:",
      "    - id: x",
      "      'when': {riskScore: {gte: 8}}",
      '      action: "BLOCK"',
    ]);
    const run = await lint("--fix");
    expect(run.stderr).toBe("screenpol: fixed 5 problems in 1 file\n");
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(after);
    // NEXQ72 has no one token: still reported, never guessed; a second --fix writes nothing.
    expect(run.code).toBe(1);
    expect(await lint("--fix")).toMatchObject({ code: 1, stderr: "" });
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(after);
  });

  it("fixes a key only one edit off and an enum only in the wrong case: keys two and three edits off and a misspelt value stay, reported with their suggestion", async () => {
    repo = makeTempRepo();
    const before = `providerType: vendorAWalletScreening
scope: TRANSACTION
schemaVersion: 1
enabled: true
rules:
  preScreen:
    chains: [EVM]
    minAmontUsdd: 250 # two edits from minAmountUsd
    exposrDepthh: 2 # three edits from exposureDepth
  postScreen:
    - id: block-high
      whn:
        riskScore: { gte: 8 }
      action: BLOK # a different word from BLOCK, not its case
    - id: alert-mid
      when:
        riskScore: { gte: 5 }
      action: alert
`;
    repo.write(POLICY, before);
    const after = before.replace("      whn:\n", "      when:\n").replace("action: alert\n", "action: ALERT\n");
    const run = await lint("--fix");
    expect(run.stderr).toBe("screenpol: fixed 2 problems in 1 file\n");
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(after);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${POLICY}:8:5  error  rules.preScreen.minAmontUsdd: unknown field "minAmontUsdd"; did you mean "minAmountUsd"?  schema`);
    expect(run.stdout).toContain(`${POLICY}:9:5  error  rules.preScreen.exposrDepthh: unknown field "exposrDepthh"; did you mean "exposureDepth"?  schema`);
    expect(run.stdout).toContain(`${POLICY}:14:15  error  rules.postScreen[0].action: "BLOK" is not one of BLOCK, ALERT, ALLOW (did you mean BLOCK?)  schema`);
    expect(run.stdout).toContain("✖ 3 problems (3 errors, 0 warnings)");
    // What is left is for a person to decide: a second --fix writes nothing.
    expect(await lint("--fix")).toMatchObject({ code: 1, stderr: "" });
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(after);
  });

  it("counts the fixes it applied: a key fix inside a token entry the token fix replaces is not counted", async () => {
    repo = makeTempRepo({ extra: ["catalog"] });
    const before = "providerType: vendorAWalletScreening\nscope: TRANSACTION\nschemaVersion: 1\nenabled: true\nrules:\n  preScreen:\n    chains: [EVM]\n    tokens:\n      - symbol: VONE60\n        chan: EVM\n  postScreen: []\n";
    repo.write(POLICY, before);
    expect(await lint("--fix")).toEqual({ code: 0, stdout: "✔ 1 file linted, no problems\n", stderr: "screenpol: fixed 1 problem in 1 file\n" });
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(
      before.replace("      - symbol: VONE60\n        chan: EVM\n", '      - chain: EVM\n        networkId: 1\n        contractAddress: "0x0421881a91d35dfda68eecba95d2076fe70b2616"\n'),
    );
  });
});
