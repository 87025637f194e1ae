/**
 * `screenpol decide` as a user runs it: one screening against the sample
 * repository's files, the verdict and its trace in words or JSON, and every
 * unreadable screening refused at its line and column with exit 2.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const A = ["--vendor", "vendorAWalletScreening"];
const B = ["--vendor", "vendorBAddressScreening"];
const SANDBOX_A_TRANSACTION = ["decide", "--env", "sandbox", ...A, "--scope", "TRANSACTION"];
const SANDBOX_A_SIGN_IN = ["decide", "--env", "sandbox", ...A, "--scope", "SIGN_IN"];
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
const USDC = '{ chain: EVM, networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" }';

function example(name: string): string {
  return readFileSync(join(PROJECT_ROOT, "examples/screenings", name), "utf8");
}

/** The steps every screening of ADDRESS passes on its way to an enabled policy. */
function upToThePolicy(): string[] {
  return ["  sanctions-floor  passed   not sanctioned", `  address-entry    passed   no address entry for EVM ${ADDRESS}`, "  policy-disabled  passed   policy enabled"];
}

function lines(text: string): string[] {
  return text.replace(/\n$/, "").split("\n");
}

let repo: TempRepo;
beforeAll(() => {
  repo = makeTempRepo();
});
afterAll(() => repo.remove());

const decide = (args: string[], input?: string, env?: Record<string, string | undefined>) =>
  runCli(args, { cwd: repo.dir, ...(input === undefined ? {} : { input }), ...(env === undefined ? {} : { env }) });

