/**
 * `screenpol login`, `logout` and `auth status` (docs/sign-in.md). The codes
 * and the waiting go to stderr, as prompts do; the outcome to stdout. The
 * device code and the token are never printed: they are added to the
 * terminal's redactor the moment they arrive. Every other text of the sign-in
 * server (the codes, the addresses, the JWT's claims, also as read back from
 * the stored login) is printed through lint's own neutralising of control
 * characters (core/formats/pretty.ts), so it cannot set the window title, add
 * a hyperlink or rewrite the lines above.
 */
import { describeLocation, userCredentialStore } from "../../app/credentials.js";
import { UsageError } from "../../app/errors.js";
import { authStatus, loginBaseUrl, runLogin, runLoginWithToken, runLogout, shouldOpenBrowser, signedInClient, signInClient, storedToken, type AuthStatus } from "../../app/login.js";
import { MAX_SECRET_LENGTH } from "../../core/secret-redactor.js";
import { printable } from "../../core/formats/pretty.js";
import { renderTable } from "../table.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";

export interface LoginFlags {
  baseUrl?: string;
  issuer?: string;
  scopes?: string;
  browser?: boolean;
  /** `auth login --with-token`: the token on standard input instead of a device sign-in. */
  withToken?: boolean;
}

export async function loginCommand(flags: LoginFlags, io: CliIo): Promise<ExitCode> {
  const baseUrl = await loginBaseUrl({ flag: flags.baseUrl, env: io.env, cwd: io.cwd });
  if (flags.withToken) return loginWithTokenCommand(baseUrl, io);
  const scopes = flags.scopes === undefined ? undefined : flags.scopes.split(/[\s,]+/).filter((scope) => scope !== "");
  const client = signInClient(baseUrl, io.env, { issuer: flags.issuer });
  const store = userCredentialStore(io.env, (message) => io.stderr.write(`screenpol: warning: ${message}\n`));
  const cancel = new AbortController();
  void io.waitForInterrupt().then(() => cancel.abort());
  try {
    const outcome = await runLogin({
      client,
      store,
      scopes,
      signal: cancel.signal,
      onSecret: (secret) => io.addSecret?.(secret),
      onCodes: async (authorization) => {
        const minutes = Math.round(authorization.expiresIn / 60);
        io.stderr.write(
          [
            `First copy your one-time code: ${printable(authorization.userCode)}`,
            `Then open ${printable(authorization.verificationUri)} and enter it${authorization.verificationUriComplete ? ` (or open ${printable(authorization.verificationUriComplete)})` : ""}.`,
            `Waiting for approval; the code expires in ${minutes} minute${minutes === 1 ? "" : "s"}. Ctrl-C cancels.`,
            "",
          ].join("\n"),
        );
        if (shouldOpenBrowser({ noBrowser: flags.browser === false, stdoutIsTTY: io.stdout.isTTY === true, stderrIsTTY: io.stderr.isTTY === true, env: io.env, platform: process.platform })) await openBrowser(authorization.verificationUriComplete ?? authorization.verificationUri, io);
      },
    });
    const { login, location } = outcome;
    io.stdout.write(
      [
        `Signed in to ${baseUrl} ${login.user === undefined ? "(the token does not say as whom)" : `as ${describeUser(login.user)}`}.`,
        `  scopes   ${describeScopes(login.scopes)}`,
        `  expires  ${login.expiresAt === undefined ? "unknown" : readableTime(login.expiresAt)}`,
        `  kept in  ${describeLocation(location)}`,
        "",
      ].join("\n"),
    );
    if (outcome.previousNotRevoked !== undefined) {
      io.stderr.write(`screenpol: warning: the login this one replaced could not be revoked at the server (${outcome.previousNotRevoked}); ${revokeAdvice(login.signIn?.issuer)}\n`);
    }
    return EXIT.ok;
  } catch (error) {
    if (cancel.signal.aborted) {
      io.stderr.write("screenpol: login cancelled; nothing was stored\n");
      return EXIT.interrupted;
    }
    throw error;
  } finally {
    await client.close();
  }
}

/**
 * `screenpol auth login --with-token`: the token on standard input (at most
 * 16 KiB, as every secret; one trailing newline dropped, as `echo` and editors
 * add it), checked at the server, then stored as the base URL's login.
 */
