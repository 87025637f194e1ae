/**
 * The two YAML mistakes newcomers make most, as `screenpol lint` shows them:
 * one finding per mistake, in plain words with the fix, yaml's words after it,
 * the code frame under it, exit 1.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixtureCases, fixtureRepo } from "../integrations/support/fixtures.js";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo } from "../helpers/temp-repo.js";
import { docsUrl } from "../../src/core/codes.js";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function lintFixture(name: string, code = "yaml-syntax") {
  const fixture = fixtureCases().find((candidate) => candidate.code === code && candidate.name === name)!;
  const repo = fixtureRepo(fixture);
  cleanups.push(repo.remove);
  return runCli(["lint"], { cwd: repo.dir });
}

describe("screenpol lint on YAML a newcomer broke", () => {
  it("an unquoted `: ` in a description: says to quote it, shows it quoted, and frames the line", async () => {
    const run = await lintFixture("fail-colon-in-description");
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(
      [
        "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml:10:20  error  " +
          'the value of "description" contains ": ", which YAML reads as the start of another key; put the whole value in quotes: ' +
          'description: "Reviewed by compliance: block direct mixer exposure" (YAML: nested mappings are not allowed in compact mappings)  yaml-syntax',
        "   8 |   postScreen:",
        "   9 |     - id: block-mixers",
        "> 10 |       description: Reviewed by compliance: block direct mixer exposure # expect: yaml-syntax@20",
        "     |                    ^",
        "  11 |       when:",
        `  ${docsUrl("yaml-syntax")}`,
        "",
        "✖ 1 problem (1 error, 0 warnings)",
        "",
      ].join("\n"),
    );
  });

  it("a key indented less than the line above it: says which line and column to line it up with", async () => {
    const run = await lintFixture("fail-list-item-indented-less");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml:12:1  error  " +
        'this line is indented less than "exposure" on line 11 above it (column 6, "exposure" at column 9): ' +
        'line it up with "exposure", or with "id" (column 7) if it belongs to that level (YAML: sequence item without - indicator)  yaml-syntax\n' +
        "  10 |       when:\n" +
        "  11 |         exposure: { category: mixer, direction: direct, minPercent: 5 }\n" +
        "> 12 |      action: BLOCK # expect: yaml-syntax@1\n",
    );
    expect(run.stdout).toContain("✖ 1 problem (1 error, 0 warnings)");
  });

  it("a reason starting with `#`: says YAML read it as a comment, and shows it quoted", async () => {
    const run = await lintFixture("fail-reason-starts-with-hash", "schema");
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")[0]).toBe(
      "policies/sandbox/vendorAWalletScreening/addresses.yaml:8:13  error  entries[0].reason: must be a string, not empty: " +
        'YAML reads "#" and all after it as a comment; to write text that starts with "#", put it in quotes: reason: "#42 treasury cold wallet, reviewed 2026-09"  schema',
    );
  });

  it("never quotes a secret: a token in a value it shows quoted is masked in the message, as in the code frame", async () => {
    const repo = makeTempRepo({ samples: false });
    cleanups.push(repo.remove);
    const token = "dyn_FAKE0000example0000TOKEN0000notreal00";
    repo.write("screenpol.config.yaml", "environments:\n  sandbox:\n    id: 3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01\n    kind: sandbox\n");
    repo.write(
      "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml",
      `providerType: vendorAWalletScreening\nscope: SIGN_IN\nschemaVersion: 1\nenabled: true\nrules:\n  preScreen: { chains: [EVM] }\n  postScreen:\n    - id: a\n      description: tested with: ${token}\n      when: { riskScore: { gte: 8 } }\n      action: BLOCK\n`,
    );
    const run = await runCli(["lint"], { cwd: repo.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain(token);
    // The scan finds the secret as the whole value on the line, as the code frame masks it.
    expect(run.stdout).toContain(`put the whole value in quotes: description: "${"*".repeat(`tested with: ${token}`.length)}" (YAML: nested mappings`);
    expect(run.stdout).toContain("secret-in-file");
    const json = await runCli(["lint", "--format", "json"], { cwd: repo.dir });
    expect(json.stdout).not.toContain(token);
  });
});
