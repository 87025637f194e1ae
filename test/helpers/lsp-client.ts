/**
 * An editor's side of `screenpol lsp --stdio`: the built CLI as a child
 * process, spoken to over its standard input and output with vscode-jsonrpc,
 * as VS Code's client does. Diagnostics are kept per document as published;
 * `settle` is a request answered only after every edit sent before it is
 * linted, so the diagnostics read after it are those of the latest text.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from "vscode-jsonrpc/node.js";
import { BIN } from "./run-cli.js";

export interface LspDiagnostic {
  range: LspRange;
  severity: number;
  code: string;
  codeDescription?: { href: string };
  source?: string;
  message: string;
  data?: unknown;
}

export interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export interface TextEdit {
  range: LspRange;
  newText: string;
}

export interface LspClient {
  connection: MessageConnection;
  /** The server's answer to `initialize`. */
  initialized: { capabilities: Record<string, unknown>; serverInfo?: { name: string; version?: string } };
  process: ChildProcess;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  /** The last diagnostics published for the file (absolute path), or undefined when none were. */
  diagnostics(path: string): LspDiagnostic[] | undefined;
  /** Resolves with the next diagnostics published for the file. */
  nextDiagnostics(path: string): Promise<LspDiagnostic[]>;
  open(path: string, text: string): void;
  change(path: string, version: number, changes: Array<{ range: LspRange; text: string } | { text: string }>): void;
  /** Waits until the server has linted every edit sent so far (a request that waits for them). */
  settle(path: string): Promise<void>;
  /** shutdown, exit, and the process's exit code. */
  stop(): Promise<number | null>;
  /** The exit code once the process ended. */
  exited: Promise<number | null>;
}

export const uriOf = (path: string): string => pathToFileURL(path).href;

/** `capabilities`: the client's, sent in `initialize` (none by default); `env`: set in the server's environment. */
export async function startLspClient(cwd: string, options: { timeoutMs?: number; capabilities?: Record<string, unknown>; env?: Record<string, string> } = {}): Promise<LspClient> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  delete env.SCREENPOL_API_TOKEN;
  const child = spawn(process.execPath, [BIN, "lsp", "--stdio"], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  // A server that hangs must not hang the test run.
  const killer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => (clearTimeout(killer), resolve(code))));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published = new Map<string, LspDiagnostic[]>();
  const waiting = new Map<string, Array<(diagnostics: LspDiagnostic[]) => void>>();
  connection.onNotification("textDocument/publishDiagnostics", (params: { uri: string; diagnostics: LspDiagnostic[] }) => {
    published.set(params.uri, params.diagnostics);
    const waiters = waiting.get(params.uri) ?? [];
    waiting.delete(params.uri);
    for (const waiter of waiters) waiter(params.diagnostics);
  });
  connection.onNotification("window/logMessage", () => undefined);
  connection.listen();
  const initialized = await connection.sendRequest<LspClient["initialized"]>("initialize", { processId: process.pid, rootUri: uriOf(cwd), capabilities: options.capabilities ?? {} });
  await connection.sendNotification("initialized", {});
  return {
    connection,
    initialized,
    process: child,
    stderr: () => stderr,
    diagnostics: (path) => published.get(uriOf(path)),
    nextDiagnostics: (path) => new Promise((resolve) => waiting.set(uriOf(path), [...(waiting.get(uriOf(path)) ?? []), resolve])),
    open(path, text) {
      void connection.sendNotification("textDocument/didOpen", { textDocument: { uri: uriOf(path), languageId: "yaml", version: 1, text } });
    },
    change(path, version, changes) {
      void connection.sendNotification("textDocument/didChange", { textDocument: { uri: uriOf(path), version }, contentChanges: changes });
    },
    async settle(path) {
      await connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri: uriOf(path) } });
    },
    async stop() {
      await connection.sendRequest("shutdown");
      await connection.sendNotification("exit");
      const code = await exited;
      connection.dispose();
      return code;
    },
    exited,
  };
}

/** The text with LSP edits applied (positions of the text before them; the edits do not overlap). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lineStarts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lineStarts.push(at + 1);
  const offset = (position: LspRange["start"]): number => Math.min(text.length, (lineStarts[position.line] ?? text.length) + position.character);
  let out = text;
  for (const edit of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) {
    out = out.slice(0, offset(edit.range.start)) + edit.newText + out.slice(offset(edit.range.end));
  }
  return out;
}