async function loginWithTokenCommand(baseUrl: string, io: CliIo): Promise<ExitCode> {
  if (io.stdin === undefined || io.stdin.isTTY === true) {
    throw new UsageError("--with-token reads the token from standard input: pipe it in, e.g. `screenpol auth login --with-token < token.txt`", { parameter: "--with-token" });
  }
  const token = (await readBoundedInput(io.stdin, MAX_SECRET_LENGTH + 2)).replace(/\r?\n$/, "");
  if (token === "") throw new UsageError("--with-token: standard input is empty; pipe the token in", { parameter: "--with-token" });
  const store = userCredentialStore(io.env, (message) => io.stderr.write(`screenpol: warning: ${message}\n`));
  const outcome = await runLoginWithToken({ baseUrl, token, store, env: io.env, onSecret: (secret) => io.addSecret?.(secret) });
  const { login, location } = outcome;
  io.stdout.write(
    [
      `Signed in to ${baseUrl} with the token from standard input${login.user === undefined ? "" : ` as ${describeUser(login.user)}`}: the server accepts it.`,
      `  scopes   ${login.scopes.length === 0 ? "unknown (the token does not say)" : describeScopes(login.scopes)}`,
      `  expires  ${login.expiresAt === undefined ? "unknown (the token does not say)" : readableTime(login.expiresAt)}`,
      `  kept in  ${describeLocation(location)}`,
      "",
    ].join("\n"),
  );
  if (outcome.previousNotRevoked !== undefined) {
    io.stderr.write(`screenpol: warning: the login this one replaced could not be revoked at the server (${outcome.previousNotRevoked}); ${revokeAdvice(undefined)}\n`);
  }
  return EXIT.ok;
}

/**
 * Standard input as text, refused past `limit` characters without holding
 * more: a secret is never longer than {@link MAX_SECRET_LENGTH}, and a file
 * piped by mistake should not be read whole.
 */
async function readBoundedInput(input: NodeJS.ReadableStream, limit: number): Promise<string> {
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    text += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    if (text.length > limit) {
      throw new UsageError(`--with-token: standard input is longer than any token (more than ${MAX_SECRET_LENGTH} characters); nothing was stored`, { parameter: "--with-token" });
    }
  }
  return text + decoder.decode();
}

/**
 * `screenpol auth token`: prints the stored login's token on stdout, for
 * scripts (`curl -H "Authorization: Bearer $(screenpol auth token)"`), as
 * `gh auth token` does, on a terminal too: the person asked for it by name.
 * The one command that prints a secret, so it writes past the redactor.
 */
export async function authTokenCommand(flags: { baseUrl?: string }, io: CliIo): Promise<ExitCode> {
  const baseUrl = await loginBaseUrl({ flag: flags.baseUrl, env: io.env, cwd: io.cwd });
  const token = await storedToken({ baseUrl, store: userCredentialStore(io.env) });
  // Every other line redacts it, as in any command; only the line asked for carries it.
  io.addSecret?.(token);
  if (io.env.SCREENPOL_API_TOKEN) io.stderr.write("screenpol: warning: this is the stored login's token; remote commands send SCREENPOL_API_TOKEN instead while it is set\n");
  if (io.writeSecret === undefined) throw new Error("auth token needs the terminal's unredacted stdout");
  io.writeSecret(`${token}\n`);
  return EXIT.ok;
}

