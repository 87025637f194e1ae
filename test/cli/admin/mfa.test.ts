/** `screenpol mfa reset` against the emulator: --yes, refusal off a terminal, the question on one, sanctions_blocked. */
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../../src/cli/main.js";
import type { CliIo } from "../../../src/cli/io.js";
import { ALL_SCOPES_TOKEN, lines, SEED_IDS, startAdminHarness, type AdminHarness } from "./harness.js";

let harness: AdminHarness;
beforeAll(async () => {
  harness = await startAdminHarness();
});
afterAll(() => harness.close());

/** The sandbox users with MFA devices, in seed order, skipping the blocked one. */
function usersWithDevices(): string[] {
  return harness.emulator.store.state.users
    .filter((user) => user.record.projectEnvironmentId === SEED_IDS.sandboxEnvironment && !user._sanctionsBlocked && user._mfaDeviceCount > 0)
    .map((user) => user.record.id);
}

function deviceCount(userId: string): number | undefined {
  return harness.emulator.store.state.users.find((user) => user.record.id === userId)?._mfaDeviceCount;
}

describe("screenpol mfa reset", () => {
  it("resets every MFA device with --yes (exit 0)", async () => {
    const userId = usersWithDevices()[0]!;
    const run = await harness.run(["mfa", "reset", userId, "--yes"]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(`✔ all MFA devices of user ${userId} were reset\n`);
    expect(run.code).toBe(0);
    expect(deviceCount(userId)).toBe(0);
  });

  it("refuses without --yes off a terminal: exit 2, nothing sent", async () => {
    const userId = usersWithDevices()[0]!;
    const before = harness.requests();
    // Even a "y" on a piped stdin does not count: nobody saw a question.
    const run = await harness.run(["mfa", "reset", userId], { input: "y\n" });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe("screenpol: refusing to reset MFA without --yes in a non-interactive session\n");
    expect(harness.requests()).toBe(before);
    expect(deviceCount(userId)).toBeGreaterThan(0);
  });

  it("says sanctions_blocked in one line (exit 4)", async () => {
    const run = await harness.run(["mfa", "reset", SEED_IDS.sanctionsBlockedUser, "--yes"]);
    expect(run.code).toBe(4);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `screenpol: MFA of user ${SEED_IDS.sanctionsBlockedUser} was not reset: blocked by the service's sanctions screening (403 sanctions_blocked)\n`,
    );
  });

  it("refuses a user id that is not a UUID (exit 2)", async () => {
    const run = await harness.run(["mfa", "reset", "3F0C2A9E-8B1D-4C7A-9E2F-5A6B7C8D9E01", "--yes"]);
    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toEqual([
      'screenpol: userId "3F0C2A9E-8B1D-4C7A-9E2F-5A6B7C8D9E01" (36 characters, has uppercase letters) is not a UUID (36 characters, lowercase hex 8-4-4-4-12)',
    ]);
  });

  describe("on a terminal (in process, stdin marked as a TTY)", () => {
    it("asks, and a no leaves the devices alone (exit 2)", async () => {
      const userId = usersWithDevices()[0]!;
      const before = harness.requests();
      const { io, stdout, stderr } = terminalIo("n\n");
      const code = await main(["mfa", "reset", userId, "--base-url", harness.running.baseUrl], io);
      expect(stderr()).toBe(`Reset all MFA devices of user ${userId}? [y/N] screenpol: cancelled; no MFA device was reset\n`);
      expect(stdout()).toBe("");
      expect(code).toBe(2);
      expect(harness.requests()).toBe(before);
      expect(deviceCount(userId)).toBeGreaterThan(0);
    });

    it("asks, and a yes resets (exit 0)", async () => {
      const userId = usersWithDevices()[0]!;
      const { io, stdout, stderr } = terminalIo("yes\n");
      const code = await main(["mfa", "reset", userId, "--base-url", harness.running.baseUrl], io);
      expect(stderr()).toBe(`Reset all MFA devices of user ${userId}? [y/N] `);
      expect(stdout()).toBe(`✔ all MFA devices of user ${userId} were reset\n`);
      expect(code).toBe(0);
      expect(deviceCount(userId)).toBe(0);
    });
  });
});

/** An io whose stdin claims to be a terminal and holds `answer`. */
function terminalIo(answer: string): { io: CliIo; stdout(): string; stderr(): string } {
  let out = "";
  let err = "";
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  stdin.end(answer);
  const io: CliIo = {
    stdout: { write: (chunk: string) => (out += chunk) },
    stderr: { write: (chunk: string) => (err += chunk) },
    stdin,
    env: { SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN },
    cwd: harness.repo.dir,
    waitForInterrupt: () => new Promise(() => undefined),
  };
  return { io, stdout: () => out, stderr: () => err };
}