describe("a decision", () => {
  it("a BLOCK by a rule, from a file: the rule's place, every step, every condition with its signal value", async () => {
    repo.write("block.yaml", example("block-by-rule.yaml"));
    const run = await decide([...SANDBOX_A_TRANSACTION, "block.yaml"]);
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(lines(run.stdout)).toEqual([
      "BLOCK by rule block-direct-illicit-proceeds (policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml:49:7)",
      ...upToThePolicy(),
      "  pre-screen       passed   chain EVM in [EVM, SOL]; amount 1200 USD >= minAmountUsd 250; token EVM 1 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 in tokens",
      "  post-screen      decided  rule block-direct-illicit-proceeds matched (3 of 7 rules evaluated)",
      "    rule block-severe-risk-score (line 33)  BLOCK  not matched",
      "      riskScore >= 8.5: 3  does not hold",
      "    rule block-illicit-cluster (line 39)  BLOCK  not matched",
      "      anyOf #1: cluster = terrorist_financing: none returned  does not hold",
      "      anyOf #2: cluster = child_abuse_material: none returned  does not hold",
      "      anyOf #3: cluster = ransomware: none returned  does not hold",
      "      anyOf #4: cluster = darknet_market: none returned  does not hold",
      "    rule block-direct-illicit-proceeds (line 49)  BLOCK  matched",
      "      anyOf #1: exposure stolen_funds direct >= 5%: 12.5%  holds",
      "      anyOf #2: exposure scam direct >= 10%: none returned  does not hold",
      "      anyOf #3: exposure fraud_shop direct >= 10%: none returned  does not hold",
    ]);
  });

  it("YAML on standard input (-): a pre-screen ALLOW, the vendor's signals unread", async () => {
    const run = await decide([...SANDBOX_A_TRANSACTION, "-"], example("pre-screen-allow.yaml"));
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(lines(run.stdout)).toEqual([
      "ALLOW by pre-screen (amount 40 USD < minAmountUsd 250)",
      ...upToThePolicy(),
      "  pre-screen       decided  amount 40 USD < minAmountUsd 250: the vendor is not consulted",
    ]);
  });

  it("JSON on standard input: a chain outside preScreen.chains", async () => {
    const run = await decide(["decide", "--env", "live", ...A, "--scope", "TRANSACTION", "-"], '{"chain": "BTC", "address": "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh", "signals": {"riskScore": 10}}');
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(lines(run.stdout)).toEqual([
      "ALLOW by pre-screen (chain BTC not in [EVM, SOL])",
      "  sanctions-floor  passed   not sanctioned",
      "  address-entry    passed   no address entry for BTC bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
      "  policy-disabled  passed   policy enabled",
      "  pre-screen       decided  chain BTC not in [EVM, SOL]: the vendor is not consulted",
    ]);
  });

  it("the sanctions floor blocks an address an entry allows", async () => {
    const run = await decide([...SANDBOX_A_SIGN_IN, "-"], 'chain: EVM\naddress: "0xC349F2E98461322cf5fab5aD704D6113a6e66249"\nsanctioned: true\n');
    expect([run.code, lines(run.stdout)]).toEqual([0, ["BLOCK by sanctions-floor (sanctioned)", "  sanctions-floor  decided  sanctioned: the floor blocks whatever the policy and address entries say"]]);
  });

  it("an EVM address entry matches whatever the case, before any rule", async () => {
    const run = await decide([...SANDBOX_A_SIGN_IN, "-"], example("allow-by-address-entry.yaml"));
    expect([run.code, lines(run.stdout)]).toEqual([
      0,
      [
        "ALLOW by address-entry (entry #1, policies/sandbox/vendorAWalletScreening/addresses.yaml:8:5)",
        "  sanctions-floor  passed   not sanctioned",
        '  address-entry    decided  entry #1 for EVM 0xc349f2e98461322cf5fab5ad704d6113a6e66249: ALLOW, scope ALL, no expiry, reason "Company treasury cold wallet (sandbox copy), reviewed 2026-09 under COMP-1190"',
      ],
    ]);
  });

  it("schemaVersion 2: each anyOf alternative traced, the conditions beside it too", async () => {
    const run = await decide([...SANDBOX_A_TRANSACTION, "-"], example("alert-by-any-of.yaml"));
    expect(run.code).toBe(0);
    const output = lines(run.stdout);
    expect(output[0]).toBe("ALERT by rule alert-obfuscation-with-elevated-score (policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml:58:7)");
    expect(output.slice(-4)).toEqual([
      "    rule alert-obfuscation-with-elevated-score (line 58)  ALERT  matched",
      "      riskScore >= 4: 5  holds",
      "      anyOf #1: exposure mixer any >= 15%: none returned  does not hold",
      "      anyOf #2: cluster = privacy_wallet: privacy_wallet  holds",
    ]);
  });

  it("vendorB: a terminal ALLOW, and a rule on the largest indicator of a category", async () => {
    const terminal = await decide(["decide", "--env", "sandbox", ...B, "--scope", "SIGN_IN", "-"], example("terminal-allow.yaml"));
    expect([terminal.code, lines(terminal.stdout)[0], lines(terminal.stdout).at(-1)]).toEqual([
      0,
      "ALLOW by terminal-allow (no rule matched)",
      "  terminal-allow   decided  no rule matched",
    ]);
    const block = await decide(
      ["decide", "--env", "sandbox", ...B, "--scope", "TRANSACTION", "-"],
      `chain: EVM\naddress: "${ADDRESS}"\ntransfer: { amountUsd: 300, token: ${USDC} }\nsignals:\n  riskLevel: low\n  indicators:\n    - { category: theft, riskType: counterparty, volumeUsd: 200 }\n    - { category: theft, riskType: counterparty, volumeUsd: 1000 }\n`,
    );
    const output = lines(block.stdout);
    expect([block.code, output[0]]).toEqual([0, "BLOCK by rule block-theft-or-scam-proceeds (policies/sandbox/vendorBAddressScreening/TRANSACTION.yaml:50:7)"]);
    expect(output).toContain("      riskLevel >= severe: low  does not hold");
    expect(output).toContain("      anyOf #1: indicator theft counterparty >= 1000 USD: 1000 USD  holds");
  });
});

describe("examples/screenings", () => {
  it.each([
    ["block-by-rule.yaml", "BLOCK by rule block-direct-illicit-proceeds (policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml:49:7)"],
    ["allow-by-address-entry.yaml", "ALLOW by address-entry (entry #1, policies/sandbox/vendorAWalletScreening/addresses.yaml:8:5)"],
    ["pre-screen-allow.yaml", "ALLOW by pre-screen (amount 40 USD < minAmountUsd 250)"],
    ["terminal-allow.yaml", "ALLOW by terminal-allow (no rule matched)"],
    ["alert-by-any-of.yaml", "ALERT by rule alert-obfuscation-with-elevated-score (policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml:58:7)"],
  ])("%s decides as its comment says, run as its comment says", async (name, verdict) => {
    const text = example(name);
    const command = /^# {3}screenpol (decide .*) examples\/screenings\/\S+$/m.exec(text)?.[1];
    expect(command).toBeDefined();
    const run = await decide([...command!.split(" "), "-"], text);
    expect([run.code, lines(run.stdout)[0], run.stderr]).toEqual([0, verdict, ""]);
  });
});

