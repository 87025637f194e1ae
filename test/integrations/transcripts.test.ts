/**
 * Every transcript in README.md and docs/ runs as shown (support/transcripts.ts):
 * in a fresh copy of the sample repository that is a Git repository with one
 * commit, with `screenpol` on PATH as this run's build, and with an emulator
 * when the transcript asks for one.
 */
import { spawn } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_SCOPES_TOKEN, startHarness } from "../emulator/helpers.js";
import { BIN, PROJECT_ROOT } from "../helpers/run-cli.js";
import { outputLines, readTranscripts, type Transcript } from "./support/transcripts.js";

/** The sample repository as a reader of the docs has it. */
const SAMPLE_ENTRIES = ["screenpol.config.yaml", "policies", "webhooks", "catalog", "tests", "examples"];
const COMMAND_TIMEOUT_MS = 30_000;

const documents = [
  { path: join(PROJECT_ROOT, "README.md"), name: "README.md" },
  ...readdirSync(join(PROJECT_ROOT, "docs"))
    .filter((file) => file.endsWith(".md"))
    .map((file) => ({ path: join(PROJECT_ROOT, "docs", file), name: `docs/${file}` })),
];
const transcripts = documents.flatMap((document) => readTranscripts(document.path, document.name));

function sampleCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "screenpol-transcript-"));
  for (const entry of SAMPLE_ENTRIES) {
    if (existsSync(join(PROJECT_ROOT, entry))) cpSync(join(PROJECT_ROOT, entry), join(dir, entry), { recursive: true });
  }
  const shims = join(dir, ".bin");
  mkdirSync(shims);
  writeFileSync(join(shims, "screenpol"), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(shims, "screenpol"), 0o755);
  writeFileSync(join(dir, ".gitignore"), ".bin/\n");
  return dir;
}

function run(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", command], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), COMMAND_TIMEOUT_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function runTranscript(transcript: Transcript): Promise<void> {
  const dir = sampleCopy();
  const harness = transcript.emulator ? await startHarness() : undefined;
  try {
    const env: NodeJS.ProcessEnv = {
      PATH: `${join(dir, ".bin")}:${process.env.PATH ?? ""}`,
      HOME: dir,
      LANG: "C.UTF-8",
      NO_COLOR: "1",
      GIT_AUTHOR_NAME: "screenpol docs",
      GIT_AUTHOR_EMAIL: "docs@example.com",
      GIT_COMMITTER_NAME: "screenpol docs",
      GIT_COMMITTER_EMAIL: "docs@example.com",
      ...(harness ? { SCREENPOL_BASE_URL: harness.running.baseUrl, SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN } : {}),
    };
    const init = await run("git init -q && git add -A && git commit -qm 'sample repository'", dir, env);
    expect(init.stderr).toBe("");
    for (const step of transcript.commands) {
      const result = await run(step.command, dir, env);
      expect({ command: step.command, code: result.code, stdout: outputLines(result.stdout) }, result.stderr).toEqual({
        command: step.command,
        code: step.expectedExit,
        stdout: step.output,
      });
    }
  } finally {
    await harness?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The markers of README.md and every Markdown file under docs/, counted in the
 * raw text with a looser pattern than the reader's (any case and spacing,
 * anywhere on a line), apart from the reader and the list of documents above:
 * a harness that finds fewer transcripts than this silently runs fewer.
 */
function markersByDocument(): Record<string, number> {
  const names = ["README.md", ...readdirSync(join(PROJECT_ROOT, "docs"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".md")).map((file) => `docs/${file}`)];
  const counts: Record<string, number> = {};
  for (const name of names) {
    const count = readFileSync(join(PROJECT_ROOT, name), "utf8").match(/<!--\s*transcript\b/gi)?.length ?? 0;
    if (count > 0) counts[name] = count;
  }
  return counts;
}

describe("transcripts in the docs", () => {
  it("are read from every document that has them: as many per document as its raw text has markers, each with a command", () => {
    const found: Record<string, number> = {};
    for (const transcript of transcripts) {
      const name = transcript.where.slice(0, transcript.where.lastIndexOf(":"));
      found[name] = (found[name] ?? 0) + 1;
      expect(transcript.commands.length, transcript.where).toBeGreaterThan(0);
    }
    const expected = markersByDocument();
    expect(Object.keys(expected), "README.md shows transcripts").toContain("README.md");
    expect(found).toEqual(expected);
  });

  it.each(transcripts.map((transcript) => [transcript.where, transcript] as const))("%s runs as shown", async (_where, transcript) => {
    await runTranscript(transcript);
  }, 120_000);
});
