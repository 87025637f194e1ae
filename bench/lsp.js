/**
 * `screenpol lsp` keystroke latency (issue 28, Speed): the built CLI's server
 * over stdio, as an editor runs it, on a repository with one 40-rule vendorA
 * policy (bench/weakening.js sizePair). Each keystroke is one incremental
 * change that flips the diagnostics (a letter typed after an action, making it
 * a schema error, then deleted), timed on the client side from just before the
 * change is written to the publishDiagnostics that follows it. Used by
 * bench/run.js; target p95 <= 30 ms.
 *
 * With `repository` (the benchmark corpus, bench/corpus.js: 1,250 environments'
 * files), the same policy is opened inside a copy of that repository's config
 * and policies, so every check over the files on disk (duplicate-policy, the
 * config's environments) runs at its size; target p95 <= 150 ms.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { stringify } from "yaml";
import { sizePair } from "./weakening.js";


/**
 * @param root      the package root (bin/, dist/ built)
 * @param edits     timed keystrokes (after `warmup` untimed ones)
 * @param timeoutMs per keystroke: one without diagnostics by then counts as a timeout
 * @param deadline  performance.now() after which no new keystroke starts
 * @param repository a repository whose screenpol.config.yaml and policies/ are copied around the
 *                  policy (default: the checkout's config alone)
 * @param environment the environment folder of the policy: one of the config's, and not live (no sanctions floor)
 * @param openTimeoutMs for the diagnostics of the didOpen, which load the repository's files first
 */
export async function measureLspLatency({ root, edits = 1000, warmup = 20, timeoutMs = 2_000, deadline, repository, environment = "sandbox", openTimeoutMs = 60_000 }) {
  const rpc = createRequire(join(root, "package.json"))("vscode-jsonrpc/node");
  const repo = mkdtempSync(join(tmpdir(), "screenpol-bench-lsp-"));
  const policy = `policies/${environment}/vendorAWalletScreening/TRANSACTION.yaml`;
  cpSync(join(repository ?? root, "screenpol.config.yaml"), join(repo, "screenpol.config.yaml"));
  if (repository) cpSync(join(repository, "policies"), join(repo, "policies"), { recursive: true });
  mkdirSync(join(repo, dirname(policy)), { recursive: true });
  const text = stringify(sizePair("vendorAWalletScreening", 40).base.policy);
  writeFileSync(join(repo, policy), text);
  const uri = pathToFileURL(join(repo, policy)).href;
  const child = spawn(process.execPath, [join(root, "bin/screenpol.js"), "lsp", "--stdio"], { cwd: repo, stdio: ["pipe", "pipe", "inherit"] });
  const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
  let waiting;
  connection.onNotification("textDocument/publishDiagnostics", (params) => {
    if (params.uri !== uri || !waiting) return;
    const done = waiting;
    waiting = undefined;
    done.resolve({ ms: performance.now() - done.start, count: params.diagnostics.length });
  });
  connection.listen();
  const published = (limitMs = timeoutMs) => new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), limitMs);
    waiting = { start: performance.now(), resolve: (value) => (clearTimeout(timer), resolve(value)) };
  });
  const latencies = [];
  let timeouts = 0;
  let wrong = 0;
  let rssAfterWarmup;
  let rssAtEnd;
  let openMs;
  try {
    await connection.sendRequest("initialize", { processId: process.pid, rootUri: pathToFileURL(repo).href, capabilities: {} });
    await connection.sendNotification("initialized", {});
    let outcome = published(openTimeoutMs);
    await connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text } });
    // A keystroke timed before the open's own diagnostics arrived would be timed against them.
    const opened = await outcome;
    if (opened === undefined) throw new Error(`no diagnostics for the opened policy within ${openTimeoutMs} ms`);
    if (opened.count !== 0) throw new Error(`the opened policy has ${opened.count} diagnostics, expected none`);
    openMs = opened.ms;
    // Just after the first `action: BLOCK`: a letter there makes it a schema error, deleting it makes the file clean again.
    const lines = text.split("\n");
    const line = lines.findIndex((one) => /action: BLOCK$/.test(one));
    const at = { line, character: lines[line].length };
    for (let i = 0, version = 2; i < warmup + edits && performance.now() < deadline; i++, version++) {
      const typing = i % 2 === 0;
      const change = typing ? { range: { start: at, end: at }, text: "X" } : { range: { start: at, end: { line, character: at.character + 1 } }, text: "" };
      outcome = published();
      waiting.start = performance.now();
      await connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [change] });
      const result = await outcome;
      if (result === undefined) {
        timeouts++;
        continue;
      }
      if (result.count !== (typing ? 1 : 0)) wrong++;
      if (i >= warmup) latencies.push(result.ms);
      if (i === warmup) rssAfterWarmup = residentKiB(child.pid);
    }
    rssAtEnd = residentKiB(child.pid);
    await connection.sendRequest("shutdown");
    await connection.sendNotification("exit");
  } finally {
    connection.dispose();
    child.kill();
    rmSync(repo, { recursive: true, force: true });
  }
  return { latencies, timeouts, wrong, rules: 40, openMs, rssAfterWarmupKiB: rssAfterWarmup, rssAtEndKiB: rssAtEnd };
}

