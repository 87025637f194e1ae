/**
 * README, Quick start: after `npm ci`, the way it gives to run the CLI in this
 * folder works at once and offline, whatever npm's version (`npx screenpol`
 * relies on npm recognising the folder's own package). Run in this
 * run's build of the package, against a registry on 127.0.0.1 that records
 * what it is asked and has nothing.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_ROOT, PROJECT_ROOT } from "../helpers/run-cli.js";

function runShell(command: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", command], { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
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

describe("README: the CLI in this folder after npm ci", () => {
  it("is a command that runs this checkout's CLI without asking a registry", async () => {
    const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8").replace(/\s+/g, " ");
    const said = /After `npm ci`, in this folder, the CLI is `([^`]+) <command>`/.exec(readme);
    expect(said, "README's Quick start names the command").not.toBeNull();
    const version = (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string }).version;

    const asked: string[] = [];
    const registry = createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      response.writeHead(404, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = registry.address() as { port: number };
      const run = await runShell(`${said![1]} --version`, BUILD_ROOT, {
        npm_config_registry: `http://127.0.0.1:${port}/`,
        npm_config_update_notifier: "false",
        npm_config_loglevel: "silent",
      });
      expect([run.code, run.stdout.trim().split("\n").at(-1)]).toEqual([0, version]);
      expect(asked).toEqual([]);
    } finally {
      await new Promise((resolve) => registry.close(resolve));
    }
  });
});
