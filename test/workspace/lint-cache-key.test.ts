/**
 * The key that signs the lint cache (src/workspace/lint-cache-key.ts): made
 * once, 0600 in a 0700 folder, the same for processes that make it at once;
 * a key others could read or replace is not trusted.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { LINT_CACHE_KEY_FILE, openLintCacheKey } from "../../src/workspace/lint-cache-key.js";
import { BUILD_ROOT } from "../helpers/run-cli.js";

let home: string;
afterEach(() => rmSync(home, { recursive: true, force: true }));
const fresh = () => (home = mkdtempSync(join(tmpdir(), "screenpol-key-")));

describe("openLintCacheKey", () => {
  it("makes 32 random bytes, mode 0600, in a folder made 0700, and gives the same key the next time", async () => {
    const folder = join(fresh(), "screenpol");
    const first = await openLintCacheKey(folder);
    expect(first.ok).toBe(true);
    const path = join(folder, LINT_CACHE_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(readFileSync(path).byteLength).toBe(32);
    expect(await openLintCacheKey(folder)).toEqual(first);
    expect(readdirSync(folder)).toEqual([LINT_CACHE_KEY_FILE]);
  });

  it("ends with one key when several callers make it at once, in one process and in several", async () => {
    const folder = join(fresh(), "screenpol");
    const keys = await Promise.all(Array.from({ length: 8 }, () => openLintCacheKey(folder)));
    expect(new Set(keys.map((key) => (key.ok ? key.key.toString("hex") : key.reason))).size).toBe(1);

    const other = join(home, "other");
    const module = pathToFileURL(join(BUILD_ROOT, "dist/workspace/lint-cache-key.js")).href;
    const script = `const { openLintCacheKey } = await import(${JSON.stringify(module)}); const key = await openLintCacheKey(${JSON.stringify(other)}); process.stdout.write(key.ok ? key.key.toString("hex") : key.reason);`;
    const outputs = await Promise.all(Array.from({ length: 4 }, () => runNode(script)));
    expect(outputs.every((output) => /^[0-9a-f]{64}$/.test(output)), outputs.join(" / ")).toBe(true);
    expect(new Set(outputs).size).toBe(1);
    expect(readFileSync(join(other, LINT_CACHE_KEY_FILE)).toString("hex")).toBe(outputs[0]);
    expect(readdirSync(other)).toEqual([LINT_CACHE_KEY_FILE]);
  });

  it("does not trust a key others may read (0644), of another size, behind a link, or in a folder others may write; and leaves it as it is", async () => {
    const folder = join(fresh(), "screenpol");
    const made = await openLintCacheKey(folder);
    const path = join(folder, LINT_CACHE_KEY_FILE);
    const bytes = readFileSync(path);
    chmodSync(path, 0o644);
    expect(await openLintCacheKey(folder)).toEqual({ ok: false, path, about: "key", reason: `the key ${path} is readable or writable by others (mode 0644)` });
    expect(readFileSync(path)).toEqual(bytes);
    expect(statSync(path).mode & 0o777).toBe(0o644);

    chmodSync(path, 0o600);
    expect(await openLintCacheKey(folder)).toEqual(made);
    writeFileSync(path, bytes.subarray(0, 31));
    expect(await openLintCacheKey(folder)).toEqual({ ok: false, path, about: "key", reason: `the key ${path} is 31 bytes, not the 32 of a key screenpol makes` });

    rmSync(path);
    const elsewhere = join(home, "elsewhere.key");
    writeFileSync(elsewhere, bytes, { mode: 0o600 });
    symlinkSync(elsewhere, path);
    expect(await openLintCacheKey(folder)).toEqual({ ok: false, path, about: "key", reason: `the key ${path} is a symbolic link` });

    const shared = join(home, "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    expect(await openLintCacheKey(shared)).toEqual({ ok: false, path: join(shared, LINT_CACHE_KEY_FILE), about: "folder", reason: `the folder ${shared} is writable by others (mode 0777)` });
    expect(readdirSync(shared)).toEqual([]);
  });
});

/** A node process running `script` as a module; its stdout. Bounded: killed after 15 s. */
function runNode(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.on("error", reject);
    child.on("close", () => {
      clearTimeout(timer);
      resolve(stdout);
    });
  });
}
