/**
 * What `screenpol lint` loads: it runs on every commit, and its start-up is
 * measured against `node -e 0` (BENCHMARKS.md). The network stack (node:http,
 * undici), the solver, the sign-in libraries and the language server's
 * (vscode-languageserver, for `screenpol lsp`) belong to the commands that
 * use them; one stray re-export pulls them into every lint without any test
 * failing, only a slower start. A preload records Node's loaded modules at exit.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";

const work = mkdtempSync(join(tmpdir(), "screenpol-lint-loads-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function modulesLoadedBy(args: string[]): Promise<string[]> {
  const probe = join(work, "probe.cjs");
  const out = join(work, `loaded-${args.join("-").replace(/[^a-z0-9-]/gi, "_")}.json`);
  writeFileSync(probe, `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(out)}, JSON.stringify({ builtins: process.moduleLoadList, files: Object.keys(require.cache) })));\n`);
  const run = await runCli(args, { cwd: PROJECT_ROOT, env: { NODE_OPTIONS: `--require ${probe}`, SCREENPOL_CODE_CACHE: "off" } });
  expect(run.code, run.stderr).toBe(0);
  const loaded = JSON.parse(readFileSync(out, "utf8")) as { builtins: string[]; files: string[] };
  return [...loaded.builtins, ...loaded.files];
}

describe("screenpol lint loads", () => {
  it("no network stack, no solver, no sign-in library, no DuckDB and no language server", async () => {
    const loaded = await modulesLoadedBy(["lint", "policies/live/vendorAWalletScreening/TRANSACTION.yaml"]);
    // The probe read something: bin/screenpol.js runs the bundle through node:vm.
    expect(loaded).toContain("NativeModule vm");
    const unwanted = loaded.filter((name) => /^NativeModule (http|https|tls|_http_\w+|http2)$|[\\/]node_modules[\\/](undici|z3-solver|jose|oauth4webapi|open|@napi-rs[\\/]keyring|@duckdb[\\/][\w-]+|vscode-languageserver[\w-]*|vscode-jsonrpc)[\\/]/.test(name));
    expect(unwanted).toEqual([]);
  });
});
