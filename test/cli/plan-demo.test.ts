/** `screenpol demo` (npm start): the whole loop against an in-process emulator, in seconds, exit 0. */
import { describe, expect, it } from "vitest";
import { SEED_TOKENS } from "../../src/emulator/index.js";
import { BUILD_ROOT, PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { makeTempRepo } from "../helpers/temp-repo.js";

describe("screenpol demo", () => {
  it("lints, runs the policy tests with coverage, plans (a weakening of live first), push refused, then pushed with --allow-weakening (live confirmed by the demo, and it says so), plans again (none); exit 0", { timeout: 60_000 }, async () => {
    const run = await runCli(["demo"], { cwd: PROJECT_ROOT, timeoutMs: 60_000 });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/emulator: http:\/\/127\.0\.0\.1:\d+\/api\/v0 \(state in memory/);
    // 15 policy, address, webhook and config files, and the sample tests once tests/ holds them.
    expect(out).toMatch(/1\. screenpol lint\n✔ \d+ files linted, no problems/);
    // The runner's summary ends the test step (the sample tests all pass), or the step says there are none.
    expect(out).toMatch(/2\. screenpol test --coverage: every case decided against the local files\n(?:[^\n]*\n)*?(?:[1-9]\d* passed, 0 failed|no test files in tests\/)\n\n3\. screenpol plan/);
    expect(out).toContain(
      "dashboard: rule block-no-kyc-exchange-majority added to live/vendorAWalletScreening/TRANSACTION outside the files (live revision 18); pushing the files would drop it\n",
    );
    // The plan leads with the weakenings grouped by cause, each a headline in words, what its screenings share, then its transitions (docs/semantics.md, "Causes and regions of a weakening").
    expect(out).toMatch(/3\. screenpol plan: what a push would change, diffed against the live revisions\nscreenpol plan: sandbox \(sandbox\), live \(live\)\n\nWeakenings \(a screening decided less strictly once pushed than live now\):\n/);
    expect(out).toContain("\n  sandbox/vendorAWalletScreening/TRANSACTION: minAmountUsd raised from 100 to 250: transfers of at least 100 and under 250 USD are no longer screened\n    where amountUsd in [100, 250) USD, chain EVM or SOL, token one of 4 preScreen lists, address other than the 3 an entry names\n");
    expect(out).toContain("\n    BLOCK (block-severe-risk-score) -> not screened: amountUsd below minAmountUsd 250 (e.g. chain EVM, amountUsd = 100, ");
    expect(out).toContain(
      "\n  sandbox/vendorBAddressScreening/TRANSACTION: address entry 0x150D480DBA5Fb064079c600B397f22a1445b4dF5 on EVM (ALLOW, ALL, no expiry) added: it exempts it from every TRANSACTION rule; the sanctions floor still applies\n    where amountUsd >= 250 USD or unknown, token one of 4 preScreen lists, address 0x150D480DBA5Fb064079c600B397f22a1445b4dF5 on EVM\n",
    );
    expect(out).toContain("\n    BLOCK (block-severe-risk-level) -> allowed by the address entry (e.g. address 0x150D480DBA5Fb064079c600B397f22a1445b4dF5 on EVM, riskLevel = severe)\n");
    const dropped = "  live/vendorAWalletScreening/TRANSACTION: rule block-no-kyc-exchange-majority removed (it decided BLOCK when exposure no_kyc_exchange direct >= 50%)\n";
    expect(out).toContain(`\n${dropped}`);
    expect(out).toContain("\n    BLOCK (block-no-kyc-exchange-majority) -> ALERT (alert-no-kyc-exchange), when riskScore < 6 or none, ");
    expect(out.indexOf(dropped)).toBeLessThan(out.indexOf("---"));
    expect(out).toContain("~ update    live/vendorAWalletScreening/TRANSACTION      live revision 18\n");
    expect(out).toContain("    weakening check: mixed (2 weakening transitions, listed above)\n");
    expect(out).toContain("Plan: 3 to create, 4 to update, 2 affected by address entries, 3 unchanged, 0 live-only.");
    expect(out).toContain(
      [
        "4. screenpol push: a weakening of the `live` environment is refused",
        "screenpol: policy-weakened: live/vendorAWalletScreening/TRANSACTION (mixed)",
        "  rule block-no-kyc-exchange-majority removed (it decided BLOCK when exposure no_kyc_exchange direct >= 50%)",
        "    where exposure no_kyc_exchange direct >= 50%, ",
      ].join("\n"),
    );
    expect(out).toContain(
      [
        " (e.g. exposure no_kyc_exchange direct = 50%)",
        "Refused without --allow-weakening: nothing was pushed (exit 1).",
        "",
        "5. screenpol push --allow-weakening: each change sent with the revision it was planned against",
        "The `live` environment needs a confirmation",
      ].join("\n"),
    );
    expect(out).toContain("the demo confirms it itself");
    expect(out).toContain("pushed     live/vendorAWalletScreening/TRANSACTION      revision 18 -> 19\n");
    expect(out).toContain("Summary: 7 pushed, 5 unchanged, 0 conflicted, 0 failed.");
    expect(out).toContain("Plan: 0 to create, 0 to update, 12 unchanged, 0 live-only. No changes");
    for (const grant of SEED_TOKENS) expect(out).not.toContain(grant.token);
    // The steps come in order.
    const steps = ["1. screenpol lint", "2. screenpol test", "3. screenpol plan", "4. screenpol push", "5. screenpol push --allow-weakening", "6. screenpol plan"].map((step) => out.indexOf(step));
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps.every((index) => index >= 0)).toBe(true);
  });

  it("runs on the sample repository from a folder that is not a policy repository, and writes nothing there", { timeout: 60_000 }, async () => {
    const empty = makeTempRepo({ samples: false });
    try {
      const run = await runCli(["demo"], { cwd: empty.dir, timeoutMs: 60_000 });
      expect(run.code).toBe(0);
      // The package's own sample repository: the package root of this run's build (its policies/ link to the checkout's).
      expect(run.stdout).toContain(`repository: ${BUILD_ROOT}`);
      expect(run.stdout).toContain("Summary: 7 pushed");
    } finally {
      empty.remove();
    }
  });
});
