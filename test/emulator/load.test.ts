/**
 * The load and crash test (bench/emulator-load.js), short: 200 concurrent
 * clients for SCREENPOL_LOAD_SECONDS (default 3; `node bench/emulator-load.js`
 * runs the full 10 s), then kill -9 during writes and a restart from the state
 * file. Loopback only, every phase bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crashPhase, describeCrash, describeLoad, loadPhase } from "../../bench/emulator-load.js";
import { tempDir } from "./helpers.js";

const SECONDS = Number(process.env.SCREENPOL_LOAD_SECONDS ?? 3);
const SEED = Number(process.env.SCREENPOL_LOAD_SEED ?? Date.now() % 100_000);
let temp: ReturnType<typeof tempDir>;

beforeAll(() => {
  temp = tempDir();
});
afterAll(() => temp.remove());

describe(`emulator under load (seed ${SEED})`, () => {
  it(`serves 200 concurrent clients for ${SECONDS} s with no failure but the injected ones`, { timeout: SECONDS * 1000 + 30_000 }, async () => {
    const load = await loadPhase({ clients: 200, durationMs: SECONDS * 1000, seed: SEED, injected: 10, workDir: temp.dir });
    process.stdout.write(`emulator load (seed ${SEED}):\n${describeLoad(load).map((line: string) => `  ${line}\n`).join("")}`);
    expect(load.problems).toEqual([]);
    expect(load.run.counts.failures).toBe(0);
    expect(load.run.counts.injected).toBe(10);
    expect(load.run.counts.requests).toBeGreaterThan(200);
  });

  it("keeps every acknowledged write through kill -9 at a random moment", { timeout: 60_000 }, async () => {
    const crash = await crashPhase({ clients: 50, seed: SEED, workDir: temp.dir });
    process.stdout.write(`emulator crash (seed ${SEED}): ${describeCrash(crash)}\n`);
    expect(crash.problems).toEqual([]);
    expect(crash.acknowledged).toBeGreaterThan(0);
  });
});
