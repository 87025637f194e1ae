/**
 * The emulator's two error kinds: an {@link EmulatorError} for what the
 * operator or a test got wrong (a corrupt state file, a bad fault spec, a
 * non-loopback host), one line each; and {@link HttpError}, an error response a
 * handler ends with. Nothing else is thrown on purpose; anything else becomes a
 * 500 `Internal Server Error` with no detail on the wire.
 */

/** A problem with the emulator's configuration or state file; the message is one line. */
export class EmulatorError extends Error {
  override readonly name = "EmulatorError";
}

/** An error response: its status and JSON body (admin-api.md, Errors). */
export class HttpError extends Error {
  override readonly name = "HttpError";
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.error === "string" ? body.error : `HTTP ${status}`);
  }
}

/** 400 `{error}` (admin-api.md, Errors). */
export function badRequest(message: string): HttpError {
  return new HttpError(400, { error: message });
}

/** 404 `{error: "Not Found", code: "not_found"}`: both members required (admin-api.md, Errors). */
export function notFound(): HttpError {
  return new HttpError(404, { error: "Not Found", code: "not_found" });
}

/** 403 `{error: "Access Forbidden"}`, with `code` when there is one (`sanctions_blocked`). */
export function forbidden(code?: string): HttpError {
  return new HttpError(403, code === undefined ? { error: "Access Forbidden" } : { error: "Access Forbidden", code });
}

/**
 * 403 `{error: "Access Forbidden"}` for a token without the route's scope,
 * naming the scope as a resource server does (RFC 6750, section 3.1): the body
 * stays the documented one, and the client can say which scope to grant.
 */
export function insufficientScope(scope: string): HttpError {
  return new HttpError(403, { error: "Access Forbidden" }, { "www-authenticate": `Bearer error="insufficient_scope", scope="${scope}"` });
}
