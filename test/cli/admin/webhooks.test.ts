/** `screenpol webhooks push` against the emulator: lint first, one line per webhook, the live guard. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../../src/cli/main.js";
import type { CliIo } from "../../../src/cli/io.js";
import { ALL_SCOPES_TOKEN, lines, SEED_IDS, startAdminHarness, type AdminHarness } from "./harness.js";

let harness: AdminHarness;
let sandboxFile: string;
beforeAll(async () => {
  harness = await startAdminHarness();
  sandboxFile = readFileSync(join(harness.repo.dir, "webhooks/sandbox.yaml"), "utf8");
});
afterAll(() => harness.close());

function storedWebhook(id: string): { url: string; isEnabled: boolean; events: string[]; secret: string } {
  const webhook = harness.emulator.store.state.webhooks.find((candidate) => candidate.webhookId === id);
  if (!webhook) throw new Error(`no webhook ${id}`);
  return webhook;
}

/** The sample sandbox file with the URL, the enabled flag and the events changed. */
function changedSandboxFile(url: string, events: string): string {
  return sandboxFile
    .replace("url: https://hooks.example.com/screening/sandbox", `url: ${url}`)
    .replace(/events:\n(?: {6}- .*\n)+/, `events: ${events}\n`)
    .replace("isEnabled: true", "isEnabled: false");
}

