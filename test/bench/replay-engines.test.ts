/**
 * The replay-engines bench phase (bench/replay-engines.js) on a small input:
 * the input it makes is the generator's lines, and the same rows as Parquet in
 * the lines' order (else the DuckDB engine's samples, chosen by row number,
 * would differ and the phase would refuse its speed); every engine's report is
 * compared with the JavaScript engine's before any rate is given; a finished
 * input is reused. Ray is left out here (test/cli/replay-ray.test.ts runs a
 * cluster): the phase says it skipped it, and why.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { measureReplayEngines } from "../../bench/replay-engines.js";
import { screeningLines } from "../../bench/replay.js";
import { PROJECT_ROOT } from "../helpers/run-cli.js";

const ROWS = 3000;
const corpusRoot = mkdtempSync(join(tmpdir(), "screenpol-engines-"));
afterAll(() => rmSync(corpusRoot, { recursive: true, force: true }));

type Row = [string, string, string, boolean | undefined, string];

describe("bench/replay-engines.js", { timeout: 240_000 }, () => {
  let first: { rows: Row[] };

  it("makes the input from the generator, JSON lines and Parquet in row order, and finds every engine's report the js engine's", async () => {
    const log: string[] = [];
    first = await measureReplayEngines({ root: PROJECT_ROOT, corpusRoot, rows: ROWS, rounds: 1, parts: 4, ray: false, log: (line: string) => log.push(line) });
    const dir = join(corpusRoot, `engines-${ROWS}`);
    expect(readFileSync(join(dir, "screenings.jsonl"), "utf8")).toBe(`${screeningLines(ROWS, 1).join("\n")}\n`);
    expect(readdirSync(join(dir, "parquet"))).toEqual(["part-000.parquet", "part-001.parquet", "part-002.parquet", "part-003.parquet"]);
    expect(existsSync(join(dir, "parquet-1", "part-000.parquet"))).toBe(true);
    expect(log).toContain(`  input: 3,000 screenings in ${dir} (generated)`);
    const byMeasure = new Map(first.rows.map((row) => [row[0], row]));
    expect(byMeasure.get("replay engines: report JSON identical to js")).toEqual(["replay engines: report JSON identical to js", "all 3", "all", true, ""]);
    for (const name of ["duckdb jsonl", "duckdb parquet"]) {
      const [, value, target, , note] = byMeasure.get(`replay engines: ${name} / js`)!;
      expect(value).toMatch(/^\d+(\.\d+)?x \([\d,]+\/s\)$/);
      expect(note).toMatch(/^CPU time \d+(\.\d+)?x$/);
      expect(target).toBe(name === "duckdb jsonl" ? ">= 3x" : ">= 10x");
    }
    for (const name of ["js", "duckdb jsonl", "duckdb parquet"]) expect(byMeasure.get(`replay engines: ${name} peak RSS`)?.[1]).toMatch(/^\d+(\.\d)? MiB$/);
    expect(byMeasure.get("replay engines: ray 2 nodes / 1 node")).toEqual(["replay engines: ray 2 nodes / 1 node", "skipped", ">= 1.7x", undefined, "--no-ray"]);
  });

  it("reuses a finished input, and makes again one that was stopped half-way (no done.json)", async () => {
    const log: string[] = [];
    await measureReplayEngines({ root: PROJECT_ROOT, corpusRoot, rows: ROWS, rounds: 1, parts: 4, ray: false, log: (line: string) => log.push(line) });
    expect(log).toContain(`  input: 3,000 screenings in ${join(corpusRoot, `engines-${ROWS}`)} (cached)`);
    rmSync(join(corpusRoot, `engines-${ROWS}`, "done.json"));
    log.length = 0;
    await measureReplayEngines({ root: PROJECT_ROOT, corpusRoot, rows: ROWS, rounds: 1, parts: 4, ray: false, log: (line: string) => log.push(line) });
    expect(log).toContain(`  input: 3,000 screenings in ${join(corpusRoot, `engines-${ROWS}`)} (generated)`);
  });
});
