/**
 * The parallel lint (app/lint-parallel.ts) gives the sequential result, to the
 * byte, and loses no file when a worker fails. Since a failed worker is replaced
 * silently by the main thread, each test also says which ran: the lint's
 * `threads` (workers started, workers that answered), or the CLI's line about
 * them under SCREENPOL_DEBUG. The worker threads run the built
 * dist/ (a worker cannot load TypeScript) of the package the global setup
 * builds for this run (BUILD_ROOT).
 */
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runLint as runLintFromSource } from "../../src/app/lint.js";
import { EMPTY_CONFIG } from "../../src/core/config.js";
import { combineFileLints, lintFile, lintSources, type SourceFile } from "../../src/core/lint.js";
import { BUILD_ROOT, PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

type AppLint = typeof import("../../src/app/lint.js");
type AppParallel = typeof import("../../src/app/lint-parallel.js");
const built = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(BUILD_ROOT, "dist", path)).href)) as T;

const ENVIRONMENTS = 70;
const SAMPLE = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";

/**
 * ~300 files: per environment two policies and an address file, every seventh
 * with a schema error, every eleventh broken YAML; `alpha` and `zulu` share an
 * environment id, so their SIGN_IN policies are duplicates at opposite ends of
 * the path order (in different chunks); one reference is not in the snapshot.
 */
function writeCorpus(repo: TempRepo): void {
  const environments = [
    "  alpha:\n    id: 00000000-0000-4000-8000-00000000aaaa\n    kind: sandbox",
    "  zulu:\n    id: 00000000-0000-4000-8000-00000000aaaa\n    kind: sandbox",
  ];
  const transaction = readFileSync(join(PROJECT_ROOT, SAMPLE), "utf8");
  const signIn = readFileSync(join(PROJECT_ROOT, "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml"), "utf8");
  const addresses = readFileSync(join(PROJECT_ROOT, "policies/sandbox/vendorAWalletScreening/addresses.yaml"), "utf8");
  for (let index = 0; index < ENVIRONMENTS; index++) {
    const name = `env${String(index).padStart(3, "0")}`;
    environments.push(`  ${name}:\n    id: 00000000-0000-4000-8000-${String(index).padStart(12, "0")}\n    kind: sandbox`);
    const dir = `policies/${name}/vendorAWalletScreening`;
    let policy = transaction;
    if (index % 7 === 3) policy = policy.replace("enabled: true", "enabled: true\nsurprise: 1");
    if (index === 40) policy = policy.replace("networkId: 137", "networkId: 1");
    repo.write(`${dir}/TRANSACTION.yaml`, policy);
    repo.write(`${dir}/SIGN_IN.yaml`, index % 11 === 5 ? `${signIn}\n  broken: [unclosed\n` : signIn);
    repo.write(`${dir}/addresses.yaml`, addresses);
  }
  for (const name of ["alpha", "zulu"]) repo.write(`policies/${name}/vendorAWalletScreening/SIGN_IN.yaml`, signIn);
  repo.write("policies/env002/vendorAWalletScreening/binary.yaml", new Uint8Array([0x61, 0, 0x62]));
  repo.write("screenpol.config.yaml", `baseUrl: http://127.0.0.1:4010/api/v0\nenvironments:\n${environments.join("\n")}\n`);
  cpSync(join(PROJECT_ROOT, "catalog"), join(repo.dir, "catalog"), { recursive: true });
}

