/**
 * The load and crash test of the emulator (bench/emulator-load.js), small and
 * correctness only: concurrent clients, a fixed number of operations each from
 * a fixed seed, must see no failure but the injected ones and find every
 * acknowledged write in the served state and the state file; then kill -9
 * during writes and a restart from the state file. No time bound: throughput,
 * latency and the 200-client run are measured by `npm run bench`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crashPhase, describeCrash, describeLoad, loadPhase } from "../../bench/emulator-load.js";
import { BUILD_ROOT } from "../helpers/run-cli.js";
import { tempDir } from "./helpers.js";

/** Fixed: every client's operations are the same from run to run (only their interleaving is not). */
const SEED = 1;
const CLIENTS = 20;
const OPERATIONS = 15;
const INJECTED = 3;
let temp: ReturnType<typeof tempDir>;

beforeAll(() => {
  temp = tempDir();
});
afterAll(() => temp.remove());

describe(`emulator under concurrent clients (seed ${SEED})`, () => {
  it(`serves ${CLIENTS} concurrent clients, ${OPERATIONS} operations each, with no failure but the injected ones`, { timeout: 60_000 }, async () => {
    const load = await loadPhase({ clients: CLIENTS, operationsPerClient: OPERATIONS, seed: SEED, injected: INJECTED, workDir: temp.dir, root: BUILD_ROOT });
    const summary = describeLoad(load).join("\n");
    expect(load.problems, summary).toEqual([]);
    expect(load.run.counts.failures).toBe(0);
    expect(load.run.counts.operations).toBe(CLIENTS * OPERATIONS);
    // The seed makes enough reads of the faulty route for every injected 503 to fire.
    expect(load.run.counts.byOperation.getEnvironment).toBeGreaterThan(INJECTED);
    expect(load.run.counts.injected).toBe(INJECTED);
    expect(load.acknowledged, summary).toBeGreaterThan(0);
  });

  it("keeps every acknowledged write through kill -9 during writes", { timeout: 60_000 }, async () => {
    const crash = await crashPhase({ clients: CLIENTS, seed: SEED, workDir: temp.dir, root: BUILD_ROOT });
    expect(crash.problems, describeCrash(crash)).toEqual([]);
    expect(crash.acknowledged).toBeGreaterThan(0);
  });
});
