/**
 * Redaction at every sink (docs/decisions.md): a hostile server answers every
 * route of admin-api.md (and the designed edit endpoints) with valid success
 * bodies whose every string carries the API token, raw, percent-encoded,
 * JSON-escaped and base64/base64url at each offset, placed so that one-line
 * cuts (200, 300 and 500 characters) land inside it, and echoes it in its
 * response headers. Every command that talks to it is run as a user would;
 * then every stdout, every stderr and every file of the repository is searched
 * for any 12-character run of any form of the token. Files that would carry it
 * are refused (exit 4, one line) and nothing is written.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, runCli, type CliRun } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";
import { sendJson, startServer, type RecordedRequest, type TestServer } from "../remote/http-server.js";

/** Visible ASCII (a usable header value) with characters every encoding changes: / + = " \ & ~. */
const TOKEN = 'spt_Ech0/Back+Tok"en\\=9xQ&Lk3~Zw7_HostileServer';
const JSON_ESCAPED = JSON.stringify(TOKEN).slice(1, -1);
/** The token in every form a server could echo it in; base64 after 0, 1 and 2 bytes, so each alignment is there. */
const FORMS = [
  TOKEN,
  encodeURIComponent(TOKEN),
  JSON_ESCAPED,
  JSON_ESCAPED.replace(/\//g, "\\/"),
  ...["", "x", "xy"].flatMap((before) => [Buffer.from(`${before}${TOKEN}!`).toString("base64"), Buffer.from(`${before}${TOKEN}!`).toString("base64url")]),
];
const ALL_FORMS = FORMS.join(" ");

/**
 * What must appear nowhere: every 12-character run of the textual forms, and
 * of the base64 encodings without their edge characters (those mix in the
 * neighbouring bytes). Runs rather than whole forms, so a form cut short or
 * split is found too. Computed here, independently of the redactor.
 */
const NEEDLES = (() => {
  const sources = [TOKEN, encodeURIComponent(TOKEN), JSON_ESCAPED, JSON_ESCAPED.replace(/\//g, "\\/")];
  for (const before of ["", "x", "xy"]) {
    for (const alphabet of ["base64", "base64url"] as const) sources.push(Buffer.from(`${before}${TOKEN}`).toString(alphabet).slice(4, -4));
  }
  const runs = new Set<string>();
  for (const source of sources) for (let start = 0; start + 12 <= source.length; start++) runs.add(source.slice(start, start + 12));
  return [...runs];
})();

function leaksIn(text: string): string[] {
  return NEEDLES.filter((needle) => text.includes(needle));
}

/**
 * Filler before the forms, chosen per field (`slot`), so that the table cut
 * (200 characters), the message cut (300) and the URL cut (500) fall inside
 * them, at the same place on every run.
 */
const PADDING = [0, 186, 190, 286, 488, 3];
function echo(slot: number): string {
  return `${"x".repeat(PADDING[slot % PADDING.length]!)}${ALL_FORMS}`;
}

const ENV_IDS = { sandbox: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", live: "7d4e1b2c-9a3f-4e8d-b6c5-0f1e2d3c4b5a" };
const INVITE_ID = "5a6b7c8d-1e2f-4a3b-8c4d-9e0f1a2b3c4d";
const USER_ID = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";

/** Switches of the hostile server for the scenarios that need a different answer. */
const mode = { providerTypeEcho: false, conflictOnPut: false };

function policyBody(providerType: string, scope: string, revision: number): Record<string, unknown> {
  return {
    providerType: mode.providerTypeEcho ? TOKEN : providerType,
    scope,
    revision,
    schemaVersion: providerType === "vendorAWalletScreening" ? 2 : 1,
    rules: {
      preScreen: { chains: ["EVM"], exposureDepth: 1, note: echo(0) },
      postScreen: [{ id: echo(1), description: echo(2), when: { riskScore: { gte: 9 } }, action: "BLOCK" }],
    },
    addressEntryCount: 1,
    enabled: true,
    updatedAt: echo(3),
  };
}

function entriesBody(revision: number): Record<string, unknown> {
  return { revision, entries: [{ address: echo(4), chain: "EVM", action: "ALLOW", scope: "ALL", reason: echo(5), note: echo(6) }] };
}

/** Every route of admin-api.md and the designed endpoints, answered with success bodies full of the token. */
function answer(request: RecordedRequest, response: ServerResponse): void {
  const headers = { etag: `"${TOKEN}"`, "x-echo": ALL_FORMS, "x-request-id": Buffer.from(TOKEN).toString("base64") };
  const path = new URL(request.url, "http://x").pathname.replace(/^\/api\/v0/, "");
  const send = (status: number, body: unknown): void => sendJson(response, status, body, headers);
  let match: RegExpExecArray | null;
  if (request.method === "GET" && (match = /^\/environments\/([^/]+)$/.exec(path))) {
    return send(200, { id: match[1], name: echo(7), tokenScopes: ["environment.settings.read", echo(8)], project: { name: echo(9) } });
  }
  if ((match = /^\/environments\/([^/]+)\/screeningPolicies\/([^/]+)\/([^/]+)$/.exec(path))) {
    if (request.method === "GET") return send(200, policyBody(match[2]!, match[3]!, 3));
    if (mode.conflictOnPut) return send(409, { error: echo(10), code: "revision_mismatch", currentRevision: 7 });
    const sent = JSON.parse(request.body) as { revision: number };
    return send(200, policyBody(match[2]!, match[3]!, sent.revision + 1));
  }
  if ((match = /^\/environments\/([^/]+)\/screeningAddressEntries\/([^/]+)$/.exec(path))) {
    if (request.method === "GET") return send(200, entriesBody(2));
    if (mode.conflictOnPut) return send(409, { error: echo(11), code: "revision_mismatch", currentRevision: 7 });
    return send(200, entriesBody((JSON.parse(request.body) as { revision: number }).revision + 1));
  }
  if (request.method === "GET" && path === "/tokenCatalog") {
    const token = { chain: echo(12), contractAddress: echo(13), decimals: 6, name: echo(14), networkId: 1, symbol: echo(15), tokenId: echo(16), logoURI: echo(17) };
    return send(200, { tokens: [token], nextCursor: null, version: echo(18) });
  }
  if (request.method === "PUT" && /^\/invites\/[^/]+$/.test(path)) return send(200, { status: "accepted", message: echo(19) });
  if (request.method === "DELETE" && /^\/users\/[^/]+\/mfa$/.test(path)) return send(200, { deleted: echo(20) });
  if (request.method === "PUT" && (match = /^\/environments\/([^/]+)\/webhooks\/([^/]+)$/.exec(path))) {
    const webhook = { environmentId: match[1], webhookId: match[2], url: echo(21), events: [echo(22)], isEnabled: true, createdAt: echo(23), updatedAt: echo(24), secret: echo(25), version: echo(26), enabledAt: echo(27) };
    return send(200, webhook);
  }
  if (request.method === "GET" && /^\/environments\/[^/]+\/users$/.test(path)) {
    return send(200, { users: [{ id: echo(28), email: echo(29), username: echo(30), firstVisit: echo(31), lastVisit: echo(32), metadata: { note: echo(33) } }], count: 1 });
  }
  if (request.method === "GET" && /^\/sdk\/[^/]+\/onramps$/.test(path)) {
    return send(200, { onramps: [{ provider: echo(34), name: echo(35), iconUrl: echo(36), url: echo(37), qrCode: echo(38) }] });
  }
  send(404, { error: "Not Found", code: "not_found" });
}

let server: TestServer;
let repo: TempRepo;
let tokenFolder: string;
beforeAll(async () => {
  server = await startServer(answer);
  repo = makeTempRepo();
  tokenFolder = mkdtempSync(join(tmpdir(), "screenpol-redaction-"));
});
afterAll(async () => {
  await server.close();
  repo.remove();
  rmSync(tokenFolder, { recursive: true, force: true });
});

/** Every file under `folder`, as latin1 text (so any byte sequence is searchable), keyed by relative path. */
function filesUnder(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(folder, path), readFileSync(path).toString("latin1"));
  }
  return files;
}

function run(args: string[], options: { cwd?: string; env?: Record<string, string | undefined>; pipedTokenFile?: boolean } = {}): Promise<CliRun> {
  const env = { SCREENPOL_API_TOKEN: TOKEN, SCREENPOL_DEBUG: undefined, SCREENPOL_BASE_URL: undefined, ...options.env };
  const cwd = options.cwd ?? repo.dir;
  if (options.pipedTokenFile) return runWithPipedTokenFile([...args, "--base-url", server.baseUrl], { cwd, env });
  return runCli([...args, "--base-url", server.baseUrl], { cwd, env, timeoutMs: 30_000 });
}

/**
 * `screenpol ARGS --token-file <(printf ...)` through bash: the token file is a
 * pipe that gives its content once, as `--token-file <(pass show screenpol)`
 * does, and SCREENPOL_API_TOKEN is unset.
 */
function runWithPipedTokenFile(args: string[], options: { cwd: string; env: Record<string, string | undefined> }): Promise<CliRun> {
  const env: Record<string, string | undefined> = { ...process.env, ...options.env, SCREENPOL_API_TOKEN: undefined, PIPED_TOKEN: TOKEN };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const script = 'exec "$@" --token-file <(printf "%s\\n" "$PIPED_TOKEN")';
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script, "bash", process.execPath, BIN, ...args], { cwd: options.cwd, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

interface Scenario {
  args: string[];
  code: number | number[];
  env?: Record<string, string | undefined>;
  /** Exactly this stderr (the one-line refusals). */
  stderr?: string | RegExp;
  /** stdout must parse as JSON (redaction keeps a JSON document valid). */
  json?: boolean;
  cwd?: () => string;
  /** The token from a pipe (`--token-file <(...)`) instead of SCREENPOL_API_TOKEN. */
  pipedTokenFile?: boolean;
}

/** Runs the scenarios three at a time (each bounded by runCli's timeout), results in scenario order. */
async function runAll(scenarios: readonly Scenario[]): Promise<Array<{ label: string; run: CliRun; scenario: Scenario }>> {
  const outputs: Array<{ label: string; run: CliRun; scenario: Scenario }> = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < scenarios.length; index = next++) {
      const scenario = scenarios[index]!;
      const result = await run(scenario.args, { env: scenario.env, pipedTokenFile: scenario.pipedTokenFile, ...(scenario.cwd ? { cwd: scenario.cwd() } : {}) });
      outputs[index] = { label: `${scenario.args.join(" ")}${scenario.pipedTokenFile ? " (piped token file)" : ""}${scenario.env?.SCREENPOL_DEBUG ? " SCREENPOL_DEBUG=1" : ""}`, run: result, scenario };
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return outputs;
}

function expectClean(outputs: Awaited<ReturnType<typeof runAll>>): void {
  for (const { label, run: result, scenario } of outputs) {
    const codes = Array.isArray(scenario.code) ? scenario.code : [scenario.code];
    expect(codes, `${label}: exit ${result.code}\n${result.stderr}`).toContain(result.code);
    expect(leaksIn(result.stdout), `${label}: stdout`).toEqual([]);
    expect(leaksIn(result.stderr), `${label}: stderr`).toEqual([]);
    if (scenario.stderr instanceof RegExp) expect(result.stderr, label).toMatch(scenario.stderr);
    else if (scenario.stderr !== undefined) expect(result.stderr, label).toBe(scenario.stderr);
    if (scenario.json) expect(() => JSON.parse(result.stdout), `${label}: stdout is JSON`).not.toThrow();
  }
}

const REFUSED_PULL = /^screenpol: refusing to write (policies\/sandbox\/vendor[AB]\w+\/(SIGN_IN|TRANSACTION|addresses)\.yaml(, )?){6}: the server's response contains your API token; nothing was written\n$/;

describe("a server that echoes the token in every success body and header", () => {
  // Twenty-two CLI runs, three at a time, on a shared machine.
  it("never gets it into any output or file; files that would hold it are refused", { timeout: 180_000 }, async () => {
    const before = filesUnder(repo.dir);
    const tokenFile = join(tokenFolder, "token");
    writeFileSync(tokenFile, `${TOKEN}\n`);
    const outputs = await runAll([
      { args: ["plan"], code: 0 },
      { args: ["plan", "--format", "markdown"], code: 0 },
      { args: ["plan", "--format", "json"], code: 0, json: true },
      { args: ["plan", "--out", "plan.json"], code: 4, stderr: "screenpol: refusing to write plan.json: the server's response contains your API token; nothing was written\n" },
      { args: ["plan", "--out", "plan.json"], code: 4, env: { SCREENPOL_DEBUG: "1" } },
      // The token from a file only: the redactor learns it once the command's --token-file is parsed.
      { args: ["plan", "--out", "plan.json", "--token-file", tokenFile], code: 4, env: { SCREENPOL_API_TOKEN: undefined } },
      { args: ["doctor", "--token-file", tokenFile], code: 0, env: { SCREENPOL_API_TOKEN: undefined } },
      // A pipe gives its content once; the redactor and the request both need it.
      { args: ["users", "list", "--env", "sandbox"], code: 0, pipedTokenFile: true },
      { args: ["pull", "--env", "sandbox"], code: 4, stderr: REFUSED_PULL },
      { args: ["pull", "--env", "sandbox", "--force"], code: 4, stderr: REFUSED_PULL },
      { args: ["pull", "--env", "sandbox", "--force"], code: 4, env: { SCREENPOL_DEBUG: "1" } },
      // The echoed members make every live policy invalid: no proof that a push weakens nothing, so the guard refuses.
      { args: ["push", "--yes"], code: 1 },
      { args: ["push", "--yes", "--allow-weakening"], code: 0 },
      { args: ["doctor"], code: 0 },
      { args: ["users", "list", "--env", "sandbox"], code: 0 },
      { args: ["users", "list", "--env", "sandbox", "--json"], code: 0, json: true },
      { args: ["onramps", "--env", "sandbox"], code: 0 },
      { args: ["onramps", "--env", "sandbox", "--json"], code: 0, json: true },
      { args: ["webhooks", "push", "--env", "sandbox"], code: 0 },
      { args: ["invite", "accept", INVITE_ID], code: 0 },
      { args: ["mfa", "reset", USER_ID, "--yes"], code: 0 },
    ]);
    expectClean(outputs);
    // Meaningful only if the token travelled: every request carried it, and the outputs did show the server's values.
    expect(server.requests.length).toBeGreaterThan(outputs.length);
    expect(server.requests.every((request) => request.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    for (const shown of [0, 1, 2, 14, 16]) expect(outputs[shown]!.run.stdout, outputs[shown]!.label).toContain("***");

    // Nothing was written: every file of the repository is byte for byte what it was, and no plan.json appeared.
    const after = filesUnder(repo.dir);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [path, text] of after) {
      expect(text === before.get(path), `${path} changed`).toBe(true);
      expect(leaksIn(text), path).toEqual([]);
    }

    // The token in a value the client validates (a policy's providerType): refused as an invalid response, in one line without it.
    mode.providerTypeEcho = true;
    try {
      const oneLine = /^screenpol: GET screening policy [^\n]+: invalid response: providerType is not one of [^\n]+\n$/;
      expectClean(
        await runAll([
          { args: ["plan"], code: 4, stderr: oneLine },
          { args: ["pull", "--env", "sandbox"], code: 4, stderr: oneLine },
        ]),
      );
    } finally {
      mode.providerTypeEcho = false;
    }
  });

  it("keeps it out of a push conflict report, which shows what changed live", async () => {
    mode.conflictOnPut = true;
    try {
      const outputs = await runAll([{ args: ["push", "--yes", "--env", "sandbox"], code: 3 }]);
      expectClean(outputs);
      expect(outputs[0]!.run.stdout).toContain("what changed live since the plan:");
    } finally {
      mode.conflictOnPut = false;
    }
  });

  it("keeps it out of catalog sync and diff --json output: both refuse the echoed token, and write no snapshot", async () => {
    // Its own repository: the snapshot files are catalog sync's to write (and to refuse).
    const catalogRepo = makeTempRepo();
    try {
      const outputs = await runAll([
        { args: ["catalog", "diff", "--json"], code: 4, cwd: () => catalogRepo.dir },
        { args: ["catalog", "sync", "--json"], code: 4, cwd: () => catalogRepo.dir },
      ]);
      expectClean(outputs);
      for (const { run } of outputs) {
        expect(run.stdout).toBe("");
        expect(run.stderr).toMatch(/^screenpol: GET token catalog .*API token.*\n$/);
      }
      expect(existsSync(join(catalogRepo.dir, "catalog", "tokens.json"))).toBe(false);
    } finally {
      catalogRepo.remove();
    }
  });
});
