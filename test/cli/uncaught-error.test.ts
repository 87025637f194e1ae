/**
 * The process's last resort (bin/screenpol.js): an error thrown outside every
 * call the CLI awaits, as z3's WebAssembly throws when it runs out of memory,
 * is one line on stderr and exit 70, never a stack trace; SCREENPOL_DEBUG=1
 * adds the stack. The error is thrown from a timer a preloaded script sets,
 * while `screenpol lsp --stdio` waits on an open stdin. And an error a
 * command throws that no part of screenpol classifies (a bug) is the same
 * line and the same exit code, through main's own catch.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { BIN, PROJECT_ROOT } from "../helpers/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "screenpol-uncaught-"));
const preload = join(dir, "throw-later.cjs");
writeFileSync(preload, 'setTimeout(() => { throw new Error("thrown from a timer\\nits second line"); }, 300);\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--require", preload, BIN, "lsp", "--stdio"], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", HOME: dir, SCREENPOL_CODE_CACHE: "off", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("an error nothing awaits", { timeout: 30_000 }, () => {
  it("is one line and exit 70", async () => {
    expect(await run({})).toEqual({
      code: 70,
      stdout: "",
      stderr: "screenpol: internal error: thrown from a timer (set SCREENPOL_DEBUG=1 for details, and please report it)\n",
    });
  });

  it("with SCREENPOL_DEBUG=1, the stack after that line", async () => {
    const { code, stderr } = await run({ SCREENPOL_DEBUG: "1" });
    expect(code).toBe(70);
    const lines = stderr.split("\n");
    expect(lines.slice(0, 3)).toEqual(["screenpol: internal error: thrown from a timer (set SCREENPOL_DEBUG=1 for details, and please report it)", "Error: thrown from a timer", "its second line"]);
    expect(lines[3]).toMatch(/^\s+at .*throw-later\.cjs/);
  });
});

describe("an error a command throws that screenpol did not expect", () => {
  it("one line naming it an internal error, exit 70 (README, \"Exit codes\"), the stack only with SCREENPOL_DEBUG=1", async () => {
    const run = async (env: Record<string, string>): Promise<{ code: number; stderr: string }> => {
      const err: string[] = [];
      const io: CliIo = {
        // A write that fails as no user's input can make it: a bug, as far as the command knows.
        stdout: { write: () => { throw new TypeError("stdout is not writable in this test"); }, isTTY: false },
        stderr: { write: (chunk: string) => err.push(chunk), isTTY: false },
        env,
        cwd: PROJECT_ROOT,
        waitForInterrupt: () => new Promise(() => undefined),
      };
      return { code: await main(["lint", "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml", "--format", "json"], io), stderr: err.join("") };
    };
    expect(await run({})).toEqual({ code: 70, stderr: "screenpol: internal error: stdout is not writable in this test (set SCREENPOL_DEBUG=1 for details, and please report it)\n" });
    const debug = await run({ SCREENPOL_DEBUG: "1" });
    expect(debug.code).toBe(70);
    expect(debug.stderr.split("\n").slice(1, 2)).toEqual(["TypeError: stdout is not writable in this test"]);
  });
});
