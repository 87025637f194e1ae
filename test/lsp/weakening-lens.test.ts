/**
 * The weakening lens of `screenpol lsp --stdio` (docs/editors.md): on save,
 * the policy's first code lens says what `compare --base HEAD` says of the
 * saved file, computed in the server's comparison process, which the next
 * edit cancels by killing it.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCommittedRepo } from "../helpers/committed-repo.js";
import { startLspClient, uriOf, type LspClient } from "../helpers/lsp-client.js";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const THRESHOLD = "riskScore: { gte: 8.5 }";
const RAISED = "riskScore: { gte: 9.5 }";

let repo: TempRepo;
let client: LspClient;
let path: string;
let original: string;
let version = 1;
const logs: string[] = [];
let refreshes = 0;

beforeAll(async () => {
  repo = makeCommittedRepo().repo;
  path = join(repo.dir, POLICY);
  original = readFileSync(path, "utf8");
  // A client that can refresh lenses: the server asks it to whenever the weakening lens changes.
  client = await startLspClient(repo.dir, { capabilities: { workspace: { codeLens: { refreshSupport: true } } } });
  client.connection.onNotification("window/logMessage", (params: { message: string }) => logs.push(params.message));
  client.connection.onRequest("workspace/codeLens/refresh", () => {
    refreshes++;
    return null;
  });
  client.open(path, original);
  await client.settle(path);
});

afterAll(async () => {
  await client?.stop();
  repo?.remove();
});

interface Lens {
  range: { start: { line: number; character: number } };
  command: { title: string; command: string };
}

async function lenses(): Promise<Lens[]> {
  return client.connection.sendRequest<Lens[]>("textDocument/codeLens", { textDocument: { uri: uriOf(path) } });
}

/** The weakening lens (line 0, before the rules' lenses) once its comparison is over; polled, at most 600 times. */
async function settledWeakeningLens(): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const [first] = await lenses();
    if (first !== undefined && !first.command.title.endsWith("computing...")) return first.command.title;
    await sleep(100);
  }
  throw new Error("the weakening lens never settled");
}

/** The buffer replaced by `text`, written to disk, and saved, as an editor saves. */
async function editAndSave(text: string): Promise<void> {
  client.change(path, ++version, [{ text }]);
  writeFileSync(path, text);
  await client.connection.sendNotification("textDocument/didSave", { textDocument: { uri: uriOf(path) } });
}

describe("the weakening lens", () => {
  it("is absent before the first save, says weaker with compare's causes after a save that raises a threshold, equivalent after the save that takes it back", { timeout: 120_000 }, async () => {
    expect((await lenses()).every((lens) => !lens.command.title.startsWith("compared with HEAD"))).toBe(true);

    const raised = original.replace(THRESHOLD, RAISED);
    expect(raised).not.toBe(original);
    await editAndSave(raised);
    const compared = await runCli(["compare", "--base", "HEAD", "--format", "json", POLICY], { cwd: repo.dir });
    const [policy] = (JSON.parse(compared.stdout) as { policies: Array<{ verdict: string; causes: unknown[] }> }).policies;
    expect(policy!.verdict).toBe("weaker");
    const causes = policy!.causes.length;
    const [lens] = await lenses();
    expect(lens!.range.start).toEqual({ line: 0, character: 0 });
    expect(await settledWeakeningLens()).toBe(`compared with HEAD: weaker (${causes} cause${causes === 1 ? "" : "s"})`);
    // Asked to refresh when the comparison started and when it ended.
    expect(refreshes).toBeGreaterThanOrEqual(2);
    // The rules' "N test cases" lenses stay after it.
    expect((await lenses()).slice(1).every((rule) => / test cases?$/.test(rule.command.title))).toBe(true);

    await editAndSave(original);
    expect(await settledWeakeningLens()).toBe("compared with HEAD: equivalent (the file is as in HEAD)");
  });

  it("is cancelled by an edit while it computes: the comparison's child is killed, diagnostics still come, and the next save compares again", { timeout: 120_000 }, async () => {
    const raised = original.replace(THRESHOLD, RAISED);
    await editAndSave(raised);
    // The edit reaches the server long before a child Node process could start, lint both versions and run the solver.
    client.change(path, ++version, [{ text: `${raised}\n` }]);
    await client.settle(path);
    expect((await lenses())[0]!.command.title).toBe("compared with HEAD: cancelled by an edit; save to compare again");
    expect(logs).toContain(`screenpol: the comparison with HEAD of ${uriOf(path)} was cancelled by an edit`);
    expect(client.diagnostics(path)).toBeDefined();

    await editAndSave(raised);
    expect(await settledWeakeningLens()).toMatch(/^compared with HEAD: weaker \(\d+ causes?\)$/);
    await editAndSave(original);
    expect(await settledWeakeningLens()).toBe("compared with HEAD: equivalent (the file is as in HEAD)");
  });
});

