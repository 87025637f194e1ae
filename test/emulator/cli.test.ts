/** `screenpol emulator` as a user runs it: a real process, printed facts, served requests, a clean stop. */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SEED_IDS } from "../../src/emulator/index.js";
import { createClient } from "../../src/remote/index.js";
import { startEmulatorProcess } from "../../bench/emulator-load.js";
import { BIN, BUILD_ROOT, PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { tempDir } from "./helpers.js";

let temp: ReturnType<typeof tempDir>;
beforeEach(() => {
  temp = tempDir();
});
afterEach(() => temp.remove());

interface Facts {
  baseUrl: string;
  adminUrl: string;
  port: number;
  state: string | null;
  seeded: boolean;
  tokens: Array<{ token: string; scopes: string[]; label: string }>;
  environments: Array<{ name: string; id: string; kind: string }>;
}

describe("screenpol emulator", () => {
  it("prints one JSON line with the base URL and tokens, serves the client, and stops on SIGTERM", async () => {
    const statePath = join(temp.dir, "state.json");
    const emulator = await startEmulatorProcess({
      root: BUILD_ROOT,
      statePath,
      extraArgs: ["--catalog-size", "200", "--token", "dyn_cli_test_token_0123456789=users.read", "--fault", "GET /environments/{environmentId}=503x1"],
    });
    try {
      const facts = emulator.facts as Facts;
      expect(facts.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v0$/);
      expect(facts.port).toBeGreaterThan(0);
      expect(facts.state).toBe(statePath);
      expect(facts.seeded).toBe(true);
      expect(facts.tokens.map((token) => token.scopes.length)).toEqual([6, 1, 1]);
      expect(facts.tokens[1]!.scopes).toEqual(["environment.settings.read"]);
      expect(facts.environments.map((environment) => environment.name)).toEqual(["sandbox", "live"]);
      // Its start-up time is measured by `npm run bench` (bench/emulator-load.js), not bounded here.

      const client = createClient({ baseUrl: facts.baseUrl, token: facts.tokens[0]!.token, retry: { maxAttempts: 3, sleep: async () => undefined } });
      try {
        // The injected 503 is retried away.
        await expect(client.getEnvironment(SEED_IDS.liveEnvironment)).resolves.toMatchObject({ id: SEED_IDS.liveEnvironment, settings: { environmentName: "live" } });
        const page = await client.getTokenCatalogPage({ limit: 100 });
        expect(page.status === 200 && page.page.nextCursor).toEqual(expect.any(String));
        const live = await client.getScreeningPolicy(SEED_IDS.sandboxEnvironment, "vendorAWalletScreening", "SIGN_IN");
        await client.putScreeningPolicy(SEED_IDS.sandboxEnvironment, "vendorAWalletScreening", "SIGN_IN", { ...live, enabled: false });
      } finally {
        await client.close();
      }
      const extra = createClient({ baseUrl: facts.baseUrl, token: "dyn_cli_test_token_0123456789" });
      try {
        await expect(extra.listUsers(SEED_IDS.sandboxEnvironment, { limit: 1 })).resolves.toMatchObject({ count: 37 });
      } finally {
        await extra.close();
      }
      expect(await emulator.stop()).toEqual({ code: 0, signal: null });
    } finally {
      await emulator.stop();
    }
    // Started again on the same file: loaded, with the write.
    const again = await startEmulatorProcess({ root: BUILD_ROOT, statePath });
    try {
      expect((again.facts as Facts).seeded).toBe(false);
      const client = createClient({ baseUrl: (again.facts as Facts).baseUrl, token: (again.facts as Facts).tokens[1]!.token });
      await expect(client.getScreeningPolicy(SEED_IDS.sandboxEnvironment, "vendorAWalletScreening", "SIGN_IN")).resolves.toMatchObject({ enabled: false });
      await client.close();
    } finally {
      await again.stop();
    }
  });

  it("--approve-device-codes: screenpol login completes with no browser, at the --device-poll-interval", async () => {
    const emulator = await startEmulatorProcess({ root: BUILD_ROOT, statePath: join(temp.dir, "state.json"), extraArgs: ["--approve-device-codes", "--device-poll-interval", "1"] });
    try {
      const facts = emulator.facts as Facts & { approvalUrl: string; approveDeviceCodes: boolean };
      expect(facts).toMatchObject({ approvalUrl: facts.baseUrl.replace("/api/v0", "/device"), approveDeviceCodes: true });
      const env = { XDG_CONFIG_HOME: join(temp.dir, "config"), SCREENPOL_CREDENTIAL_STORE: "file" };
      const login = await runCli(["login", "--base-url", facts.baseUrl], { cwd: temp.dir, env });
      expect(login.code, login.stderr).toBe(0);
      expect(login.stdout).toContain("Signed in to ");
      const status = await runCli(["auth", "status", "--base-url", facts.baseUrl, "--format", "json"], { cwd: temp.dir, env });
      expect(JSON.parse(status.stdout)).toMatchObject({ source: "login", expired: false });
    } finally {
      await emulator.stop();
    }
  });

  it("prints the base URL and the tokens one per line without --json, and stops on SIGINT", async () => {
    const child = spawn(process.execPath, [BIN, "emulator", "--port", "0", "--in-memory"], { cwd: temp.dir, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start-up lines: ${stderr}`)), 10_000);
      void exited.then((code) => reject(new Error(`exited (${code}) before printing its start-up lines: ${stderr}`)));
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        if (stdout.includes("Ctrl-C")) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^base URL  http:\/\/127\.0\.0\.1:\d+\/api\/v0$/);
    expect(lines.filter((line) => line.startsWith("token "))).toHaveLength(2);
    expect(lines).toContainEqual(expect.stringMatching(/^sign-in   http:\/\/127\.0\.0\.1:\d+\/device  \(screenpol login's approval page\)$/));
    expect(stdout).toContain("in memory only");
    expect(stderr).toContain("stopped");
  });

  it("refuses a non-loopback host, a corrupt state file and bad flags with one line and exit 2", async () => {
    const host = await runCli(["emulator", "--host", "0.0.0.0", "--in-memory"], { cwd: temp.dir });
    expect(host.code).toBe(2);
    expect(host.stderr).toMatch(/^screenpol: refusing to listen on 0\.0\.0\.0/);
    const corrupt = join(temp.dir, "corrupt.json");
    writeFileSync(corrupt, '{"format": "screenpol-emulator-state", "version": 1, "organiz');
    const state = await runCli(["emulator", "--state", corrupt, "--port", "0"], { cwd: temp.dir });
    expect(state.code).toBe(2);
    expect(state.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(state.stderr).toContain("is not a valid emulator state");
    for (const args of [["--port", "70000"], ["--token", "abc=admin"], ["--fault", "GET /nowhere=503"], ["--catalog-size", "many"]]) {
      const run = await runCli(["emulator", "--in-memory", ...args], { cwd: PROJECT_ROOT });
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr.trimEnd().split("\n"), args.join(" ")).toHaveLength(1);
    }
  });
});
