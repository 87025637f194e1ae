/**
 * `screenpol onramps --env NAME [--wallet-address A] [--chain C] [--network-id N]
 * [--crypto-token T] [--token-amount N] [--include-disabled] [--currency C]
 * [--merchant-name X] [--json]` (admin-api.md, operation 8; the parameter
 * names are the vendor's, contract/wire.ts): the onramps enabled in an
 * environment, with the URL each provider would open (the service appends the
 * merchant display name where the provider supports it). The values are
 * checked by the client before anything is sent: a bad one is exit 2, one line.
 */
import { findOnramps, withConnection, type OnrampQuery } from "../../app/admin.js";
import { selectEnvironment } from "../../app/connect.js";
import { UsageError } from "../../app/errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { connectOptions, type RemoteFlags } from "../remote-options.js";
import { printable, renderTable } from "../table.js";

export interface OnrampsFlags extends RemoteFlags {
  env?: string;
  merchantName?: string;
  walletAddress?: string;
  chain?: string;
  networkId?: string;
  /** `--crypto-token`: the client's `token` parameter, renamed so it is never mistaken for the API token. */
  cryptoToken?: string;
  tokenAmount?: string;
  includeDisabled?: boolean;
  currency?: string;
  json?: boolean;
}

/** The flag of each client parameter, for messages. */
const FLAG_OF: Readonly<Record<keyof OnrampQuery, string>> = {
  merchantName: "--merchant-name",
  walletAddress: "--wallet-address",
  chain: "--chain",
  networkId: "--network-id",
  token: "--crypto-token",
  tokenAmount: "--token-amount",
  includeDisabled: "--include-disabled",
  currency: "--currency",
};

/** A client refusal names its parameter (`merchantName contains ...`); the user typed a flag. */
function inFlagTerms(error: unknown): unknown {
  if (!(error instanceof UsageError) || error.parameter === undefined || !(error.parameter in FLAG_OF)) return error;
  const flag = FLAG_OF[error.parameter as keyof OnrampQuery];
  const message = error.message.startsWith(`${error.parameter} `) ? `${flag}${error.message.slice(error.parameter.length)}` : `${flag}: ${error.message}`;
  return new UsageError(message, { parameter: flag, cause: error });
}

/** Onramp URLs can be long; a table cell keeps them whole up to this length. */
const URL_DISPLAY_LENGTH = 500;

export async function onrampsCommand(flags: OnrampsFlags, io: CliIo): Promise<ExitCode> {
  const query: OnrampQuery = {};
  if (flags.merchantName !== undefined) query.merchantName = flags.merchantName;
  if (flags.walletAddress !== undefined) query.walletAddress = flags.walletAddress;
  if (flags.chain !== undefined) query.chain = flags.chain;
  if (flags.networkId !== undefined) query.networkId = flags.networkId;
  if (flags.cryptoToken !== undefined) query.token = flags.cryptoToken;
  if (flags.tokenAmount !== undefined) query.tokenAmount = parseAmount(flags.tokenAmount);
  if (flags.includeDisabled === true) query.includeDisabled = true;
  if (flags.currency !== undefined) query.currency = flags.currency;
  return withConnection(connectOptions(flags, io), async ({ workspace, client }) => {
    const environment = selectEnvironment(workspace.config, flags.env);
    const { onramps } = await findOnramps(client, environment.id, query).catch((error: unknown) => {
      throw inFlagTerms(error);
    });
    if (flags.json) {
      io.stdout.write(`${JSON.stringify({ environment: environment.name, environmentId: environment.id, onramps }, null, 2)}\n`);
      return EXIT.ok;
    }
    if (onramps.length === 0) {
      io.stdout.write(`no onramp is enabled in ${environment.name}\n`);
      return EXIT.ok;
    }
    const rows = onramps.map((onramp) => [printable(onramp.provider), printable(onramp.name), printable(onramp.url, URL_DISPLAY_LENGTH)]);
    io.stdout.write(renderTable(["PROVIDER", "NAME", "URL"], rows));
    return EXIT.ok;
  });
}

/** `--token-amount`: a plain decimal number (`25`, `0.5`), as a person types an amount. */
function parseAmount(text: string): number {
  if (!/^\d{1,15}(?:\.\d{1,18})?$/.test(text)) {
    throw new UsageError(`--token-amount takes a non-negative decimal number such as 25 or 0.5, not ${JSON.stringify(printable(text, 40))}`, {
      parameter: "--token-amount",
    });
  }
  return Number(text);
}