describe("--now and address entries' expiresAt", () => {
  const QA_WALLET = "chain: SOL\naddress: 9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM\ntransfer: { amountUsd: 5000 }\n";

  it("the entry applies the second before expiresAt", async () => {
    const run = await decide([...SANDBOX_A_TRANSACTION, "--now", "2027-03-30T23:59:59Z", "-"], QA_WALLET);
    expect([run.code, lines(run.stdout)[0]]).toEqual([0, "ALLOW by address-entry (entry #3, policies/sandbox/vendorAWalletScreening/addresses.yaml:20:5)"]);
  });

  it("from expiresAt on it is passed over, and the trace says why", async () => {
    const run = await decide([...SANDBOX_A_TRANSACTION, "--now", "2027-03-31", "-"], QA_WALLET);
    expect([run.code, lines(run.stdout)]).toEqual([
      0,
      [
        "ALLOW by pre-screen (native coin not in tokens)",
        "  sanctions-floor  passed   not sanctioned",
        "  address-entry    passed   no unexpired address entry for SOL 9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM; entry #3 expired on 2027-03-31",
        "  policy-disabled  passed   policy enabled",
        "  pre-screen       decided  native coin not in tokens: the vendor is not consulted",
        // Decided as written; the lint's warning about the same entry is listed with the decision.
        "lint findings of the files decided from (decided as written):",
        "  working tree: expired-address-entry (warning) at policies/sandbox/vendorAWalletScreening/addresses.yaml:25:16 (expired on 2027-03-31: this entry no longer applies; remove it or extend it after review)",
      ],
    ]);
  });

  it("a --now that is not an ISO 8601 date-time is one line, exit 2", async () => {
    const run = await decide([...SANDBOX_A_TRANSACTION, "--now", "2027-02-29", "-"], QA_WALLET);
    expect([run.code, run.stdout]).toEqual([2, ""]);
    expect(run.stderr).toBe(
      "screenpol: option '--now <date-time>' argument '2027-02-29' is invalid. It must be an ISO 8601 date or date-time, e.g. 2027-03-31 or 2027-03-31T12:00:00Z (February 2027 has 28 days).\n",
    );
  });
});

describe("--format json", () => {
  it("version 1: the target, the screening as read with its scope, the decision and its trace", async () => {
    const run = await decide([...SANDBOX_A_TRANSACTION, "--format", "json", "-"], example("pre-screen-allow.yaml"));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      version: 1,
      environment: "sandbox",
      providerType: "vendorAWalletScreening",
      scope: "TRANSACTION",
      screening: {
        scope: "TRANSACTION",
        chain: "EVM",
        address: ADDRESS,
        transfer: { amountUsd: 40, token: { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" } },
        signals: { riskScore: 9 },
      },
      decision: {
        action: "ALLOW",
        by: "pre-screen",
        trace: [
          { step: "sanctions-floor", outcome: "passed", sanctioned: false },
          { step: "address-entry", outcome: "passed", ignored: [] },
          { step: "policy-disabled", outcome: "passed", policy: "enabled" },
          { step: "pre-screen", outcome: "decided", gate: { gate: "minAmountUsd", amountUsd: 40, minAmountUsd: 250 } },
        ],
      },
    });
  });

  it("a rule's conditions carry the signal compared, null when none was returned", async () => {
    const run = await decide([...SANDBOX_A_SIGN_IN, "--format", "json", "-"], `chain: EVM\naddress: "${ADDRESS}"\nsignals: { riskScore: 9 }\n`);
    const document = JSON.parse(run.stdout);
    expect([document.screening.scope, document.decision.action, document.decision.by]).toEqual(["SIGN_IN", "BLOCK", "block-severe-risk-score"]);
    expect(document.decision.trace.at(-1)).toEqual({
      step: "post-screen",
      outcome: "decided",
      rules: [{ id: "block-severe-risk-score", index: 0, action: "BLOCK", matched: true, conditions: [{ key: "riskScore", condition: { gte: 9 }, signal: 9, holds: true }] }],
    });
  });
});

