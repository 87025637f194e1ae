import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { outputLines, readTranscripts } from "./support/transcripts.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function document(text: string): string {
  dir = mkdtempSync(join(tmpdir(), "screenpol-transcript-format-"));
  const path = join(dir, "doc.md");
  writeFileSync(path, text);
  return path;
}

describe("reading transcripts", () => {
  it("splits commands, outputs and stated exit codes; unmarked blocks are prose", () => {
    const path = document(
      ["# Doc", "```console", "$ not run", "```", "<!-- transcript: emulator -->", "```console", "$ screenpol lint", "ok  ", "", "$ screenpol test   # exits 1", "1 passed, 1 failed", "```", ""].join("\n"),
    );
    expect(readTranscripts(path, "doc.md")).toEqual([
      {
        where: "doc.md:6",
        emulator: true,
        commands: [
          { command: "screenpol lint", expectedExit: 0, output: ["ok"] },
          { command: "screenpol test   # exits 1", expectedExit: 1, output: ["1 passed, 1 failed"] },
        ],
      },
    ]);
  });

  it("refuses a marker without its block, and a block that never closes", () => {
    expect(() => readTranscripts(document("<!-- transcript -->\ntext\n"), "doc.md")).toThrow("doc.md:1: a transcript marker must be followed directly by a ```console block");
    expect(() => readTranscripts(document("<!-- transcript -->\n```console\n$ x\n"), "doc.md")).toThrow("doc.md:2: the transcript's block is never closed");
  });

  it("compares output without trailing spaces or the final newline", () => {
    expect(outputLines("a  \nb\n")).toEqual(["a", "b"]);
    expect(outputLines("")).toEqual([]);
  });
});
