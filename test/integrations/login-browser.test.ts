/**
 * The approval page in a real browser: headless Chromium (Debian's `chromium`,
 * which .ci/run installs) driven by playwright-core through `executablePath`.
 * `screenpol login --no-browser` prints the address and the code; the browser
 * opens the address, types the code, approves or denies; the login ends as a
 * user would see it. Skipped, loudly, only where Chromium is not installed.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHarness, TEST_POLL_INTERVAL_SECONDS, type Harness } from "../emulator/helpers.js";
import { startLoginProcess } from "../helpers/login-session.js";
import { runCli } from "../helpers/run-cli.js";
import { announceSkip, findExecutable } from "./support/git.js";

const CHROMIUM = findExecutable("chromium");
if (!CHROMIUM) {
  announceSkip(
    "login in a real browser (test/integrations/login-browser.test.ts)",
    "the `chromium` executable is not on PATH, so the approval page cannot be driven in a browser here.",
    "Install it with `apt-get install -y chromium` (.ci/run does this) and run the suite again.",
  );
}

describe.skipIf(!CHROMIUM)("screenpol login, approved or denied in headless Chromium", () => {
  let browser: Browser;
  let harness: Harness;
  let dir: string;

  beforeAll(async () => {
    // The flags of a closed network: no background requests that would be refused or looked up. Playwright gives
    // the browser a new empty profile of its own and removes it on close.
    browser = await chromium.launch({
      executablePath: CHROMIUM!,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      timeout: 30_000,
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await harness?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function begin() {
    harness = await startHarness({ deviceLogin: { pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    dir = mkdtempSync(join(tmpdir(), "screenpol-login-browser-"));
    const env = { XDG_CONFIG_HOME: join(dir, "config"), SCREENPOL_CREDENTIAL_STORE: "file" };
    const session = startLoginProcess(["--no-browser", "--base-url", harness.running.baseUrl, "--scopes", "environment.settings.read,environment.settings.write"], { cwd: dir, env });
    const codes = await session.codes;
    const page = await browser.newPage();
    // Typed, as a person copying it from the terminal would: the plain address, then the code.
    await page.goto(codes.verificationUri);
    await page.getByLabel("Enter the code your terminal shows").fill(codes.userCode.toLowerCase());
    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => page.locator("#confirm-code").textContent()).toBe(codes.userCode);
    expect(await page.locator("#scopes li").allTextContents()).toEqual(["environment.settings.read", "environment.settings.write"]);
    return { session, page, env };
  }

  it("approve: the login completes, auth status shows it, the page lists the authorized client and can revoke it", async () => {
    const { session, page, env } = await begin();
    await page.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => page.locator("#notice").textContent()).toContain("Approved.");
    const run = await session.exited;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("as compliance.lead@demo.example (Casey Compliance).");
    const status = await runCli(["auth", "status", "--base-url", harness.running.baseUrl, "--format", "json"], { cwd: dir, env });
    expect(JSON.parse(status.stdout)).toMatchObject({ source: "login", scopes: ["environment.settings.read", "environment.settings.write"] });

    const token = (JSON.parse(readFileSync(join(dir, "config", "screenpol", "credentials.json"), "utf8")) as { logins: Record<string, { accessToken: string }> }).logins[harness.running.baseUrl]!.accessToken;
    await page.goto(new URL("/device", harness.running.baseUrl).href);
    const row = page.locator("#authorized-clients tbody tr");
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole("button", { name: "Revoke" }).click();
    await expect.poll(() => page.locator("#notice").textContent()).toContain("Revoked");
    expect((await harness.raw("GET", "/authorizedClients", { token })).status).toBe(401);
    await page.close();
  });

  it("deny: login ends with access_denied, exit 4 and one clear line; nothing is stored", async () => {
    const { session, page, env } = await begin();
    await page.getByRole("button", { name: "Deny" }).click();
    await expect.poll(() => page.locator("#notice").textContent()).toContain("Denied.");
    const run = await session.exited;
    expect(run.code).toBe(4);
    expect(run.stderr.split("\n").filter((line) => line.startsWith("screenpol:"))).toEqual(["screenpol: POST token: the sign-in was denied on the approval page, or the service granted none of the scopes asked for [access_denied]"]);
    const status = await runCli(["auth", "status", "--base-url", harness.running.baseUrl], { cwd: dir, env });
    expect(status.code).toBe(2);
    await page.close();
  });
});
