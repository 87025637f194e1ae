/**
 * A minimal Language Server Protocol client over stdio: Content-Length framing,
 * requests with ids, notifications, and answers to the server's own requests.
 * Just enough to drive a real language server the way an editor does.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

export interface Message {
  jsonrpc: "2.0";
  id?: number | string;
  method?: string;
  params?: any;
  result?: any;
  error?: { code: number; message: string };
}

export type ServerRequestHandler = (method: string, params: any) => unknown;

export class LspClient {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every notification the server sent, in order. */
  readonly notifications: Message[] = [];
  /** Every request the server sent, in order (method and params). */
  readonly serverRequests: Message[] = [];
  stderr = "";
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: any): void; reject(error: Error): void }>();
  private readonly waiters: Array<{ test(message: Message): boolean; resolve(message: Message): void }> = [];
  private closed = false;

  constructor(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }, private readonly onServerRequest: ServerRequestHandler) {
    this.child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout.on("data", (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.setEncoding("utf8").on("data", (chunk: string) => (this.stderr += chunk));
    this.child.on("close", () => {
      this.closed = true;
      for (const { reject } of this.pending.values()) reject(new Error(`language server exited; stderr:\n${this.stderr}`));
      this.pending.clear();
    });
  }

  request<T = any>(method: string, params: unknown, timeoutMs = 15_000): Promise<T> {
    const id = this.nextId++;
    this.send({ jsonrpc: "2.0", id, method, params });
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer in ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: "2.0", method, params });
  }

  /** The first notification (already received or still to come) that passes `test`. */
  waitForNotification(test: (message: Message) => boolean, timeoutMs = 15_000, what = "notification"): Promise<Message> {
    const seen = this.notifications.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} in ${timeoutMs} ms; stderr:\n${this.stderr}`)), timeoutMs);
      this.waiters.push({
        test,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  }

  /** Polite shutdown, then a kill if the server lingers: the test never leaves it running. */
  async close(): Promise<void> {
    if (this.closed) return;
    const exited = new Promise<void>((resolve) => this.child.once("close", () => resolve()));
    try {
      await this.request("shutdown", null, 3_000);
      this.notify("exit", null);
    } catch {
      // fall through to the kill
    }
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 3_000);
    await exited;
    clearTimeout(timer);
  }

  private send(message: Message): void {
    const body = Buffer.from(JSON.stringify(message), "utf8");
    this.child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]));
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf("\r\n\r\n");
      if (headerEnd === -1) return;
      const header = this.buffer.subarray(0, headerEnd).toString("ascii");
      const length = Number(/Content-Length: *(\d+)/i.exec(header)?.[1]);
      if (!Number.isInteger(length)) throw new Error(`bad LSP header: ${header}`);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString("utf8");
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.dispatch(JSON.parse(body) as Message);
    }
  }

  private dispatch(message: Message): void {
    if (message.method !== undefined && message.id !== undefined) {
      this.serverRequests.push(message);
      let result: unknown = null;
      try {
        result = this.onServerRequest(message.method, message.params) ?? null;
      } catch (error) {
        this.send({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: String(error) } });
        return;
      }
      this.send({ jsonrpc: "2.0", id: message.id, result });
    } else if (message.method !== undefined) {
      this.notifications.push(message);
      for (let i = this.waiters.length - 1; i >= 0; i--) {
        const waiter = this.waiters[i]!;
        if (waiter.test(message)) {
          this.waiters.splice(i, 1);
          waiter.resolve(message);
        }
      }
    } else if (typeof message.id === "number") {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (!pending) return;
      if (message.error) pending.reject(new Error(`${message.error.code}: ${message.error.message}`));
      else pending.resolve(message.result);
    }
  }
}

/** LSP text document URI of an absolute POSIX path. */
export function fileUri(path: string): string {
  return `file://${path.split("/").map(encodeURIComponent).join("/")}`;
}