describe("the weakening lens outside Git", () => {
  it("says compare's own line when there is no HEAD to compare with", { timeout: 120_000 }, async () => {
    const plain = makeTempRepo();
    const other = await startLspClient(plain.dir);
    try {
      const file = join(plain.dir, POLICY);
      other.open(file, readFileSync(file, "utf8"));
      await other.connection.sendNotification("textDocument/didSave", { textDocument: { uri: uriOf(file) } });
      const compared = await runCli(["compare", "--base", "HEAD", "--format", "json", POLICY], { cwd: plain.dir });
      expect(compared.code).toBe(2);
      let title = "";
      for (let attempt = 0; attempt < 600 && !title.startsWith("compared with HEAD: not"); attempt++) {
        const [first] = await other.connection.sendRequest<Lens[]>("textDocument/codeLens", { textDocument: { uri: uriOf(file) } });
        title = first?.command.title ?? "";
        await sleep(100);
      }
      expect(title).toBe(`compared with HEAD: not compared (${compared.stderr.trim().replace(/^screenpol: /, "")})`);
    } finally {
      await other.stop();
      plain.remove();
    }
  });
});

/** Whether the process runs (Linux /proc; a zombie has ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** Polls `condition` every 100 ms, at most 300 times. */
async function eventually(condition: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (condition()) return;
    await sleep(100);
  }
  throw new Error(`never: ${what}`);
}

/**
 * A server whose comparisons run a `git` that waits, before doing anything, for
 * a gate file the test creates (at most 60 s): a comparison held in Git for as
 * long as the test needs. Each waiting git writes its pid to `entered`.
 */
async function serverWithGatedGit(extraEnv: Record<string, string> = {}) {
  const { repo: gated } = makeCommittedRepo();
  const shims = join(gated.dir, ".shims");
  mkdirSync(shims);
  const gate = join(shims, "gate");
  const entered = join(shims, "entered");
  const realGit = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
  writeFileSync(
    join(shims, "git"),
    `#!/bin/sh\necho $$ >> "${entered}"\ni=0\nwhile [ ! -e "${gate}" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done\nexec "${realGit}" "$@"\n`,
  );
  chmodSync(join(shims, "git"), 0o755);
  const serverLogs: string[] = [];
  const server = await startLspClient(gated.dir, { env: { PATH: `${shims}:${process.env.PATH ?? ""}`, ...extraEnv } });
  server.connection.onNotification("window/logMessage", (params: { message: string }) => serverLogs.push(params.message));
  const file = join(gated.dir, POLICY);
  const text = readFileSync(file, "utf8");
  server.open(file, text);
  await server.settle(file);
  let serverVersion = 1;
  return {
    repo: gated,
    server,
    logs: serverLogs,
    file,
    text,
    openGate: () => writeFileSync(gate, ""),
    gitPids: () => (existsSync(entered) ? readFileSync(entered, "utf8").trim().split("\n").map(Number) : []),
    async save(next: string) {
      server.change(file, ++serverVersion, [{ text: next }]);
      writeFileSync(file, next);
      await server.connection.sendNotification("textDocument/didSave", { textDocument: { uri: uriOf(file) } });
    },
    edit(next: string) {
      server.change(file, ++serverVersion, [{ text: next }]);
    },
    async lens(): Promise<string> {
      const [first] = await server.connection.sendRequest<Lens[]>("textDocument/codeLens", { textDocument: { uri: uriOf(file) } });
      return first?.command.title ?? "";
    },
    /** The pids of the comparisons started so far, in order (the server's log). */
    comparingPids: () => serverLogs.flatMap((line) => /^screenpol: comparing .* with HEAD in comparison process (\d+)$/.exec(line)?.[1] ?? []).map(Number),
  };
}

