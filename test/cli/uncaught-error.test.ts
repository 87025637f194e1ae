/**
 * The process's last resort (bin/screenpol.js): an error thrown outside every
 * call the CLI awaits, as z3's WebAssembly throws when it runs out of memory,
 * is one line on stderr and exit 70, never a stack trace; SCREENPOL_DEBUG=1
 * adds the stack. The error is thrown from a timer a preloaded script sets,
 * while `screenpol lsp --stdio` waits on an open stdin.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN } from "../helpers/run-cli.js";

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