describe("a policy that is absent, disabled or does not lint", () => {
  let own: TempRepo;
  beforeAll(() => {
    own = makeTempRepo();
  });
  afterAll(() => own.remove());

  // A disabled policy and an absent one decide alike, whatever the signals: only the words differ.
  it.each([
    [
      "no policy file: the output says there is none",
      () => rmSync(join(own.dir, "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml")),
      "SIGN_IN",
      "no policy file policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml",
      "no policy file policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml: the vendor is not consulted",
    ],
    [
      "enabled: false",
      () => {
        const policy = readFileSync(join(PROJECT_ROOT, "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml"), "utf8");
        own.write("policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml", policy.replace("enabled: true", "enabled: false"));
      },
      "TRANSACTION",
      "enabled: false in policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml",
      "policy disabled (enabled: false): the vendor is not consulted",
    ],
  ])("%s: ALLOW by policy-disabled", async (_name, prepare, scope, why, words) => {
    prepare();
    const input = `chain: EVM\naddress: "${ADDRESS}"\nsignals:\n  riskScore: 10\n  cluster: { category: terrorist_financing }\n`;
    const run = await runCli(["decide", "--env", "sandbox", ...A, "--scope", scope, "-"], { cwd: own.dir, input });
    expect([run.code, lines(run.stdout)]).toEqual([
      0,
      [`ALLOW by policy-disabled (${why})`, "  sanctions-floor  passed   not sanctioned", `  address-entry    passed   no address entry for EVM ${ADDRESS}`, `  policy-disabled  decided  ${words}`],
    ]);
  });

  it("a policy that fails lint decides nothing: its findings as lint prints them, exit 1", async () => {
    const policy = readFileSync(join(PROJECT_ROOT, "policies/live/vendorAWalletScreening/SIGN_IN.yaml"), "utf8").replace("riskScore: { gte: 8 }", "riskLevel: { atLeast: high }");
    own.write("policies/live/vendorAWalletScreening/SIGN_IN.yaml", policy);
    const run = await runCli(["decide", "--env", "live", ...A, "--scope", "SIGN_IN", "-"], { cwd: own.dir, input: `chain: EVM\naddress: "${ADDRESS}"\n` });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^policies\/live\/vendorAWalletScreening\/SIGN_IN\.yaml:\d+:\d+  error  rules\.postScreen\[0\]\.when\.riskLevel: .*  cross-vendor-field\n/);
    expect(run.stdout).toMatch(/\n✖ 1 problem \(1 error, 0 warnings\)\n$/);
    const json = await runCli(["decide", "--env", "live", ...A, "--scope", "SIGN_IN", "--format", "json", "-"], { cwd: own.dir, input: `chain: EVM\naddress: "${ADDRESS}"\n` });
    expect([json.code, JSON.parse(json.stdout).diagnostics.map((d: { code: string }) => d.code)]).toEqual([1, ["cross-vendor-field"]]);
  });
});

