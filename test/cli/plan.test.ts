/**
 * screenpol plan and push as a user runs them: the built CLI against the
 * emulator on loopback (real HTTP), in a copy of the sample repository.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LIVE_ID, recordRequests, revisions, SANDBOX_ID, setUp, ALL_SCOPES_TOKEN, type Setup } from "./plan-harness.js";

const SANDBOX_TRANSACTION = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";

/** Sorted-keys JSON, written independently of src/ to check the documented hash. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${sortedJson((value as Record<string, unknown>)[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

describe("screenpol plan", () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
  });
  afterEach(() => setup.close());

  it("prints create / update / affected with the live revision, the summary and the diff; unchanged entries as one count", async () => {
    const run = await setup.cli(["plan"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain("sandbox/vendorAWalletScreening/SIGN_IN");
    expect(run.stdout).toContain("\n\n= 3 unchanged (--show-unchanged lists them)\n\nPlan: ");
    // The address entries a push adds reach these two policies, whose own content does not change.
    expect(run.stdout).toContain("~ affected  sandbox/vendorBAddressScreening/TRANSACTION  live revision 3\n    address entries changed: +1 for this scope\n    weakening check: weaker (5 weakening transitions, listed above)\n\n");
    expect(run.stdout).toContain("~ affected  live/vendorAWalletScreening/SIGN_IN          live revision 12\n    address entries changed: +1 for this scope\n    weakening check: stricter\n\n");
    expect(run.stdout).toContain("+ create    sandbox/vendorBAddressScreening/SIGN_IN      not live yet\n    new policy: 6 rules, enabled, schemaVersion 1\n    address entries changed: +2 for this scope\n");
    expect(run.stdout).not.toMatch(/addressEntryCount|no changes|\d -> \d\n/);
    expect(run.stdout).toContain("~ update    sandbox/vendorAWalletScreening/TRANSACTION   live revision 9\n    preScreen changed (minAmountUsd)");
    expect(run.stdout).toContain("-    minAmountUsd: 100\n    +    minAmountUsd: 250");
    expect(run.stdout).toContain("+ create    sandbox/vendorBAddressScreening/SIGN_IN      not live yet");
    expect(run.stdout).toContain("~ update    live/vendorAWalletScreening/TRANSACTION      live revision 17\n    1 rule added (alert-no-kyc-exchange)");
    expect(run.stdout).toContain("~ update    live/vendorAWalletScreening/addresses        live revision 5\n    1 entry added (BLOCK BTC 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2 (SIGN_IN))");
    expect(run.stdout).toContain("Plan: 3 to create, 4 to update, 2 affected by address entries, 3 unchanged, 0 live-only. Run `screenpol push` to apply.");
    expect(run.stdout).not.toContain("\x1b[");
  });

  it("--show-unchanged lists each unchanged entry in place of the count line", async () => {
    const run = await setup.cli(["plan", "--show-unchanged"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("= unchanged sandbox/vendorAWalletScreening/SIGN_IN       live revision 4\n    no changes\n\n");
    expect(run.stdout).toContain("= unchanged sandbox/vendorAWalletScreening/addresses     live revision 2\n    no changes\n\n");
    expect(run.stdout).toContain("= unchanged live/vendorBAddressScreening/addresses       live revision 3\n    no changes\n\n");
    expect(run.stdout).not.toContain("3 unchanged (");
    expect(run.stdout).toContain("~ affected  sandbox/vendorBAddressScreening/TRANSACTION  live revision 3\n    address entries changed: +1 for this scope\n");
    const markdown = await setup.cli(["plan", "--format", "markdown", "--show-unchanged"]);
    expect(markdown.stdout).toContain("| ✔️ unchanged | `sandbox/vendorAWalletScreening/SIGN_IN` | 4 | no changes |");
  });

  it("reports a live policy without a file as live-only", async () => {
    rmSync(join(setup.repo.dir, "policies/live/vendorAWalletScreening/SIGN_IN.yaml"));
    const run = await setup.cli(["plan", "--env", "live"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/! live-only live\/vendorAWalletScreening\/SIGN_IN +live revision 12\n    live only: no local file; push leaves it alone/);
    expect(run.stdout).not.toContain("sandbox/");
  });

  it("makes exactly one GET per policy, and none for the files it was not asked about", async () => {
    const proxy = await recordRequests(setup.harness);
    const { seen } = proxy;
    try {
      const run = await setup.cli(["plan"], { env: { SCREENPOL_BASE_URL: proxy.baseUrl } });
      expect(run.code).toBe(0);
      const policyGets = seen.filter((line) => line.startsWith("GET ") && line.includes("/screeningPolicies/"));
      expect(policyGets.length).toBe(8);
      expect(new Set(policyGets).size).toBe(8);
      expect(seen.filter((line) => line.includes("/screeningAddressEntries/")).length).toBe(4);
      expect(seen.filter((line) => !line.startsWith("GET ")).length).toBe(0);
      seen.length = 0;
      const one = await setup.cli(["plan", SANDBOX_TRANSACTION], { env: { SCREENPOL_BASE_URL: proxy.baseUrl } });
      expect(one.code).toBe(0);
      expect(seen.filter((line) => line.includes("/screeningPolicies/"))).toEqual([`GET /api/v0/environments/${SANDBOX_ID}/screeningPolicies/vendorAWalletScreening/TRANSACTION`]);
      expect(one.stdout).toContain("Plan: 0 to create, 1 to update, 0 unchanged, 0 live-only.");
    } finally {
      await proxy.close();
    }
  });

  it("--out writes plan.json: base revisions, exact bodies and their hashes, no token", async () => {
    const run = await setup.cli(["plan", "--out", "plan.json", "--env", "sandbox"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Run `screenpol push --plan plan.json` to apply exactly this plan.");
    const text = readFileSync(join(setup.repo.dir, "plan.json"), "utf8");
    expect(text).not.toContain(ALL_SCOPES_TOKEN);
    const plan = JSON.parse(text);
    expect(plan.formatVersion).toBe(1);
    expect(plan.environments).toEqual([{ name: "sandbox", id: SANDBOX_ID, kind: "sandbox" }]);
    expect(Object.keys(plan.files)).toHaveLength(6);
    const fileBytes = readFileSync(join(setup.repo.dir, SANDBOX_TRANSACTION));
    expect(plan.files[SANDBOX_TRANSACTION]).toBe(createHash("sha256").update(fileBytes).digest("hex"));
    const update = plan.entries.find((entry: any) => entry.path === SANDBOX_TRANSACTION);
    expect(update).toMatchObject({
      kind: "update",
      resource: "policy",
      environment: "sandbox",
      environmentId: SANDBOX_ID,
      providerType: "vendorAWalletScreening",
      scope: "TRANSACTION",
      baseRevision: 9,
      addressEntryCount: { live: 3, planned: 3 },
    });
    expect(Object.keys(update.body)).toEqual(["revision", "schemaVersion", "rules", "enabled"]);
    expect(update.body.revision).toBe(9);
    expect(update.body.rules.preScreen.minAmountUsd).toBe(250);
    expect(update.bodySha256).toBe(`sha256:${createHash("sha256").update(sortedJson(update.body)).digest("hex")}`);
    expect(update.base.rules.preScreen.minAmountUsd).toBe(100);
    expect(plan.entries.map((entry: any) => `${entry.kind} ${entry.path}`)).toEqual([
      "unchanged policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml",
      "update policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml",
      "unchanged policies/sandbox/vendorAWalletScreening/addresses.yaml",
      "create policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml",
      "unchanged policies/sandbox/vendorBAddressScreening/TRANSACTION.yaml",
      "create policies/sandbox/vendorBAddressScreening/addresses.yaml",
    ]);
    const create = plan.entries.find((entry: any) => entry.kind === "create" && entry.resource === "policy");
    expect(create.body.revision).toBe(0);
    expect(create.baseRevision).toBe(0);
  });

  it("--format json prints the plan; --format markdown a pull-request comment", async () => {
    const json = await setup.cli(["plan", "--format", "json", "--env", "live"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).entries).toHaveLength(6);
    const markdown = await setup.cli(["plan", "--format", "markdown"]);
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toMatch(/^### screenpol plan\n/);
    expect(markdown.stdout).toContain("**3 to create, 4 to update**, 2 affected by address entries, 3 unchanged, 0 live-only.");
    expect(markdown.stdout).toContain("| 🔗 affected | `sandbox/vendorBAddressScreening/TRANSACTION` | 3 | address entries changed: +1 for this scope; weakening check: weaker (5 weakening transitions, listed above) |");
    expect(markdown.stdout).not.toContain("✔️ unchanged");
    expect(markdown.stdout).toContain("| ✏️ update | `sandbox/vendorAWalletScreening/TRANSACTION` | 9 | preScreen changed (minAmountUsd); weakening check: weaker (6 weakening transitions, listed above) |");
    expect(markdown.stdout).toContain("<details><summary><code>live/vendorBAddressScreening/SIGN_IN</code>: update (live revision 6)</summary>");
    expect(markdown.stdout.split("```diff").length - 1).toBe(7);
  });

  it("--detailed-exitcode: 5 while changes are pending, 0 once pushed", async () => {
    expect((await setup.cli(["plan", "--detailed-exitcode"])).code).toBe(5);
    const push = await setup.cli(["push", "--yes"]);
    expect(push.stderr).toBe("");
    expect(push.code).toBe(0);
    expect(push.stdout).toContain("Summary: 7 pushed, 5 unchanged, 0 conflicted, 0 failed.");
    const again = await setup.cli(["plan", "--detailed-exitcode"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("Plan: 0 to create, 0 to update, 12 unchanged, 0 live-only. No changes");
  });

  it("lints first: any error prints the findings, exits 1 and plans nothing", async () => {
    const file = join(setup.repo.dir, SANDBOX_TRANSACTION);
    writeFileSync(file, readFileSync(file, "utf8").replace("riskScore: { gte: 8.5 }", "riskLevel: { atLeast: high }"));
    const run = await setup.cli(["plan"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("cross-vendor-field");
    expect(run.stdout).not.toContain("Plan:");
    expect(run.stderr).toContain("the files have errors; fix them first (nothing was planned)");
    // In the plan's own format: a pull-request comment gets Markdown, a script JSON.
    const markdown = await setup.cli(["plan", "--format", "markdown"]);
    expect(markdown.code).toBe(1);
    expect(markdown.stdout).toMatch(/^### screenpol plan: not computed\n/);
    expect(markdown.stdout).toMatch(new RegExp(`\\| \`${SANDBOX_TRANSACTION}:\\d+:\\d+\` \\| error \\| \\[cross-vendor-field\\]\\(`));
    const json = await setup.cli(["plan", "--format", "json"]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).diagnostics.map((d: { code: string }) => d.code)).toEqual(["cross-vendor-field"]);
  });

  it("exit 2 without a token, and for an environment the config does not declare", async () => {
    const noToken = await setup.cli(["plan"], { env: { SCREENPOL_API_TOKEN: undefined } });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain("no credential for ");
    const unknown = await setup.cli(["plan", "--env", "staging"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('environment "staging" is not declared');
  });
  it("exit 4 with one clear line naming the config key when an environment id is wrong (not a plan that creates everything)", async () => {
    const config = join(setup.repo.dir, "screenpol.config.yaml");
    const wrong = "3f0c2a9e-8b1d-4c7a-9e2f-000000000000";
    writeFileSync(config, readFileSync(config, "utf8").replace(SANDBOX_ID, wrong));
    // doctor's own words for the same 404 (test/cli/admin/doctor.test.ts).
    const line = (configFile: string): string =>
      `screenpol: sandbox (${wrong}): 404 Not Found [not_found]: environment id ${wrong} is wrong or belongs to another project; check environments.sandbox.id in ${configFile}\n`;
    const run = await setup.cli(["plan", "--env", "sandbox"]);
    expect(run.code).toBe(4);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(line("screenpol.config.yaml"));
    // From a subfolder, the path the user would open from there; pull reads the environment first too.
    const fromPolicies = await setup.cli(["plan", "--env", "sandbox"], { cwd: join(setup.repo.dir, "policies") });
    expect(fromPolicies.code).toBe(4);
    expect(fromPolicies.stderr).toBe(line("../screenpol.config.yaml"));
    const pull = await setup.cli(["pull", "--env", "sandbox"]);
    expect(pull.code).toBe(4);
    expect(pull.stderr).toBe(line("screenpol.config.yaml"));
  });
});

describe("screenpol push", () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
  });
  afterEach(() => setup.close());

  it("refuses a live environment without --yes off a terminal, and pushes nothing", async () => {
    const before = revisions(setup.harness);
    const run = await setup.cli(["push"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('refusing to push 4 changes to the live environment "live" without --yes');
    expect(revisions(setup.harness)).toEqual(before);
    // A sandbox alone needs no confirmation.
    const sandbox = await setup.cli(["push", "--env", "sandbox"]);
    expect(sandbox.code).toBe(0);
    expect(sandbox.stdout).toContain("pushed     sandbox/vendorAWalletScreening/TRANSACTION   revision 9 -> 10");
    expect(revisions(setup.harness)["live/vendorAWalletScreening/TRANSACTION"]).toBe(17);
  });

  it("never overwrites a live edit made between plan and push: exit 3, the diff of what changed, the edit kept", async () => {
    const plan = await setup.cli(["plan", "--out", "plan.json"]);
    expect(plan.code).toBe(0);
    // Someone edits the live policy in the dashboard meanwhile.
    const client = setup.harness.client();
    const live = await client.getScreeningPolicy(LIVE_ID, "vendorAWalletScreening", "TRANSACTION");
    const edited = structuredClone(live.rules) as any;
    edited.preScreen.minAmountUsd = 75;
    await client.putScreeningPolicy(LIVE_ID, "vendorAWalletScreening", "TRANSACTION", { revision: live.revision, schemaVersion: live.schemaVersion, rules: edited, enabled: live.enabled });

    const push = await setup.cli(["push", "--plan", "plan.json", "--yes"]);
    expect(push.code).toBe(3);
    expect(push.stdout).toContain(
      "CONFLICT   live/vendorAWalletScreening/TRANSACTION      planned against revision 17, live is now 18; nothing was written for it",
    );
    expect(push.stdout).toContain("what changed live since the plan:");
    expect(push.stdout).toContain("-    minAmountUsd: 50\n    +    minAmountUsd: 75");
    expect(push.stdout).toMatch(/Summary: \d+ pushed, \d+ unchanged, 1 conflicted, 0 failed/);
    expect(push.stdout).toContain("Not pushed: ");
    const after = await client.getScreeningPolicy(LIVE_ID, "vendorAWalletScreening", "TRANSACTION");
    expect(after.revision).toBe(18);
    expect(after.rules).toEqual(edited);
    // The report is exact: every "pushed" line is a revision the emulator holds, every "not pushed" one is untouched.
    const state = revisions(setup.harness);
    for (const line of push.stdout.split("\n")) {
      const pushed = /^pushed\s+(\S+)\s+(?:revision \d+ -> (\d+)|created at revision (\d+))/.exec(line);
      if (pushed) expect(state[pushed[1]!]).toBe(Number(pushed[2] ?? pushed[3]));
      const skipped = /^not pushed\s+(\S+)/.exec(line);
      if (skipped) expect([undefined, 17, 6, 5, 9]).toContain(state[skipped[1]!]);
    }
  });

  it("--plan refuses, with exit 3, when a file changed after the plan; nothing is pushed", async () => {
    expect((await setup.cli(["plan", "--out", "plan.json"])).code).toBe(0);
    const before = revisions(setup.harness);
    const file = join(setup.repo.dir, "policies/live/vendorBAddressScreening/SIGN_IN.yaml");
    writeFileSync(file, `${readFileSync(file, "utf8")}# a late comment\n`);
    const run = await setup.cli(["push", "--plan", "plan.json", "--yes"]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain("the plan is stale: changed since the plan: policies/live/vendorBAddressScreening/SIGN_IN.yaml");
    expect(revisions(setup.harness)).toEqual(before);
    // Restoring the bytes makes the plan good again; deleting a planned file does not.
    writeFileSync(file, readFileSync(file, "utf8").replace("# a late comment\n", ""));
    rmSync(join(setup.repo.dir, "policies/sandbox/vendorBAddressScreening/addresses.yaml"));
    const deleted = await setup.cli(["push", "--plan", "plan.json", "--yes"]);
    expect(deleted.code).toBe(3);
    expect(deleted.stderr).toContain("deleted since the plan: policies/sandbox/vendorBAddressScreening/addresses.yaml");
    expect(revisions(setup.harness)).toEqual(before);
  });

  it("--plan --env pushes one environment of a plan that covers several; the other's files are not read as deleted", async () => {
    expect((await setup.cli(["plan", "--out", "plan.json"])).code).toBe(0);
    const before = revisions(setup.harness);
    const run = await setup.cli(["push", "--plan", "plan.json", "--env", "sandbox", "--yes"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Summary: [1-9]\d* pushed, \d+ unchanged, 0 conflicted, 0 failed\./);
    const after = revisions(setup.harness);
    for (const [name, revision] of Object.entries(after)) if (name.startsWith("live/")) expect(revision).toBe(before[name]);
    // A file of the selected environment changed after the plan still makes it stale.
    const file = join(setup.repo.dir, "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml");
    writeFileSync(file, `${readFileSync(file, "utf8")}# a late comment\n`);
    const stale = await setup.cli(["push", "--plan", "plan.json", "--env", "sandbox", "--yes"]);
    expect(stale.code).toBe(3);
    expect(stale.stderr).toContain("changed since the plan: policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml");
  });

  it("--plan refuses, with exit 2, a plan whose body was edited after review", async () => {
    expect((await setup.cli(["plan", "--out", "plan.json"])).code).toBe(0);
    const path = join(setup.repo.dir, "plan.json");
    const plan = JSON.parse(readFileSync(path, "utf8"));
    plan.entries[1].body.rules.preScreen.minAmountUsd = 1;
    writeFileSync(path, JSON.stringify(plan));
    const run = await setup.cli(["push", "--plan", "plan.json", "--yes"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("the body does not match its recorded hash");
  });

  it("--plan pushes exactly the reviewed plan, and a second run of it converges without pushing twice", async () => {
    expect((await setup.cli(["plan", "--out", "plan.json"])).code).toBe(0);
    const first = await setup.cli(["push", "--plan", "plan.json", "--yes"]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Summary: 7 pushed, 5 unchanged, 0 conflicted, 0 failed.");
    const after = revisions(setup.harness);
    const second = await setup.cli(["push", "--plan", "plan.json", "--yes"]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("Summary: 0 pushed, 12 unchanged, 0 conflicted, 0 failed.");
    expect(second.stdout).toContain("(the live policy already holds the planned content)");
    expect(revisions(setup.harness)).toEqual(after);
  });
});