describe("parallel lint", () => {
  let repo: TempRepo;
  const now = new Date("2026-06-01T00:00:00Z");
  const saved = { ...process.env };
  beforeAll(() => {
    repo = makeTempRepo({ samples: false });
    writeCorpus(repo);
  });
  afterAll(() => repo.remove());
  afterEach(() => {
    process.env.SCREENPOL_WORKERS = saved.SCREENPOL_WORKERS;
    process.env.SCREENPOL_PARALLEL_THRESHOLD = saved.SCREENPOL_PARALLEL_THRESHOLD;
    if (saved.SCREENPOL_WORKERS === undefined) delete process.env.SCREENPOL_WORKERS;
    if (saved.SCREENPOL_PARALLEL_THRESHOLD === undefined) delete process.env.SCREENPOL_PARALLEL_THRESHOLD;
  });

  it("the library gives the sequential result on 2 and 3 threads", async () => {
    const { runLint } = await built<AppLint>("app/lint.js");
    process.env.SCREENPOL_WORKERS = "1";
    const sequential = await runLint({ cwd: repo.dir, now });
    expect(sequential.threads).toEqual({ workers: 0, answered: 0 });
    expect(sequential.filesLinted).toBeGreaterThan(200);
    const codes = new Set(sequential.diagnostics.map((diagnostic) => diagnostic.code));
    for (const code of ["duplicate-policy", "unknown-token", "yaml-syntax", "read-error"]) expect(codes, code).toContain(code);
    process.env.SCREENPOL_PARALLEL_THRESHOLD = "10";
    for (const threads of ["2", "3"]) {
      process.env.SCREENPOL_WORKERS = threads;
      const parallel = await runLint({ cwd: repo.dir, now });
      // Every worker started and linted its chunk: no fallback hides in this result.
      expect(parallel.threads, `${threads} threads`).toEqual({ workers: Number(threads) - 1, answered: Number(threads) - 1 });
      expect(parallel.diagnostics).toEqual(sequential.diagnostics);
      expect(parallel.filesLinted).toBe(sequential.filesLinted);
      expect([...parallel.sources]).toEqual([...sequential.sources]);
      expect([...parallel.data]).toEqual([...sequential.data]);
      expect(parallel.catalog.status).toBe("loaded");
    }
  });

  it("the CLI's JSON is byte-identical with and without workers", async () => {
    const sequential = await runCli(["lint", "--format", "json"], { cwd: repo.dir, env: { SCREENPOL_WORKERS: "1", SCREENPOL_DEBUG: "1" } });
    const parallel = await runCli(["lint", "--format", "json"], { cwd: repo.dir, env: { SCREENPOL_WORKERS: "2", SCREENPOL_PARALLEL_THRESHOLD: "10", SCREENPOL_DEBUG: "1" } });
    expect(sequential.code).toBe(1);
    expect(JSON.parse(sequential.stdout).files).toBeGreaterThan(200);
    expect(sequential.stderr).toBe("screenpol: lint: 0 worker threads started, 0 answered\n");
    // The bundle's worker (dist/bin/lint-worker.js) ran and answered.
    expect(parallel.stderr).toBe("screenpol: lint: 1 worker threads started, 1 answered\n");
    expect({ ...parallel, stderr: "" }).toEqual({ ...sequential, stderr: "" });
  });

  it("without a loadable worker module (the TypeScript sources) every file is still linted here", async () => {
    process.env.SCREENPOL_WORKERS = "1";
    const sequential = await runLintFromSource({ cwd: repo.dir, now });
    process.env.SCREENPOL_WORKERS = "2";
    process.env.SCREENPOL_PARALLEL_THRESHOLD = "10";
    const fallback = await runLintFromSource({ cwd: repo.dir, now });
    // A worker was asked for and none answered: this thread linted its chunk.
    expect(fallback.threads).toEqual({ workers: 1, answered: 0 });
    expect(fallback.diagnostics).toEqual(sequential.diagnostics);
    expect(fallback.filesLinted).toBe(sequential.filesLinted);
  });

  it("threads: one below the threshold, on SCREENPOL_WORKERS=1 and for one file", async () => {
    const { lintThreads, PARALLEL_THRESHOLD } = await built<AppParallel>("app/lint-parallel.js");
    expect(lintThreads(PARALLEL_THRESHOLD - 1, {})).toBe(1);
    expect(lintThreads(PARALLEL_THRESHOLD, { SCREENPOL_WORKERS: "1" })).toBe(1);
    expect(lintThreads(PARALLEL_THRESHOLD, { SCREENPOL_WORKERS: "3" })).toBe(3);
    expect(lintThreads(5, { SCREENPOL_WORKERS: "3", SCREENPOL_PARALLEL_THRESHOLD: "2" })).toBe(3);
    expect(lintThreads(1, { SCREENPOL_WORKERS: "3", SCREENPOL_PARALLEL_THRESHOLD: "0" })).toBe(1);
  });

  describe("a failing worker costs time, never files", () => {
    const sources: SourceFile[] = Array.from({ length: 30 }, (_, index) => ({
      file: `policies/env${index}/vendorAWalletScreening/SIGN_IN.yaml`,
      text: index % 4 === 0 ? "rules: [unclosed\n" : "providerType: vendorAWalletScreening\nscope: SIGN_IN\nschemaVersion: 2\nenabled: true\nrules: {preScreen: {}, postScreen: []}\n",
    }));
    const options = { config: EMPTY_CONFIG, now };
    const expected = lintSources(sources, options);
    const worker = (body: string): URL => pathToFileURL(repo.write(`workers/${Math.random().toString(36).slice(2)}.mjs`, body));

    it.each([
      ["throws", 'throw new Error("boom");'],
      ["exits", "process.exit(3);"],
      ["answers wrongly", 'import { parentPort } from "node:worker_threads"; parentPort.once("message", () => parentPort.postMessage({ ok: true, results: [] }));'],
      ["reports an error", 'import { parentPort } from "node:worker_threads"; parentPort.once("message", () => parentPort.postMessage({ ok: false, error: "no" }));'],
      ["never answers", "setInterval(() => {}, 1000);"],
    ])("a worker that %s", async (_, body) => {
      const { startLintWorkers } = await built<AppParallel>("app/lint-parallel.js");
      const workers = startLintWorkers(2, worker(body));
      try {
        const result = await workers.lint(sources, { ...options, graceMs: 300 });
        expect(result).toEqual(expected);
        expect(workers.answered).toBe(0);
      } finally {
        await workers.close();
      }
    });

    it("a missing worker module", async () => {
      const { startLintWorkers } = await built<AppParallel>("app/lint-parallel.js");
      const workers = startLintWorkers(2, pathToFileURL(join(repo.dir, "nowhere.js")));
      try {
        expect(await workers.lint(sources, options)).toEqual(expected);
        expect(workers.answered).toBe(0);
      } finally {
        await workers.close();
      }
    });

    it("the real worker answers, with the sequential result", async () => {
      const { startLintWorkers } = await built<AppParallel>("app/lint-parallel.js");
      const workers = startLintWorkers(2);
      try {
        expect(await workers.lint(sources, options)).toEqual(expected);
        expect(workers.answered).toBe(2);
      } finally {
        await workers.close();
      }
    });

    it("lintFile + combineFileLints is lintSources", () => {
      expect(combineFileLints(sources.map((source) => lintFile(source, options)), options)).toEqual(expected);
    });
  });
});
