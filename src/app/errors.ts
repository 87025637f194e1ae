/**
 * The errors a use case ends with, besides findings (a value, not an error) and
 * the remote client's RemoteError: those of app, and a Git or credential store
 * failure, re-exported so that the command line, which talks to app and never
 * to workspace (style.md, layout), can tell them apart. Only cli/main.ts maps them to exit
 * codes (toolkit.md, Exit codes). RemoteError is not among them: main.ts tells
 * it by name, and importing it here would load node:http (remote/errors.ts)
 * at the start of every command, `lint` included; the commands that handle one
 * import it from admin.ts.
 */
export { UsageError } from "../remote/usage-error.js";
export { GitError } from "../workspace/git-index.js";
export { CredentialStoreError } from "../workspace/credentials/stored-login.js";

/** The weakening check's engines and decide() disagree about an answer, which is then not reported (exit 70). */
export { EngineDisagreement } from "../core/semantics/weakening/decided-as-reported.js";

/** The configuration cannot be used: unreadable, invalid, or an environment it does not declare. Exit 2. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** The live revision is not the one planned against; nothing was written. Exit 3. */
export class ConflictError extends Error {
  override readonly name = "ConflictError";
}

/**
 * A file the command would write carries one of the invocation's secrets (the
 * API token, in any form), because the server put it in its answer. Refused
 * rather than written redacted, so a written file never silently differs from
 * what is live; nothing was written. Exit 4, as a remote failure.
 */
export class SecretInResponseError extends Error {
  override readonly name = "SecretInResponseError";
}

/**
 * The stored login is past its expiry (30 days after `screenpol login`): an
 * authentication failure like a 401, exit 4, found without a request.
 */
export class LoginExpiredError extends Error {
  override readonly name = "LoginExpiredError";
  constructor(
    readonly baseUrl: string,
    readonly expiresAt: string,
  ) {
    super(`your login for ${baseUrl} expired on ${expiresAt.replace("T", " ").replace(/(:\d\d)(\.\d+)?Z$/, "$1 UTC")}: run \`screenpol login\``);
  }
}

/** A cluster screenpol runs a job on could not be reached (docs/replay.md, "Ray"): a remote failure, exit 4. */
export class ClusterUnreachableError extends Error {
  override name = "ClusterUnreachableError";
}