describe("the comparison process", () => {
  it("is one process for every save: the second save is compared in the process that compared the first, started when the policy was opened", { timeout: 120_000 }, async () => {
    const session = await serverWithGatedGit();
    try {
      session.openGate();
      const raised = session.text.replace(THRESHOLD, RAISED);
      await session.save(raised);
      await eventually(() => session.logs.some((line) => line.startsWith(`screenpol: ${uriOf(session.file)}: compared with HEAD: weaker`)), "the first comparison ended");
      await session.save(session.text);
      await eventually(() => session.logs.includes(`screenpol: ${uriOf(session.file)}: compared with HEAD: equivalent (the file is as in HEAD)`), "the second comparison ended");
      const started = session.logs.filter((line) => /^screenpol: comparison process \d+ started$/.test(line));
      expect(started).toHaveLength(1);
      const [pid] = /\d+/.exec(started[0]!)!.map(Number);
      expect(session.comparingPids()).toEqual([pid, pid]);
      expect(alive(pid!)).toBe(true);
    } finally {
      await session.server.stop();
      session.repo.remove();
    }
  });

  it("cancelled by an edit, is killed with the Git it runs, and its comparison never reaches the lens: the next save is compared in a fresh process", { timeout: 120_000 }, async () => {
    const session = await serverWithGatedGit();
    try {
      const uri = uriOf(session.file);
      await session.save(session.text.replace(THRESHOLD, RAISED));
      // The comparison is under way, held in Git.
      await eventually(() => session.gitPids().length > 0, "the comparison reached git");
      const [cancelled] = session.comparingPids();
      const [heldGit] = session.gitPids();
      session.edit(`${session.text}\n`);
      await session.server.settle(session.file);
      expect(await session.lens()).toBe("compared with HEAD: cancelled by an edit; save to compare again");
      await eventually(() => !alive(cancelled!) && !alive(heldGit!), "the cancelled comparison's process and its git ended");
      const afterCancel = session.logs.length;
      // Were it still running, the held comparison would now go on and say "weaker".
      session.openGate();
      await session.save(session.text);
      await eventually(() => session.logs.slice(afterCancel).some((line) => line.startsWith(`screenpol: ${uri}: `)), "the next save's comparison ended");
      expect(session.logs.slice(afterCancel).filter((line) => line.startsWith(`screenpol: ${uri}: `))).toEqual([`screenpol: ${uri}: compared with HEAD: equivalent (the file is as in HEAD)`]);
      expect(await session.lens()).toBe("compared with HEAD: equivalent (the file is as in HEAD)");
      const pids = session.comparingPids();
      expect(pids).toHaveLength(2);
      expect(pids[1]).not.toBe(cancelled);
    } finally {
      await session.server.stop();
      session.repo.remove();
    }
  });

  it("stopped after SCREENPOL_LENS_TIMEOUT seconds, says unknown, is killed with the Git it runs, and a fresh process compares the next save", { timeout: 120_000 }, async () => {
    const session = await serverWithGatedGit({ SCREENPOL_LENS_TIMEOUT: "2" });
    try {
      const raised = session.text.replace(THRESHOLD, RAISED);
      await session.save(raised);
      await eventually(() => session.gitPids().length > 0, "the comparison reached git");
      const [stuck] = session.comparingPids();
      const [heldGit] = session.gitPids();
      await eventually(() => session.logs.includes(`screenpol: ${uriOf(session.file)}: compared with HEAD: unknown (not decided in 2 s)`), "the watchdog stopped the comparison");
      expect(await session.lens()).toBe("compared with HEAD: unknown (not decided in 2 s)");
      await eventually(() => !alive(stuck!) && !alive(heldGit!), "the stopped comparison's process and its git ended");
      session.openGate();
      await session.save(session.text);
      await eventually(() => session.logs.includes(`screenpol: ${uriOf(session.file)}: compared with HEAD: equivalent (the file is as in HEAD)`), "the next save was compared");
      const pids = session.comparingPids();
      expect(pids).toHaveLength(2);
      expect(pids[1]).not.toBe(stuck);
    } finally {
      await session.server.stop();
      session.repo.remove();
    }
  });

  it("run by hand, without the server's channel, says so in one line and exits 2", { timeout: 60_000 }, async () => {
    const plain = makeTempRepo();
    try {
      const run = await runCli(["lsp", "--comparison-process"], { cwd: plain.dir });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe("screenpol: lsp --comparison-process is started by `screenpol lsp --stdio` itself, with a channel to it\n");
    } finally {
      plain.remove();
    }
  });

  it("says on stderr, in one line, a SCREENPOL_LENS_TIMEOUT that is not a whole number of seconds, and serves all the same", { timeout: 60_000 }, async () => {
    const plain = makeTempRepo();
    const server = await startLspClient(plain.dir, { env: { SCREENPOL_LENS_TIMEOUT: "2.5s" } });
    try {
      const file = join(plain.dir, POLICY);
      server.open(file, readFileSync(file, "utf8"));
      await server.settle(file);
      expect(server.stderr()).toBe('screenpol: SCREENPOL_LENS_TIMEOUT must be a whole number of seconds from 1, not "2.5s"; the lens keeps its default\n');
    } finally {
      await server.stop();
      plain.remove();
    }
  });
});
