/**
 * The options every command that talks to the service shares. The token itself
 * is never an option (it would land in shell history and `ps`): only a file
 * holding it, SCREENPOL_API_TOKEN, or the stored login (app/credentials.ts).
 */
import type { Command } from "commander";
import type { ConnectOptions } from "../app/connect.js";
import type { CliIo } from "./io.js";

export interface RemoteFlags {
  tokenFile?: string;
  baseUrl?: string;
}

export function addRemoteOptions(command: Command): Command {
  return command
    .option("--token-file <path>", "read the API token from this file when SCREENPOL_API_TOKEN is not set (default: the stored login)")
    .option("--base-url <url>", "admin API base URL (default: the config's baseUrl, or SCREENPOL_BASE_URL)");
}

export function connectOptions(flags: RemoteFlags, io: CliIo): ConnectOptions {
  return { cwd: io.cwd, env: io.env, tokenFile: flags.tokenFile, baseUrl: flags.baseUrl, onSecret: (secret) => io.addSecret?.(secret) };
}
