/**
 * What a one-file `screenpol lint` (every commit's hook) sets up before it
 * lints, read from inside the real process as it exits (timing-free): the
 * costs moved to first use stay there (docs/decisions.md, "Start-up:
 * `--version`, built-ins, first-use costs").
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

let repo: TempRepo;
let scratch: string;
beforeEach(() => {
  repo = makeTempRepo();
  scratch = mkdtempSync(join(tmpdir(), "screenpol-start-up-"));
});
afterEach(() => {
  repo.remove();
  rmSync(scratch, { recursive: true, force: true });
});

/** A --require preload that counts Intl number formats made and packages resolved, and lists worker_threads if loaded. */
const PRELOAD = `
const Module = require("node:module");
const seen = { numberFormats: 0, resolved: [], workerThreads: false };
const NumberFormat = Intl.NumberFormat;
Intl.NumberFormat = function (...args) { seen.numberFormats++; return new NumberFormat(...args); };
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (!Module.isBuiltin(request)) seen.resolved.push(request);
  return resolve.call(this, request, ...rest);
};
process.on("exit", () => {
  seen.workerThreads = process.moduleLoadList.some((name) => name.endsWith(" worker_threads"));
  require("node:fs").writeFileSync(process.env.START_UP_REPORT, JSON.stringify(seen));
});
`;

describe("a one-file lint's start-up", () => {
  it("makes no Intl number format, resolves nothing in node_modules (ajv's helpers are bundled) and never loads worker_threads", async () => {
    const preload = join(scratch, "preload.cjs");
    const report = join(scratch, "report.json");
    writeFileSync(preload, PRELOAD);
    const run = await runCli(["lint", "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml"], {
      cwd: repo.dir,
      env: { NODE_OPTIONS: `--require ${preload}`, START_UP_REPORT: report, SCREENPOL_CODE_CACHE: "off" },
    });
    expect(run).toEqual({ code: 0, stdout: "✔ 1 file linted, no problems\n", stderr: "" });
    expect(JSON.parse(readFileSync(report, "utf8"))).toEqual({ numberFormats: 0, resolved: [], workerThreads: false });
  });
});
