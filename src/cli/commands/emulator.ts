/**
 * `screenpol emulator`: runs the local emulator of the admin service on
 * loopback until Ctrl-C or SIGTERM (toolkit.md, The emulator). On start it
 * prints the base URL and the API tokens, one per line, or one JSON object
 * with `--json`, so scripts can pick them up. These are local test
 * credentials, unrelated to any real token.
 */
import { resolve } from "node:path";
import { UsageError } from "../../app/errors.js";
import {
  API_SCOPES,
  createEmulator,
  DEFAULT_PORT,
  EmulatorError,
  parseFaultFlag,
  SEED_IDS,
  type FaultSpec,
  type TokenOption,
} from "../../emulator/index.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";

/** The default state file, in the working folder; .gitignore already lists it. */
export const DEFAULT_STATE_FILE = ".screenpol-emulator.json";

export interface EmulatorFlags {
  port?: number;
  host?: string;
  state?: string;
  inMemory?: boolean;
  reset?: boolean;
  catalogSize?: number;
  token?: string[];
  fault?: string[];
  approveDeviceCodes?: boolean;
  devicePollInterval?: number;
  json?: boolean;
}

export async function emulatorCommand(flags: EmulatorFlags, io: CliIo): Promise<ExitCode> {
  const port = flags.port ?? DEFAULT_PORT;
  const host = flags.host ?? "127.0.0.1";
  const catalogSize = flags.catalogSize;
  if (flags.inMemory && flags.state !== undefined) throw new UsageError("--in-memory and --state exclude each other");
  const statePath = flags.inMemory ? undefined : resolve(io.cwd, flags.state ?? DEFAULT_STATE_FILE);
  const tokens = (flags.token ?? []).map(parseTokenFlag);
  const faults: FaultSpec[] = (flags.fault ?? []).map((text) => asUsageError(() => parseFaultFlag(text)));

  const emulator = await asUsageErrorAsync(() =>
    createEmulator({
      statePath,
      reset: flags.reset === true,
      seed: { catalogSize },
      tokens,
      faults,
      deviceLogin: {
        approveOnPoll: flags.approveDeviceCodes === true,
        ...(flags.devicePollInterval === undefined ? {} : { pollIntervalSeconds: flags.devicePollInterval }),
      },
      onInternalError(error, request) {
        const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
        io.stderr.write(`screenpol emulator: internal error on ${request.method} ${request.path}: ${reason}\n`);
      },
    }),
  );
  let running;
  try {
    running = await emulator.listen(port, host);
  } catch (error) {
    await emulator.close();
    if (error instanceof EmulatorError) throw new UsageError(error.message);
    throw error;
  }

  // Listen for Ctrl-C before announcing the address: a script may stop the emulator the moment it reads it.
  const interrupted = io.waitForInterrupt();
  const environments = emulator.store.state.environments
    .filter((environment) => environment.projectId === SEED_IDS.project)
    .map(({ name, id, kind }) => ({ name, id, kind }));
  if (flags.json) {
    const facts = {
      baseUrl: running.baseUrl,
      adminUrl: running.adminUrl,
      approvalUrl: running.approvalUrl,
      approveDeviceCodes: flags.approveDeviceCodes === true,
      port: running.port,
      state: statePath ?? null,
      seeded: emulator.seeded,
      tokens: emulator.tokens.map(({ token, scopes, label }) => ({ token, scopes, label })),
      environments,
    };
    io.stdout.write(`${JSON.stringify(facts)}\n`);
  } else {
    const lines = [
      `base URL  ${running.baseUrl}`,
      ...emulator.tokens.map((grant) => `token     ${grant.token}  (${grant.label})`),
      `sign-in   ${running.approvalUrl}  (${flags.approveDeviceCodes ? "every device code approved when first polled" : "screenpol login's approval page"})`,
      `state     ${statePath === undefined ? "in memory only" : `${statePath} (${emulator.seeded ? "new, from the seed" : "loaded"})`}`,
      `envs      ${environments.map((environment) => `${environment.name} ${environment.id}`).join(", ")}`,
      "local test credentials only; Ctrl-C stops the emulator",
    ];
    io.stdout.write(`${lines.join("\n")}\n`);
  }
  // Compile the linter's schemas now rather than on the first write.
  setImmediate(() => emulator.warmUp());

  await interrupted;
  await running.close();
  await emulator.close();
  if (!flags.json) io.stderr.write("screenpol emulator: stopped\n");
  return EXIT.ok;
}

/** `--token VALUE=scope1,scope2`; an empty scope list makes a token with no scopes. */
function parseTokenFlag(text: string): TokenOption {
  const at = text.lastIndexOf("=");
  if (at <= 0) throw new UsageError(`--token takes VALUE=scope1,scope2 (scopes: ${API_SCOPES.join(", ")})`);
  const token = text.slice(0, at);
  const scopes = text
    .slice(at + 1)
    .split(",")
    .map((scope) => scope.trim())
    .filter((scope) => scope !== "");
  const unknown = scopes.filter((scope) => !(API_SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) throw new UsageError(`--token: unknown scope ${unknown.join(", ")}; known: ${API_SCOPES.join(", ")}`);
  if (!/^[\x21-\x7e]+$/.test(token)) throw new UsageError("--token: the token must be visible ASCII without spaces");
  return { token, scopes };
}

function asUsageError<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof EmulatorError) throw new UsageError(error.message);
    throw error;
  }
}

async function asUsageErrorAsync<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof EmulatorError) throw new UsageError(error.message);
    throw error;
  }
}