/** The server's resident set (Linux /proc), undefined elsewhere: whether memory stays flat over the keystrokes. */
function residentKiB(pid) {
  try {
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  } catch {
    return undefined;
  }
}

/**
 * The weakening lens (issue 28, Speed): in a Git repository whose HEAD holds
 * the 40-rule base policy, the head version (a threshold raised) and the base
 * are saved in turn; the client asks for code lenses every 50 ms until the
 * lens is no longer "computing": the time from the save is the lens's. Then,
 * `keystrokes` times, the head is saved and a keystroke typed 100 ms later,
 * while the comparison runs: its diagnostics' latency says whether the lens
 * blocks them (the edit cancels the comparison, by design). Targets: the
 * lens within 2 s of the save; the diagnostics as fast as without a lens.
 */
export async function measureLensLatency({ root, saves = 6, keystrokes = 10, timeoutMs = 30_000 }) {
  const { execFileSync } = await import("node:child_process");
  const rpc = createRequire(join(root, "package.json"))("vscode-jsonrpc/node");
  const repo = mkdtempSync(join(tmpdir(), "screenpol-bench-lens-"));
  const policy = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
  cpSync(join(root, "screenpol.config.yaml"), join(repo, "screenpol.config.yaml"));
  mkdirSync(join(repo, dirname(policy)), { recursive: true });
  const pair = sizePair("vendorAWalletScreening", 40);
  const base = stringify(pair.base.policy);
  const head = stringify(pair.head.policy);
  writeFileSync(join(repo, policy), base);
  const identity = { GIT_AUTHOR_NAME: "bench", GIT_AUTHOR_EMAIL: "bench@example.com", GIT_COMMITTER_NAME: "bench", GIT_COMMITTER_EMAIL: "bench@example.com" };
  const git = (...args) => execFileSync("git", args, { cwd: repo, env: { ...process.env, ...identity } });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "base");
  const uri = pathToFileURL(join(repo, policy)).href;
  const child = spawn(process.execPath, [join(root, "bin/screenpol.js"), "lsp", "--stdio"], { cwd: repo, stdio: ["pipe", "pipe", "inherit"] });
  const connection = rpc.createMessageConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
  let waiting;
  connection.onNotification("textDocument/publishDiagnostics", (params) => {
    if (params.uri !== uri || !waiting) return;
    const done = waiting;
    waiting = undefined;
    done.resolve(performance.now() - done.start);
  });
  connection.listen();
  const lensTitle = async () => {
    const lenses = (await connection.sendRequest("textDocument/codeLens", { textDocument: { uri } })) ?? [];
    return lenses.map((lens) => lens.command?.title ?? "").find((title) => title.startsWith("compared with HEAD"));
  };
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  let version = 1;
  const change = async (contentChanges) => {
    const outcome = new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), 2_000);
      waiting = { start: performance.now(), resolve: (value) => (clearTimeout(timer), resolve(value)) };
    });
    await connection.sendNotification("textDocument/didChange", { textDocument: { uri, version: ++version }, contentChanges });
    return outcome;
  };
  const save = async (text) => {
    writeFileSync(join(repo, policy), text);
    await change([{ text }]);
    const saved = performance.now();
    await connection.sendNotification("textDocument/didSave", { textDocument: { uri } });
    return saved;
  };
  const lensMs = [];
  const titles = [];
  const duringLens = [];
  try {
    await connection.sendRequest("initialize", { processId: process.pid, rootUri: pathToFileURL(repo).href, capabilities: {} });
    await connection.sendNotification("initialized", {});
    await connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version, text: base } });
    for (let index = 0; index < saves; index++) {
      const saved = await save(index % 2 === 0 ? head : base);
      let title;
      while (performance.now() - saved < timeoutMs) {
        title = await lensTitle();
        if (title !== undefined && !title.includes("computing")) break;
        await sleep(50);
      }
      lensMs.push(performance.now() - saved);
      titles.push(title);
    }
    const lines = head.split("\n");
    const line = lines.findIndex((one) => /action: BLOCK$/.test(one));
    const at = { line, character: lines[line].length };
    for (let index = 0; index < keystrokes; index++) {
      await save(head);
      await sleep(100);
      const computing = (await lensTitle())?.includes("computing") === true;
      const ms = await change([{ range: { start: at, end: at }, text: "X" }]);
      if (computing && ms !== undefined) duringLens.push(ms);
      await change([{ range: { start: at, end: { line, character: at.character + 1 } }, text: "" }]);
      await save(base);
      await sleep(50);
    }
    await connection.sendRequest("shutdown");
    await connection.sendNotification("exit");
  } finally {
    connection.dispose();
    child.kill();
    rmSync(repo, { recursive: true, force: true });
  }
  return { lensMs, titles, duringLens };
}
