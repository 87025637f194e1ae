/**
 * `screenpol doctor [--env NAME]...`: reads each chosen environment (default:
 * every one in the config) and prints one line per environment saying what the
 * read verified (token, environment id, read access) and what it could not
 * (write access), and on a failure which one is wrong and where to fix it
 * (admin-api.md, operation 6). Exit 0 when all pass, 4
 * otherwise; config and token problems stop it with 2 before any request.
 */
import { withConnection } from "../../app/admin.js";
import { selectEnvironments } from "../../app/connect.js";
import { checkEnvironments, configFileFrom, describeStatus, describeWrongEnvironmentId, type DoctorCheck } from "../../app/doctor.js";
import { isLoopbackHost } from "../../core/base-url.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { describeCredentialSource, type Credential } from "../../app/credentials.js";
import { connectOptions, type RemoteFlags } from "../remote-options.js";

export interface DoctorFlags extends RemoteFlags {
  env?: string[];
}

/** What the lines need besides the check: where the token and the ids come from. */
interface DoctorContext {
  baseUrl: string;
  /** The config file as the user would type it from the working folder. */
  configFile: string;
  tokenFile: string | undefined;
  credential: Pick<Credential, "source">;
}

export async function doctorCommand(flags: DoctorFlags, io: CliIo): Promise<ExitCode> {
  return withConnection(connectOptions(flags, io), async ({ workspace, client, credential }) => {
    const environments = selectEnvironments(workspace.config, flags.env ?? []);
    const checks = await checkEnvironments(client, environments);
    const context: DoctorContext = {
      baseUrl: client.baseUrl,
      configFile: configFileFrom(io.cwd, workspace.root),
      tokenFile: flags.tokenFile,
      credential,
    };
    for (const check of checks) {
      if (check.status === "ok") io.stdout.write(`${describePass(check)}\n`);
      else io.stderr.write(`screenpol: ✖ ${describeFailure(check, context)}\n`);
    }
    return checks.every((check) => check.status === "ok") ? EXIT.ok : EXIT.remote;
  });
}

function label(check: DoctorCheck): string {
  return `${check.environment.name} (${check.environment.id})`;
}

/**
 * What the one read showed, and what it could not: a 200 proves the token is
 * accepted and can read this environment, but a read-only token answers the
 * same; only a write would show write access, and doctor writes nothing.
 */
function describePass(check: Extract<DoctorCheck, { status: "ok" }>): string {
  return `✔ ${label(check)}: token accepted, environment found and readable; could not verify write access (push needs it): only a write shows it, and doctor writes nothing`;
}

function describeFailure(check: Exclude<DoctorCheck, { status: "ok" }>, context: DoctorContext): string {
  const { error } = check;
  const status = describeStatus(error);
  switch (check.status) {
    case "auth": {
      if (context.credential.source === "login") return `${label(check)}: ${status}: ${source(context)} expired or was revoked: run \`screenpol login\``;
      // Which source to check, never the value.
      return `${label(check)}: ${status}: the API token is missing, malformed, invalid or revoked; check ${source(context)}${note(error)}`;
    }
    case "forbidden": {
      const scope = error.requiredScope ?? "for this environment";
      if (context.credential.source === "login") return `${label(check)}: ${status}: ${source(context)} lacks the scope ${scope}: run \`screenpol login\` to ask for it`;
      return `${label(check)}: ${status}: the API token is valid but lacks the scope ${scope}; check ${source(context)}, or use a token granted it${note(error)}`;
    }
    case "notFound":
      return describeWrongEnvironmentId(check.environment, error, context.configFile);
    case "network": {
      const host = new URL(context.baseUrl).hostname;
      const advice = isLoopbackHost(host) ? "is `screenpol emulator` running?" : "check the base URL and the network";
      return `${label(check)}: cannot reach ${context.baseUrl} (${networkReason(error.networkCode)}): ${advice}`;
    }
    case "failed":
      return `${label(check)}: ${error.message}`;
  }
}

function source(context: DoctorContext): string {
  return describeCredentialSource(context.credential, { tokenFile: context.tokenFile, baseUrl: context.baseUrl });
}

function note(error: { refusalNote: string | undefined }): string {
  return error.refusalNote === undefined ? "" : `; ${error.refusalNote}`;
}

/** The transport's code in words (src/remote/transport.ts names them). */
function networkReason(code: string | undefined): string {
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "TIMEOUT":
      return "no response in time";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "host name not found";
    case "ECONNRESET":
    case "EPIPE":
    case "ECONNABORTED":
    case "UND_ERR_SOCKET":
      return "connection closed before a response";
    default:
      return code === undefined ? "no response" : code;
  }
}
