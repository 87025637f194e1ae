/**
 * The little HTTP the handler needs: read a bounded body, answer JSON or
 * nothing. Responses to a connection that is already gone are dropped quietly.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_BODY_DEPTH } from "./bounds.js";
import { badRequest, HttpError } from "./errors.js";
import { nestsDeeperThan } from "./json-depth.js";

/** Largest accepted request body: the linter's 1 MiB limit on a policy file. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** What a handler answers. */
export interface Reply {
  status: number;
  /** JSON body; none for 204 and 304. */
  body?: unknown;
  /** The body already serialized as JSON, in place of `body`. */
  json?: string;
  /** An HTML page, in place of `body` (the sign-in approval page). */
  html?: string;
  headers?: Record<string, string>;
}

/** The client closed the connection before its request was complete: nobody to answer. */
export class ClientGone extends Error {
  override readonly name = "ClientGone";
}

/** Reads the whole body; 413 past {@link MAX_BODY_BYTES}; {@link ClientGone} when the client left first. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const gone = (): void => reject(new ClientGone("the client closed the connection mid-request"));
    request.on("data", (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        tooLarge = true;
        reject(new HttpError(413, { error: `Payload Too Large: the body is over ${MAX_BODY_BYTES} bytes` }, { connection: "close" }));
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => {
      if (!tooLarge) resolve(Buffer.concat(chunks).toString("utf8"));
    });
    request.on("error", gone);
    request.on("close", () => {
      if (!request.complete) gone();
    });
  });
}

/** Sends a reply; a no-op when the connection was closed or destroyed meanwhile. */
export function send(response: ServerResponse, reply: Reply): void {
  if (response.writableEnded || response.destroyed || response.socket?.destroyed) return;
  const headers: Record<string, string | number> = { "cache-control": "no-store", ...reply.headers };
  if (reply.html !== undefined) {
    headers["content-type"] = "text/html; charset=utf-8";
    headers["content-length"] = Buffer.byteLength(reply.html);
    response.writeHead(reply.status, headers);
    response.end(reply.html);
    return;
  }
  if ((reply.body === undefined && reply.json === undefined) || reply.status === 204 || reply.status === 304) {
    response.writeHead(reply.status, headers);
    response.end();
    return;
  }
  const text = reply.json ?? JSON.stringify(reply.body);
  headers["content-type"] = "application/json; charset=utf-8";
  headers["content-length"] = Buffer.byteLength(text);
  response.writeHead(reply.status, headers);
  response.end(text);
}

/**
 * Parses a JSON request body; 400 when it is not JSON, or when it nests deeper
 * than {@link MAX_BODY_DEPTH} (checked on the text, before anything walks it).
 * An empty body is undefined.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") return undefined;
  if (nestsDeeperThan(text, MAX_BODY_DEPTH)) {
    throw badRequest(`the request body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep; no request needs that`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("the request body is not valid JSON");
  }
}
