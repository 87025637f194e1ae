/** `screenpol doctor` against the emulator: one line per environment for 200, 401, 403, 404 and no connection. */
import { createServer } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempRepo, type TempRepo } from "../../helpers/temp-repo.js";
import { lines, REVOKED_TOKEN, SEED_IDS, startAdminHarness, USERS_ONLY_TOKEN, type AdminHarness } from "./harness.js";

const SANDBOX = SEED_IDS.sandboxEnvironment;
const LIVE = SEED_IDS.liveEnvironment;
/** Well-formed, but no environment of any project. */
const UNKNOWN_ENVIRONMENT = "0f0f0f0f-1e1e-4d4d-8c8c-2b2b2b2b2b2b";

let harness: AdminHarness;
beforeAll(async () => {
  harness = await startAdminHarness();
});
afterAll(() => harness.close());

describe("screenpol doctor", () => {
  it("says what the read verified for every environment of the config, and that write access could not be (exit 0)", async () => {
    const run = await harness.run(["doctor"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const output = lines(run.stdout);
    expect(output).toHaveLength(2);
    expect(output[0]).toMatch(new RegExp(`^✔ sandbox \\(${SANDBOX}\\): token accepted, environment found and readable; could not verify write access \\(push needs it\\)`));
    expect(output[1]).toMatch(new RegExp(`^✔ live \\(${LIVE}\\): token accepted, environment found and readable; could not verify write access \\(push needs it\\)`));
  });

  it("checks only the environments named with --env", async () => {
    const run = await harness.run(["doctor", "--env", "live"]);
    expect(run.code).toBe(0);
    expect(lines(run.stdout)).toEqual([expect.stringMatching(/^✔ live /)]);
  });

  it("refuses to start without a token or a stored login: exit 2, no request", async () => {
    const before = harness.requests();
    const run = await harness.run(["doctor"], { token: null });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^screenpol: no credential for http:\/\/127\.0\.0\.1:\d+\/api\/v0: run `screenpol login`, or set SCREENPOL_API_TOKEN \(or pass --token-file\) in CI\n$/);
    expect(harness.requests()).toBe(before);
  });

  it("refuses an environment the config does not declare: exit 2, no request", async () => {
    const before = harness.requests();
    const run = await harness.run(["doctor", "--env", "staging"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('screenpol: environment "staging" is not declared in screenpol.config.yaml (declared: sandbox, live)\n');
    expect(harness.requests()).toBe(before);
  });

  it("says 401 and where the token comes from, one line per environment (exit 4)", async () => {
    const run = await harness.run(["doctor"], { token: REVOKED_TOKEN });
    expect(run.code).toBe(4);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toEqual([
      `screenpol: ✖ sandbox (${SANDBOX}): 401 Unauthorized: the API token is missing, malformed, invalid or revoked; check SCREENPOL_API_TOKEN`,
      `screenpol: ✖ live (${LIVE}): 401 Unauthorized: the API token is missing, malformed, invalid or revoked; check SCREENPOL_API_TOKEN`,
    ]);
  });

  it("names the token file, not its content, when the token came from --token-file", async () => {
    const folder = mkdtempSync(join(tmpdir(), "screenpol-token-"));
    try {
      const tokenFile = join(folder, "token");
      writeFileSync(tokenFile, `${REVOKED_TOKEN}\n`);
      const run = await harness.run(["doctor", "--env", "sandbox", "--token-file", tokenFile], { token: null });
      expect(run.code).toBe(4);
      expect(lines(run.stderr)).toEqual([
        `screenpol: ✖ sandbox (${SANDBOX}): 401 Unauthorized: the API token is missing, malformed, invalid or revoked; check the token file ${tokenFile} (--token-file)`,
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("says 403 for a valid token without the scope (exit 4)", async () => {
    const run = await harness.run(["doctor", "--env", "sandbox"], { token: USERS_ONLY_TOKEN });
    expect(run.code).toBe(4);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toEqual([
      `screenpol: ✖ sandbox (${SANDBOX}): 403 Access Forbidden: the API token is valid but lacks the scope environment.settings.read; check SCREENPOL_API_TOKEN, or use a token granted it`,
    ]);
  });

  describe("with a config naming a foreign and an unknown environment", () => {
    let repo: TempRepo;
    beforeAll(() => {
      repo = makeTempRepo({ samples: false });
      repo.write(
        "screenpol.config.yaml",
        [
          "environments:",
          "  sandbox:",
          `    id: ${SANDBOX}`,
          "    kind: sandbox",
          "  partner:",
          `    id: ${SEED_IDS.foreignEnvironment}`,
          "    kind: sandbox",
          "  ghost:",
          `    id: ${UNKNOWN_ENVIRONMENT}`,
          "    kind: live",
          "",
        ].join("\n"),
      );
    });
    afterAll(() => repo.remove());

    it("says 404 naming the id and the config file, and still passes the right one (exit 4)", async () => {
      const run = await harness.run(["doctor"], { cwd: repo.dir });
      expect(run.code).toBe(4);
      expect(lines(run.stdout)).toEqual([expect.stringMatching(/^✔ sandbox /)]);
      expect(lines(run.stderr)).toEqual([
        `screenpol: ✖ partner (${SEED_IDS.foreignEnvironment}): 404 Not Found [not_found]: environment id ${SEED_IDS.foreignEnvironment} is wrong or belongs to another project; check environments.partner.id in screenpol.config.yaml`,
        `screenpol: ✖ ghost (${UNKNOWN_ENVIRONMENT}): 404 Not Found [not_found]: environment id ${UNKNOWN_ENVIRONMENT} is wrong or belongs to another project; check environments.ghost.id in screenpol.config.yaml`,
      ]);
    });
  });

  it("says when nothing listens at the base URL, and suggests the emulator (exit 4)", async () => {
    const port = await closedPort();
    const baseUrl = `http://127.0.0.1:${port}/api/v0`;
    const run = await harness.run(["doctor", "--env", "sandbox"], { baseUrl });
    expect(run.code).toBe(4);
    expect(lines(run.stderr)).toEqual([
      `screenpol: ✖ sandbox (${SANDBOX}): cannot reach ${baseUrl} (connection refused): is \`screenpol emulator\` running?`,
    ]);
  });

  it("refuses plain http to a non-loopback host before any request (exit 2)", async () => {
    const run = await harness.run(["doctor"], { baseUrl: "http://screening.example.com/api/v0" });
    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toMatch(/^screenpol: refusing plain http to screening\.example\.com/);
  });
});

/** A loopback port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
