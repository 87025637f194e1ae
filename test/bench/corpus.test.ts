/**
 * The bench's generated corpus (bench/corpus.js) is what a healthy repository
 * holds: it lints clean, and bench/run.js refuses to report throughput on one
 * that does not (one line, exit 2), since a finding in every timed run would
 * measure the cost of reporting it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureCorpus, uncleanCorpusLine } from "../../bench/corpus.js";
import { lint } from "../../src/index.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("bench/corpus.js", () => {
  it("generates policies that lint clean (no shadowed-rule: the rules' actions only weaken down the list)", async () => {
    dir = mkdtempSync(join(tmpdir(), "screenpol-corpus-"));
    // The bench's seed; 1,200 policies held 29 shadowed-rule errors before the generator kept the actions in order.
    const corpus = ensureCorpus({ dir, count: 1200, force: true });
    expect(corpus.files).toHaveLength(1200);
    const run = await lint([], { cwd: dir });
    expect(run.filesLinted).toBe(1201);
    expect(run.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([]);
  }, 120_000);

  it("gives bench/run.js one line to print before it exits 2 when the corpus is not clean, none when it is", () => {
    const finding = { file: "policies/env-0018/vendorAWalletScreening/TRANSACTION.yaml", line: 72, code: "shadowed-rule" };
    expect(uncleanCorpusLine([])).toBeUndefined();
    expect(uncleanCorpusLine([finding, { ...finding, line: 80 }])).toBe(
      "bench: the corpus is not lint-clean (2 findings: shadowed-rule; first policies/env-0018/vendorAWalletScreening/TRANSACTION.yaml:72 shadowed-rule); not reporting throughput: fix bench/corpus.js and regenerate (--regen)",
    );
  });
});
