/**
 * The OS keyring for real: a Secret Service (gnome-keyring, unlocked with a
 * test password) on a D-Bus session bus of the test's own (dbus-run-session),
 * with a HOME of its own, so the user's keyring is never touched. login,
 * auth status and logout run inside that session with
 * SCREENPOL_CREDENTIAL_STORE=keyring; the login must land in the keyring, one
 * entry per base URL, and never in a file. Skipped, loudly, where
 * dbus-run-session or gnome-keyring-daemon is not installed (.ci/run installs
 * them).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, TEST_POLL_INTERVAL_SECONDS, type Harness } from "../emulator/helpers.js";
import { BIN } from "../helpers/run-cli.js";
import { announceSkip, findExecutable } from "../integrations/support/git.js";

const DBUS = findExecutable("dbus-run-session");
const KEYRING_DAEMON = findExecutable("gnome-keyring-daemon");
const SECRET_TOOL = findExecutable("secret-tool");
if (!DBUS || !KEYRING_DAEMON) {
  announceSkip(
    "the OS keyring through a real Secret Service (test/workspace/os-keyring.test.ts)",
    "dbus-run-session or gnome-keyring-daemon is not on PATH, so no Secret Service can be started here.",
    "Install them with `apt-get install -y dbus-daemon gnome-keyring libsecret-tools` (.ci/run does this) and run the suite again.",
  );
}

describe.skipIf(!DBUS || !KEYRING_DAEMON)("the login in a Secret Service keyring", () => {
  let harness: Harness;
  let dir: string;
  const outputs: Record<string, { code: number; stdout: string; stderr: string }> = {};
  let secretToolAfterLogin = "";
  let secretToolAfterLogout = "";

  beforeAll(async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    dir = mkdtempSync(join(tmpdir(), "screenpol-keyring-"));
    const steps = [
      ["login", `login --base-url ${harness.running.baseUrl} --scopes environment.settings.read`],
      ["status", `auth status --base-url ${harness.running.baseUrl} --format json`],
      ["other", `auth status --base-url http://127.0.0.1:1/api/v0 --format json`],
      ["logout", `logout --base-url ${harness.running.baseUrl}`],
      ["after", `auth status --base-url ${harness.running.baseUrl}`],
    ];
    const node = JSON.stringify(process.execPath);
    const lookup = SECRET_TOOL ? `${SECRET_TOOL} search --all service screenpol` : "true";
    const script = [
      "set -u",
      // Unlocked with a throwaway password; it prints the variables that point clients at it.
      'eval "$(printf test-password | gnome-keyring-daemon --unlock --components=secrets --daemonize)" >/dev/null',
      ...steps.flatMap(([name, args], index) => [
        `${node} ${JSON.stringify(BIN)} ${args} > ${name}.out 2> ${name}.err; echo $? > ${name}.rc`,
        ...(index === 0 ? [`${lookup} > lookup-login.txt 2>&1`] : index === 3 ? [`${lookup} > lookup-logout.txt 2>&1`] : []),
      ]),
    ].join("\n");
    writeFileSync(join(dir, "run.sh"), script);
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, "data"), XDG_CONFIG_HOME: join(dir, "config"), XDG_RUNTIME_DIR: dir, SCREENPOL_CREDENTIAL_STORE: "keyring" };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.SCREENPOL_API_TOKEN;
    // Asynchronously: the emulator answering the logins runs in this process.
    await new Promise<void>((resolve, reject) => {
      const child = spawn(DBUS!, ["--", "sh", join(dir, "run.sh")], { cwd: dir, env, stdio: "ignore" });
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      child.on("error", reject);
      child.on("close", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    for (const [name] of steps) {
      const read = (suffix: string) => (existsSync(join(dir, `${name}.${suffix}`)) ? readFileSync(join(dir, `${name}.${suffix}`), "utf8") : "");
      outputs[name!] = { code: Number(read("rc").trim()), stdout: read("out"), stderr: read("err") };
    }
    secretToolAfterLogin = existsSync(join(dir, "lookup-login.txt")) ? readFileSync(join(dir, "lookup-login.txt"), "utf8") : "";
    secretToolAfterLogout = existsSync(join(dir, "lookup-logout.txt")) ? readFileSync(join(dir, "lookup-logout.txt"), "utf8") : "";
  }, 90_000);
  afterAll(async () => {
    await harness?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("login keeps the login in the OS keyring, not in a file, with no warning", () => {
    expect(outputs.login!.code, outputs.login!.stderr).toBe(0);
    expect(outputs.login!.stdout).toContain("  kept in  the OS keyring\n");
    expect(outputs.login!.stderr).not.toContain("warning");
    expect(existsSync(join(dir, "config", "screenpol", "credentials.json"))).toBe(false);
  });

  it("the keyring holds one entry, service screenpol, account the base URL", () => {
    if (!SECRET_TOOL) return;
    expect(secretToolAfterLogin).toContain("attribute.service = screenpol");
    expect(secretToolAfterLogin).toContain(`= ${harness.running.baseUrl}`);
    expect(secretToolAfterLogout).not.toContain("attribute.service = screenpol");
  });

  it("auth status reads it back from the keyring; another base URL has none", () => {
    expect(outputs.status!.code).toBe(0);
    expect(JSON.parse(outputs.status!.stdout)).toMatchObject({ source: "login", storedIn: "the OS keyring", scopes: ["environment.settings.read"] });
    expect(outputs.other!.code).toBe(2);
    expect(JSON.parse(outputs.other!.stdout)).toMatchObject({ source: "none" });
  });

  it("logout revokes and removes the entry", () => {
    expect(outputs.logout!.code).toBe(0);
    expect(outputs.logout!.stdout).toContain("the token is revoked and the stored login deleted");
    expect(outputs.after!.code).toBe(2);
  });
});