describe("screenpol webhooks push", () => {
  it("updates each webhook of the file and prints one line per webhook, never the secret (exit 0)", async () => {
    harness.repo.write("webhooks/sandbox.yaml", changedSandboxFile("https://hooks.example.com/screening/sandbox-v2", "[screening.blocked, user.created]"));
    const run = await harness.run(["webhooks", "push", "--env", "sandbox"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(lines(run.stdout)).toEqual([
      `✔ ${SEED_IDS.sandboxWebhook} updated: https://hooks.example.com/screening/sandbox-v2, disabled, events screening.blocked, user.created`,
    ]);
    const stored = storedWebhook(SEED_IDS.sandboxWebhook);
    expect(stored).toMatchObject({ url: "https://hooks.example.com/screening/sandbox-v2", isEnabled: false, events: ["screening.blocked", "user.created"] });
    expect(run.stdout).not.toContain(stored.secret);
  });

  it("shows what it would send with --dry-run, and sends nothing (exit 0)", async () => {
    harness.repo.write("webhooks/sandbox.yaml", changedSandboxFile("https://hooks.example.com/dry-run", "[wallet.linked]"));
    const before = harness.requests();
    const run = await harness.run(["webhooks", "push", "--env", "sandbox", "--dry-run"]);
    expect(run.code).toBe(0);
    expect(lines(run.stdout)).toEqual([
      `would update ${SEED_IDS.sandboxWebhook}: https://hooks.example.com/dry-run, disabled, events wallet.linked`,
      "dry run: 1 webhook of sandbox checked; nothing was sent",
    ]);
    expect(harness.requests()).toBe(before);
    expect(storedWebhook(SEED_IDS.sandboxWebhook).url).toBe("https://hooks.example.com/screening/sandbox-v2");
  });

  it("prints the findings and sends nothing when the file does not lint clean (exit 1)", async () => {
    harness.repo.write("webhooks/sandbox.yaml", changedSandboxFile("http://hooks.example.com/plain", "[screening.blocked, User.Created]"));
    const before = harness.requests();
    const run = await harness.run(["webhooks", "push", "--env", "sandbox"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/webhooks\/sandbox\.yaml:\d+:\d+ +error +.*webhook-url/);
    expect(run.stdout).toMatch(/webhooks\/sandbox\.yaml:\d+:\d+ +error +.*User\.Created.*webhook-event/);
    expect(run.stderr).toBe("screenpol: webhooks/sandbox.yaml has errors; nothing was sent\n");
    expect(harness.requests()).toBe(before);
    expect(storedWebhook(SEED_IDS.sandboxWebhook).url).toBe("https://hooks.example.com/screening/sandbox-v2");
  });

  it("refuses a live environment without --yes off a terminal: exit 2, nothing sent", async () => {
    const before = harness.requests();
    const run = await harness.run(["webhooks", "push", "--env", "live"], { input: "y\n" });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe('screenpol: refusing to push webhooks to the live environment "live" without --yes in a non-interactive session\n');
    expect(harness.requests()).toBe(before);
  });

  it("pushes a live environment with --yes (exit 0)", async () => {
    const run = await harness.run(["webhooks", "push", "--env", "live", "--yes"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(lines(run.stdout)).toEqual([
      `✔ ${SEED_IDS.liveWebhook} updated: https://hooks.example.com/screening, enabled, events screening.blocked, screening.alerted, user.created, wallet.linked`,
      `✔ ${SEED_IDS.liveSnsWebhook} updated: arn:aws:sns:eu-west-1:123456789012:screening-alerts, enabled, events screening.blocked`,
    ]);
  });

  it("asks on a terminal before pushing a live environment; no sends nothing (exit 2)", async () => {
    harness.repo.write("webhooks/live.yaml", readFileSync(join(harness.repo.dir, "webhooks/live.yaml"), "utf8").replace("isEnabled: true", "isEnabled: false"));
    const before = harness.requests();
    let err = "";
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    stdin.end("n\n");
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: { write: (chunk: string) => (err += chunk) },
      stdin,
      env: { SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN },
      cwd: harness.repo.dir,
      waitForInterrupt: () => new Promise(() => undefined),
    };
    const code = await main(["webhooks", "push", "--env", "live", "--base-url", harness.running.baseUrl], io);
    expect(err).toBe(
      `Update 2 webhooks of the LIVE environment "live" (${SEED_IDS.liveEnvironment})? [y/N] screenpol: cancelled; no webhook was updated\n`,
    );
    expect(code).toBe(2);
    expect(harness.requests()).toBe(before);
    expect(storedWebhook(SEED_IDS.liveWebhook).isEnabled).toBe(true);
  });

  it("stops at the first webhook the service refuses, saying what was and was not sent (exit 4)", async () => {
    const unknownWebhook = "00000000-0000-4000-8000-000000000000";
    harness.repo.write(
      "webhooks/sandbox.yaml",
      [
        "webhooks:",
        `  - webhookId: ${unknownWebhook}`,
        "    url: https://hooks.example.com/nowhere",
        "    events: [user.created]",
        "    isEnabled: true",
        `  - webhookId: ${SEED_IDS.sandboxWebhook}`,
        "    url: https://hooks.example.com/never-sent",
        "    events: [user.created]",
        "    isEnabled: true",
        "",
      ].join("\n"),
    );
    const run = await harness.run(["webhooks", "push", "--env", "sandbox"]);
    expect(run.code).toBe(4);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toEqual([
      `screenpol: webhook ${unknownWebhook}: PUT webhook ${unknownWebhook} of environment ${SEED_IDS.sandboxEnvironment}: 404 Not Found [not_found] (the identifier is wrong or belongs to another project) (0 updated before it, 1 not sent)`,
    ]);
    expect(storedWebhook(SEED_IDS.sandboxWebhook).url).toBe("https://hooks.example.com/screening/sandbox-v2");
  });

  it("says there is no webhook file for an environment without one (exit 2)", async () => {
    harness.repo.write(
      "screenpol.config.yaml",
      readFileSync(join(harness.repo.dir, "screenpol.config.yaml"), "utf8").replace(
        "environments:\n",
        "environments:\n  staging:\n    id: 3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e02\n    kind: sandbox\n",
      ),
    );
    const run = await harness.run(["webhooks", "push", "--env", "staging"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('screenpol: no webhook file webhooks/staging.yaml for environment "staging"; nothing to push\n');
  });
});