export async function logoutCommand(flags: { baseUrl?: string }, io: CliIo): Promise<ExitCode> {
  const baseUrl = await loginBaseUrl({ flag: flags.baseUrl, env: io.env, cwd: io.cwd });
  const clients: ReturnType<typeof signInClient>[] = [];
  try {
    const outcome = await runLogout({
      baseUrl,
      connect: (endpoints) => {
        const client = signInClient(baseUrl, io.env, { endpoints });
        clients.push(client);
        return client;
      },
      store: userCredentialStore(io.env),
      onSecret: (secret) => io.addSecret?.(secret),
    });
    if (!outcome.removed) {
      io.stdout.write(`Not signed in to ${baseUrl}: nothing to do.\n`);
      return EXIT.ok;
    }
    if (outcome.unreadable !== undefined) {
      io.stdout.write(`Signed out of ${baseUrl} here: the unreadable stored login is deleted.\n`);
      io.stderr.write(`screenpol: the stored login could not be read (${outcome.unreadable}), so its token could not be revoked at the server; revoke it on the approval page\n`);
      return EXIT.remote;
    }
    if (outcome.revocationUnsupported !== undefined) {
      // RFC 7009 lets a server refuse to revoke a kind of token: no retry or other request would revoke it, so this is no failure of logout's.
      const { issuer, expiresAt } = outcome.revocationUnsupported;
      io.stdout.write(`Signed out of ${baseUrl} here: the stored login is deleted.\n`);
      io.stderr.write(
        `screenpol: warning: ${printable(issuer)} does not revoke this kind of token (unsupported_token_type), so it stays valid${expiresAt === undefined ? "" : ` until ${readableTime(expiresAt)}`}; to end it sooner, revoke screenpol's access in the sign-in provider's console\n`,
      );
      return EXIT.ok;
    }
    if (outcome.revokeFailure !== undefined) {
      io.stdout.write(`Signed out of ${baseUrl} here: the stored login is deleted.\n`);
      io.stderr.write(`screenpol: the token could not be revoked at the server (${outcome.revokeFailure}); it stays valid until it expires unless you ${revokeAdvice(outcome.signInIssuer)}\n`);
      return EXIT.remote;
    }
    io.stdout.write(`Signed out of ${baseUrl}: the token is revoked and the stored login deleted.\n`);
    return EXIT.ok;
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
}

export async function authStatusCommand(flags: { baseUrl?: string; tokenFile?: string; format?: "pretty" | "json"; offline?: boolean }, io: CliIo): Promise<ExitCode> {
  const baseUrl = await loginBaseUrl({ flag: flags.baseUrl, env: io.env, cwd: io.cwd });
  const status = await authStatus({ baseUrl, env: io.env, tokenFile: flags.tokenFile, store: userCredentialStore(io.env), offline: flags.offline === true, onSecret: (secret) => io.addSecret?.(secret) });
  if (flags.format === "json") io.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
  else io.stdout.write(describeStatus(status));
  if (status.warning !== undefined && flags.format !== "json") io.stderr.write(`screenpol: warning: ${status.warning}\n`);
  if (status.source === "none") {
    if (flags.format !== "json") io.stderr.write(`screenpol: not signed in to ${baseUrl}: run \`screenpol login\`, or set SCREENPOL_API_TOKEN\n`);
    return EXIT.usage;
  }
  if (status.source === "login" && status.expired) return EXIT.remote;
  const server = status.server;
  if (server === undefined || server.state === "active") return EXIT.ok;
  if (flags.format !== "json") {
    if (server.state === "revoked" && status.source === "login") {
      io.stderr.write(`screenpol: your stored login for ${baseUrl} is revoked at the server (${server.detail ?? `${server.via}: not active`}): run \`screenpol login\`\n`);
    } else if (server.state === "revoked") {
      io.stderr.write(`screenpol: the server refuses the credential: ${server.detail ?? server.via}\n`);
    } else {
      io.stderr.write(`screenpol: could not ask the server whether the credential is valid (${server.detail ?? server.via}); \`screenpol auth status --offline\` shows what is stored here\n`);
    }
  }
  return EXIT.remote;
}

export async function authClientsCommand(flags: { baseUrl?: string; tokenFile?: string; format?: "pretty" | "json" }, io: CliIo): Promise<ExitCode> {
  const client = await signedInClient({ flag: flags.baseUrl, tokenFile: flags.tokenFile, env: io.env, cwd: io.cwd, onSecret: (secret) => io.addSecret?.(secret) });
  try {
    const clients = await client.listAuthorizedClients();
    if (flags.format === "json") {
      io.stdout.write(`${JSON.stringify({ authorizedClients: clients }, null, 2)}\n`);
      return EXIT.ok;
    }
    if (clients.length === 0) {
      io.stdout.write("No authorized clients.\n");
      return EXIT.ok;
    }
    const day = (iso: string | null) => (iso === null ? "-" : readableTime(iso));
    const rows = clients.map((entry) => [entry.id, entry.clientId, entry.scopes.join(" "), day(entry.issuedAt), day(entry.expiresAt), day(entry.lastUsedAt), entry.revokedAt === null ? "valid" : `revoked ${day(entry.revokedAt)}`]);
    io.stdout.write(renderTable(["ID", "CLIENT", "SCOPES", "ISSUED", "EXPIRES", "LAST USED", "STATE"], rows));
    return EXIT.ok;
  } finally {
    await client.close();
  }
}

export async function authRevokeCommand(authorizedClientId: string, flags: { baseUrl?: string; tokenFile?: string }, io: CliIo): Promise<ExitCode> {
  const client = await signedInClient({ flag: flags.baseUrl, tokenFile: flags.tokenFile, env: io.env, cwd: io.cwd, onSecret: (secret) => io.addSecret?.(secret) });
  try {
    await client.revokeAuthorizedClient(authorizedClientId);
    io.stdout.write(`Revoked authorized client ${authorizedClientId}: its token no longer works.\n`);
    return EXIT.ok;
  } finally {
    await client.close();
  }
}

function describeStatus(status: AuthStatus): string {
  const lines = [`base URL     ${status.baseUrl}`];
  const sources: Record<AuthStatus["source"], string> = {
    SCREENPOL_API_TOKEN: "the API token in SCREENPOL_API_TOKEN",
    "--token-file": "the API token in the --token-file file",
    login: "the stored login (screenpol login)",
    none: "none",
  };
  lines.push(`credential   ${sources[status.source]}`);
  if (status.server !== undefined) lines.push(`server       ${describeVerdict(status)}`);
  if (status.storedIn !== undefined) {
    const withToken = status.origin === "withToken";
    if (status.loginShadowed) lines.push("stored login (not used: the API token comes first)");
    lines.push(`  user       ${status.user === undefined ? "unknown (the token does not say)" : describeUser(status.user)}`);
    lines.push(`  scopes     ${withToken && (status.scopes ?? []).length === 0 ? "unknown (the token does not say)" : describeScopes(status.scopes ?? [])}`);
    if (status.expiresAt === undefined) lines.push("  expires    unknown (the token does not say)");
    else {
      const left = status.expired ? "expired" : status.daysLeft === 0 ? "less than a day left" : `${status.daysLeft} day${status.daysLeft === 1 ? "" : "s"} left`;
      lines.push(`  expires    ${readableTime(status.expiresAt)} (${left})`);
    }
    lines.push(`  kept in    ${status.storedIn}${withToken ? " (given with auth login --with-token)" : ""}`);
  }
  return `${lines.join("\n")}\n`;
}

function describeVerdict(status: AuthStatus): string {
  const server = status.server!;
  switch (server.state) {
    case "active":
      return `accepts it (asked just now: ${server.via})`;
    case "revoked":
      return status.source === "login" ? `revoked at the server (asked just now: ${server.via})` : `refuses it (asked just now: ${server.via})`;
    case "unchecked":
      return `could not be asked (${server.via})`;
  }
}

/** Where a person revokes a token screenpol could not: the emulator's approval page, or the sign-in provider's console. */
function revokeAdvice(issuer: string | undefined): string {
  return issuer === undefined ? "revoke it on the approval page" : `revoke it in the console of ${printable(issuer)}`;
}

/** The JWT's email and name, else its subject; the server chose each. */
function describeUser(user: NonNullable<AuthStatus["user"]>): string {
  if (!user.email) return printable(user.id);
  return `${printable(user.email)}${user.name ? ` (${printable(user.name)})` : ""}`;
}

function describeScopes(scopes: readonly string[]): string {
  return scopes.map(printable).join(", ") || "(none)";
}

/** `2026-12-25 18:00 UTC`. */
function readableTime(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

async function openBrowser(url: string, io: CliIo): Promise<void> {
  try {
    const { default: open } = await import("open");
    const child = await open(url, { wait: false });
    // A browser launcher that fails later says nothing useful to us; the URL is printed either way.
    child.on("error", () => undefined);
    child.unref();
  } catch {
    io.stderr.write("screenpol: could not open a browser; open the address above yourself\n");
  }
}