describe("a screening that cannot be read: one line per problem at its line and column, exit 2", () => {
  it.each([
    ["YAML syntax", "chain: EVM\naddress: [\n", ["s.yaml:3:1  error  flow sequence in block collection must be sufficiently indented and end with a ]  yaml-syntax"]],
    ["not a map", "- chain: EVM\n", ["s.yaml:1:1  error  must be a map, not a list  schema"]],
    [
      "a signal of the other vendor",
      `chain: EVM\naddress: "${ADDRESS}"\nsignals:\n  riskLevel: high\n`,
      ["s.yaml:4:3  error  signals.riskLevel: riskLevel is a signal of vendorBAddressScreening, not of vendorAWalletScreening; vendorAWalletScreening returns riskScore  cross-vendor-field"],
    ],
    [
      "a category of the other vendor",
      `chain: EVM\naddress: "${ADDRESS}"\nsignals:\n  exposures:\n    - { category: theft, direction: direct, percent: 3 }\n`,
      ["s.yaml:5:19  error  signals.exposures[0].category: theft is a category of vendorBAddressScreening, not of vendorAWalletScreening; vendorAWalletScreening calls it stolen_funds  cross-vendor-field"],
    ],
    [
      "an unknown category",
      `chain: EVM\naddress: "${ADDRESS}"\nsignals:\n  cluster: { category: casino }\n`,
      [
        's.yaml:4:24  error  signals.cluster.category: "casino" is not one of darknet_market, mixer, ransomware, scam, stolen_funds, terrorist_financing, child_abuse_material, fraud_shop, gambling, high_risk_exchange, no_kyc_exchange, privacy_wallet, illicit_actor_org  schema',
      ],
    ],
    [
      "a percent over 100",
      `chain: EVM\naddress: "${ADDRESS}"\nsignals:\n  exposures:\n    - { category: mixer, direction: direct, percent: 100.5 }\n`,
      ["s.yaml:5:54  error  signals.exposures[0].percent: 100.5 is out of range: must be <= 100  schema"],
    ],
    ["a negative amount", `chain: EVM\naddress: "${ADDRESS}"\ntransfer: { amountUsd: -1 }\n`, ["s.yaml:3:24  error  transfer.amountUsd: -1 is out of range: must be >= 0  schema"]],
  ])("%s", async (_name, text, expected) => {
    repo.write("s.yaml", text);
    const run = await decide([...SANDBOX_A_TRANSACTION, "s.yaml"]);
    expect([run.code, run.stdout, lines(run.stderr)]).toEqual([2, "", expected]);
  });

  it("a transfer in a SIGN_IN screening, and a scope: other than --scope, in line order", async () => {
    const run = await decide([...SANDBOX_A_SIGN_IN, "-"], `scope: TRANSACTION\nchain: EVM\naddress: "${ADDRESS}"\ntransfer: { amountUsd: 10 }\n`);
    expect([run.code, run.stdout, lines(run.stderr)]).toEqual([
      2,
      "",
      [
        "<stdin>:1:8  error  scope: scope TRANSACTION does not match the SIGN_IN policy it is decided against  schema",
        "<stdin>:4:1  error  transfer: a SIGN_IN screening has no transfer: there is no amount or token at sign-in  scope-field",
      ],
    ]);
  });

  it("JSON on standard input is located like YAML", async () => {
    const run = await decide([...SANDBOX_A_SIGN_IN, "-"], '{\n  "chain": "EVM",\n  "address": "0x1",\n  "signals": {"riskScore": 11}\n}\n');
    expect([run.code, lines(run.stderr)]).toEqual([2, ["<stdin>:4:28  error  signals.riskScore: 11 is out of range: must be <= 10  schema"]]);
  });

  it("standard input over 1 MiB is refused, not read to its end", async () => {
    const run = await decide([...SANDBOX_A_SIGN_IN, "-"], `chain: EVM\naddress: "${ADDRESS}"\n${"#".repeat(1024 * 1024)}\n`);
    expect([run.code, run.stdout, run.stderr]).toEqual([2, "", "<stdin>:1:1  error  is over 1 MiB; not read  read-error\n"]);
  });

  it("a file that is not there", async () => {
    const run = await decide([...SANDBOX_A_SIGN_IN, "nope.yaml"]);
    expect([run.code, run.stdout, run.stderr]).toEqual([2, "", "nope.yaml:1:1  error  no such file  read-error\n"]);
  });
});

describe("flags", () => {
  it.each([
    ["an undeclared environment", ["decide", "--env", "staging", ...A, "--scope", "SIGN_IN", "-"], 'screenpol: environment "staging" is not declared in screenpol.config.yaml (declared: sandbox, live)\n'],
    ["no --env", ["decide", ...A, "--scope", "SIGN_IN", "-"], "screenpol: required option '--env <name>' not specified\n"],
    [
      "an unknown vendor",
      ["decide", "--env", "sandbox", "--vendor", "vendorC", "--scope", "SIGN_IN", "-"],
      "screenpol: option '--vendor <providerType>' argument 'vendorC' is invalid. Allowed choices are vendorAWalletScreening, vendorBAddressScreening.\n",
    ],
    ["an unknown scope", ["decide", "--env", "sandbox", ...A, "--scope", "LOGIN", "-"], "screenpol: option '--scope <scope>' argument 'LOGIN' is invalid. Allowed choices are SIGN_IN, TRANSACTION.\n"],
    ["no screening", ["decide", "--env", "sandbox", ...A, "--scope", "SIGN_IN"], "screenpol: missing required argument 'screening'\n"],
  ])("%s: one line, exit 2", async (_name, args, stderr) => {
    const run = await decide(args, `chain: EVM\naddress: "${ADDRESS}"\n`);
    expect([run.code, run.stdout, run.stderr]).toEqual([2, "", stderr]);
  });
});

