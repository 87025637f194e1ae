/**
 * `lint --fix` quotes what YAML misread when the text says what was meant
 * (core/lint-fixes.ts): a description or reason holding `: `, an unquoted 0x
 * address YAML read as a number. Byte for byte through the real CLI; a second
 * --fix changes nothing; anything ambiguous is left as written.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const ADDRESSES = "policies/sandbox/vendorAWalletScreening/addresses.yaml";

const POLICY_BROKEN = `# Reviewed 2026-11.
providerType: vendorAWalletScreening
scope: TRANSACTION
schemaVersion: 1
enabled: true
rules:
  preScreen:
    chains: [EVM]
  postScreen:
    - id: block-mixers
      description: Reviewed by compliance: block direct mixer exposure   # ticket 42
      when:
        exposure: { category: mixer, direction: direct, minPercent: 5 }
      action: block
    - id: alert-gambling
      description: Note: the "gambling" category, see ACME-7
      when:
        exposure: { category: gambling, direction: direct, minPercent: 5 }
      action: ALERT
`;

const POLICY_FIXED = POLICY_BROKEN.replace(
  "description: Reviewed by compliance: block direct mixer exposure   # ticket 42",
  'description: "Reviewed by compliance: block direct mixer exposure"   # ticket 42',
)
  .replace('description: Note: the "gambling" category, see ACME-7', 'description: "Note: the \\"gambling\\" category, see ACME-7"')
  .replace("action: block", "action: BLOCK");

const ADDRESSES_BROKEN = `providerType: vendorAWalletScreening
entries:
  - address: 0x52908400098527886E0F7030069857D2E4169EE7 # treasury
    chain: EVM
    action: ALLOW
    scope: ALL
    reason: cold wallet: reviewed 2026-09
`;

const ADDRESSES_FIXED = `providerType: vendorAWalletScreening
entries:
  - address: "0x52908400098527886E0F7030069857D2E4169EE7" # treasury
    chain: EVM
    action: ALLOW
    scope: ALL
    reason: "cold wallet: reviewed 2026-09"
`;

let repo: TempRepo;
afterEach(() => repo.remove());

describe("screenpol lint --fix quotes what YAML misread", () => {
  it("quotes a description or reason holding `: ` and an unquoted 0x address, comments kept; a second --fix changes nothing", async () => {
    repo = makeTempRepo();
    repo.write(POLICY, POLICY_BROKEN);
    repo.write(ADDRESSES, ADDRESSES_BROKEN);
    const run = await runCli(["lint", "--fix", POLICY, ADDRESSES], { cwd: repo.dir });
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(POLICY_FIXED);
    expect(readFileSync(join(repo.dir, ADDRESSES), "utf8")).toBe(ADDRESSES_FIXED);
    expect(run.stderr).toBe("screenpol: fixed 5 problems in 2 files\n");
    expect(run.stdout).toBe("✔ 2 files linted, no problems\n");
    expect(run.code).toBe(0);

    const again = await runCli(["lint", "--fix", POLICY, ADDRESSES], { cwd: repo.dir });
    expect(again).toEqual({ code: 0, stdout: "✔ 2 files linted, no problems\n", stderr: "" });
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(POLICY_FIXED);
    expect(readFileSync(join(repo.dir, ADDRESSES), "utf8")).toBe(ADDRESSES_FIXED);
  });

  it("leaves what is ambiguous as written: another key, a value continued on the next line, a number that is not an address", async () => {
    repo = makeTempRepo();
    const policy = POLICY_BROKEN.replace("- id: block-mixers", "- id: block: mixers").replace(
      "description: Note: the \"gambling\" category, see ACME-7",
      "description: Note: the gambling category\n        continues here",
    );
    const addresses = ADDRESSES_BROKEN.replace("0x52908400098527886E0F7030069857D2E4169EE7", "0x5290840009852788");
    repo.write(POLICY, policy);
    repo.write(ADDRESSES, addresses);
    const run = await runCli(["lint", "--fix", POLICY, ADDRESSES], { cwd: repo.dir });
    expect(run.code).toBe(1);
    // The first description and the reason are quoted, each whole on its line; the rest is the author's to say.
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(
      policy.replace("description: Reviewed by compliance: block direct mixer exposure", 'description: "Reviewed by compliance: block direct mixer exposure"'),
    );
    expect(readFileSync(join(repo.dir, ADDRESSES), "utf8")).toBe(addresses.replace("reason: cold wallet: reviewed 2026-09", 'reason: "cold wallet: reviewed 2026-09"'));
    expect(run.stderr).toBe("screenpol: fixed 2 problems in 2 files\n");
    expect(run.stdout).toContain("yaml-syntax");
    expect(run.stdout).toContain("entries[0].address: YAML read this unquoted address as a number");
  });

  it("an unquoted contract address in a policy: the schema finding says what YAML did, and --fix quotes it as written", async () => {
    repo = makeTempRepo({ extra: ["catalog"] });
    const address = "0x0421881a91d35dfda68eecba95d2076fe70b2616";
    const policy = `providerType: vendorAWalletScreening
scope: TRANSACTION
schemaVersion: 1
enabled: true
rules:
  preScreen:
    chains: [EVM]
    tokens:
      - chain: EVM
        networkId: 1
        contractAddress: ${address} # Vonex
  postScreen: []
`;
    repo.write(POLICY, policy);
    const lint = await runCli(["lint", POLICY], { cwd: repo.dir });
    expect(lint.code).toBe(1);
    expect(lint.stdout.split("\n")[0]).toBe(
      `${POLICY}:11:26  error  rules.preScreen.tokens[0].contractAddress: YAML read this unquoted 0x... as a hexadecimal number, not as the text written: ` +
        `put it in quotes, contractAddress: "${address}" (screenpol lint --fix does)  schema`,
    );
    const fix = await runCli(["lint", "--fix", POLICY], { cwd: repo.dir });
    expect(fix).toEqual({ code: 0, stdout: "✔ 1 file linted, no problems\n", stderr: "screenpol: fixed 1 problem in 1 file\n" });
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(policy.replace(`contractAddress: ${address}`, `contractAddress: "${address}"`));
  });
});
