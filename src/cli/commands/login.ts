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
import { authStatus, loginBaseUrl, runLogin, runLogout, shouldOpenBrowser, signedInClient, signInClient, type AuthStatus } from "../../app/login.js";
import { printable } from "../../core/formats/pretty.js";
import { renderTable } from "../table.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";

export interface LoginFlags {
  baseUrl?: string;
  scopes?: string;
  browser?: boolean;
}

export async function loginCommand(flags: LoginFlags, io: CliIo): Promise<ExitCode> {
  const baseUrl = await loginBaseUrl({ flag: flags.baseUrl, env: io.env, cwd: io.cwd });
  const scopes = flags.scopes === undefined ? undefined : flags.scopes.split(/[\s,]+/).filter((scope) => scope !== "");
  const client = signInClient(baseUrl, io.env);
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
        `Signed in to ${baseUrl} as ${describeUser(login.user)}.`,
        `  scopes   ${describeScopes(login.scopes)}`,
        `  expires  ${readableTime(login.expiresAt)}`,
        `  kept in  ${describeLocation(location)}`,
        "",
      ].join("\n"),
    );
    if (outcome.previousNotRevoked !== undefined) {
      io.stderr.write(`screenpol: warning: the login this one replaced could not be revoked at the server (${outcome.previousNotRevoked}); revoke it on the approval page\n`);
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

export async function logoutCommand(flags: { baseUrl?: string }, io: CliIo): Promise<ExitCode> {
  const baseUrl = await loginBaseUrl({ flag: flags.baseUrl, env: io.env, cwd: io.cwd });
  const client = signInClient(baseUrl, io.env);
  try {
    const outcome = await runLogout({ client, store: userCredentialStore(io.env), onSecret: (secret) => io.addSecret?.(secret) });
    if (!outcome.removed) {
      io.stdout.write(`Not signed in to ${baseUrl}: nothing to do.\n`);
      return EXIT.ok;
    }
    if (outcome.unreadable !== undefined) {
      io.stdout.write(`Signed out of ${baseUrl} here: the unreadable stored login is deleted.\n`);
      io.stderr.write(`screenpol: the stored login could not be read (${outcome.unreadable}), so its token could not be revoked at the server; revoke it on the approval page\n`);
      return EXIT.remote;
    }
    if (outcome.revokeFailure !== undefined) {
      io.stdout.write(`Signed out of ${baseUrl} here: the stored login is deleted.\n`);
      io.stderr.write(`screenpol: the token could not be revoked at the server (${outcome.revokeFailure}); it stays valid until it expires unless you revoke it on the approval page\n`);
      return EXIT.remote;
    }
    io.stdout.write(`Signed out of ${baseUrl}: the token is revoked and the stored login deleted.\n`);
    return EXIT.ok;
  } finally {
    await client.close();
  }
}

export async function authStatusCommand(flags: { baseUrl?: string; tokenFile?: string; format?: "pretty" | "json" }, io: CliIo): Promise<ExitCode> {
  const baseUrl = await loginBaseUrl({ flag: flags.baseUrl, env: io.env, cwd: io.cwd });
  const status = await authStatus({ baseUrl, env: io.env, tokenFile: flags.tokenFile, store: userCredentialStore(io.env) });
  if (flags.format === "json") io.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
  else io.stdout.write(describeStatus(status));
  if (status.warning !== undefined && flags.format !== "json") io.stderr.write(`screenpol: warning: ${status.warning}\n`);
  if (status.source === "none") {
    if (flags.format !== "json") io.stderr.write(`screenpol: not signed in to ${baseUrl}: run \`screenpol login\`, or set SCREENPOL_API_TOKEN\n`);
    return EXIT.usage;
  }
  return status.source === "login" && status.expired ? EXIT.remote : EXIT.ok;
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
  if (status.user !== undefined) {
    if (status.loginShadowed) lines.push("stored login (not used: the API token comes first)");
    lines.push(`  user       ${describeUser(status.user)}`);
    lines.push(`  scopes     ${describeScopes(status.scopes ?? [])}`);
    const left = status.expired ? "expired" : status.daysLeft === 0 ? "less than a day left" : `${status.daysLeft} day${status.daysLeft === 1 ? "" : "s"} left`;
    lines.push(`  expires    ${readableTime(status.expiresAt!)} (${left})`);
    lines.push(`  kept in    ${status.storedIn}`);
  }
  return `${lines.join("\n")}\n`;
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
