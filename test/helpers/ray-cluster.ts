/**
 * A real Ray cluster on loopback for the Ray engine's test (docs/replay.md,
 * "Ray"): a head and a second worker node, each its own `ray start --block`
 * process group with its own temporary folder, stopped by those process
 * groups' ids (never `ray stop`, which would stop every Ray on the machine,
 * another engineer's too). The Python is .ci/run's venv, outside the clone.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, openSync, closeSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * .ci/run's venv (reused between runs on one machine), which .ci/run names in
 * SCREENPOL_RAY_VENV; else where it makes it by default. Not XDG_CACHE_HOME:
 * test/global-setup.ts points that at a temporary folder of the run.
 */
export const RAY_VENV = process.env.SCREENPOL_RAY_VENV || join(homedir(), ".cache", "screenpol-ci", "venv-ray");
export const RAY_PYTHON = join(RAY_VENV, "bin", "python");

export interface RayCluster {
  address: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Started when its log says so, within `timeoutMs`; its log's tail in the error otherwise. */
function startNode(args: string[], log: string, timeoutMs: number): { child: ChildProcess; ready: Promise<void> } {
  const fd = openSync(log, "a");
  // detached: its own process group, so that it and every process it starts are stopped together by the group's id.
  const child = spawn(join(RAY_VENV, "bin", "ray"), ["start", "--block", "--disable-usage-stats", ...args], { detached: true, stdio: ["ignore", fd, fd], env: { ...process.env, RAY_USAGE_STATS_ENABLED: "0" } });
  closeSync(fd);
  const ready = new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const text = existsSync(log) ? readFileSync(log, "utf8") : "";
      if (/Ray runtime started/.test(text)) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null || Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`ray start ${args[0]} did not start: ${text.slice(-2000)}`));
      }
    }, 250);
  });
  return { child, ready };
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const killed = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000))]);
  try {
    // What the SIGTERM left (a worker Ray forked into the group), by the same group id.
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // The group is gone already.
  }
  if (!killed) await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
}

/** A head and one worker node, one CPU each, on 127.0.0.1; `stop` always stops what was started. */
export async function startRayCluster(root: string, timeoutMs = 120_000): Promise<RayCluster> {
  const started: ChildProcess[] = [];
  const stop = async (): Promise<void> => {
    for (const child of started.reverse()) await stopGroup(child);
  };
  try {
    mkdirSync(root, { recursive: true });
    const port = await freePort();
    const common = ["--node-ip-address=127.0.0.1", "--num-cpus=1", "--object-store-memory=80000000"];
    const head = startNode(
      ["--head", `--port=${port}`, `--dashboard-agent-listen-port=${await freePort()}`, "--include-dashboard=false", `--temp-dir=${join(root, "head")}`, ...common],
      join(root, "head.log"),
      timeoutMs,
    );
    started.push(head.child);
    await head.ready;
    const address = `127.0.0.1:${port}`;
    const worker = startNode([`--address=${address}`, `--dashboard-agent-listen-port=${await freePort()}`, `--temp-dir=${join(root, "worker")}`, ...common], join(root, "worker.log"), timeoutMs);
    started.push(worker.child);
    await worker.ready;
    return { address, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