describe("colour", () => {
  const input = `chain: EVM\naddress: "${ADDRESS}"\nsignals: { riskScore: 9 }\n`;
  it("FORCE_COLOR paints the verdict; NO_COLOR wins over it", async () => {
    const painted = await decide([...SANDBOX_A_SIGN_IN, "-"], input, { FORCE_COLOR: "1" });
    expect(lines(painted.stdout)[0]).toBe("\x1b[1;31mBLOCK\x1b[0m by rule block-severe-risk-score (policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml:18:7)");
    const plain = await decide([...SANDBOX_A_SIGN_IN, "-"], input, { FORCE_COLOR: "1", NO_COLOR: "1" });
    expect(plain.stdout).not.toContain("\x1b[");
  });
});

describe("screenpol schema --kind screening", () => {
  it.each(["vendorAWalletScreening", "vendorBAddressScreening"])("prints schemas/screening-%s.schema.json", async (vendor) => {
    const run = await decide(["schema", "--kind", "screening", "--vendor", vendor]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(readFileSync(join(PROJECT_ROOT, `schemas/screening-${vendor}.schema.json`), "utf8")));
  });
});

describe("screenpol decide without --vendor or --scope: the screening says which policy", () => {
  const VENDOR_B_SIGN_IN = `scope: SIGN_IN\nchain: EVM\naddress: "${ADDRESS}"\nsignals:\n  riskLevel: severe\n`;

  it("reads the vendor from the signals and the scope from the scope or the transfer; stdout as with the flags, one line on stderr", async () => {
    const screening = example("block-by-rule.yaml");
    const named = await decide([...SANDBOX_A_TRANSACTION, "-"], screening);
    const read = await decide(["decide", "--env", "sandbox", "-"], screening);
    expect(read.code).toBe(0);
    expect(read.stdout).toBe(named.stdout);
    expect(read.stderr).toBe("screenpol: decided against sandbox/vendorAWalletScreening/TRANSACTION (vendor from its signals, scope from its scope)\n");

    const withoutScope = screening.replace(/^scope: TRANSACTION\n/m, "");
    expect(withoutScope).not.toBe(screening);
    const fromTransfer = await decide(["decide", "--env", "sandbox", "--format", "json", ...A, "-"], withoutScope);
    expect(fromTransfer.code).toBe(0);
    expect(fromTransfer.stderr).toBe("screenpol: decided against sandbox/vendorAWalletScreening/TRANSACTION (scope from its transfer)\n");
    expect(JSON.parse(fromTransfer.stdout)).toEqual(JSON.parse((await decide([...SANDBOX_A_TRANSACTION, "--format", "json", "-"], withoutScope)).stdout));

    const vendorB = await decide(["decide", "--env", "sandbox", "-"], VENDOR_B_SIGN_IN);
    expect(vendorB.stderr).toBe("screenpol: decided against sandbox/vendorBAddressScreening/SIGN_IN (vendor from its signals, scope from its scope)\n");
    expect(vendorB.stdout).toBe((await decide(["decide", "--env", "sandbox", ...B, "--scope", "SIGN_IN", "-"], VENDOR_B_SIGN_IN)).stdout);
  });

  it("a flag given wins over the screening, and says nothing on stderr", async () => {
    const run = await decide([...SANDBOX_A_TRANSACTION, "-"], example("block-by-rule.yaml"));
    expect(run.stderr).toBe("");
    const refused = await decide(["decide", "--env", "sandbox", "--scope", "SIGN_IN", "-"], VENDOR_B_SIGN_IN.replace("scope: SIGN_IN", "scope: TRANSACTION"));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("scope TRANSACTION does not match the SIGN_IN policy it is decided against");
  });

  it("names the flag to give when the screening does not say: exit 2, nothing decided", async () => {
    const bare = `chain: EVM\naddress: "${ADDRESS}"\n`;
    const neither = await decide(["decide", "--env", "sandbox", "-"], bare);
    expect(neither).toMatchObject({ code: 2, stdout: "" });
    expect(neither.stderr).toBe("screenpol: decide needs --vendor (the screening's signals name neither vendor's, or both) and --scope (the screening has no scope and no transfer)\n");
    const noVendor = await decide(["decide", "--env", "sandbox", "--scope", "SIGN_IN", "-"], bare);
    expect(noVendor.stderr).toBe("screenpol: decide needs --vendor (the screening's signals name neither vendor's, or both)\n");
    const both = await decide(["decide", "--env", "sandbox", "-"], `${bare}scope: SIGN_IN\nsignals:\n  riskScore: 9\n  riskLevel: severe\n`);
    expect(both.stderr).toBe("screenpol: decide needs --vendor (the screening's signals name neither vendor's, or both)\n");
    expect(both.code).toBe(2);
  });
});
