/**
 * `screenpol users list --env NAME [--filter COLUMN=VALUE] [--order-by COLUMN[:asc|:desc]]
 * [--limit N] [--offset N] [--all] [--json]` (admin-api.md, operation 7; the
 * query is the vendor's, contract/wire.ts): one page of the
 * environment's users, or every page with `--all`, as a table or as one JSON
 * document.
 */
import { plural } from "../../core/plural.js";
import { listEnvironmentUsers, withConnection, type UsersListing } from "../../app/admin.js";
import { selectEnvironment } from "../../app/connect.js";
import { UsageError } from "../../app/errors.js";
import type { EnvironmentConfig } from "../../core/config.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { connectOptions, type RemoteFlags } from "../remote-options.js";
import { printable, renderTable } from "../table.js";

export interface UsersListFlags extends RemoteFlags {
  env?: string;
  filter?: string;
  orderBy?: string;
  limit?: number;
  offset?: number;
  all?: boolean;
  json?: boolean;
}

/** Columns of the table: the user record members (admin-api.md, user record) a person scans for. */
const COLUMNS: ReadonlyArray<{ header: string; member: string }> = [
  { header: "ID", member: "id" },
  { header: "EMAIL", member: "email" },
  { header: "USERNAME", member: "username" },
  { header: "FIRST VISIT", member: "firstVisit" },
  { header: "LAST VISIT", member: "lastVisit" },
];

export async function usersListCommand(flags: UsersListFlags, io: CliIo): Promise<ExitCode> {
  const { limit, offset } = flags;
  const filter = parseFilter(flags.filter);
  if (flags.all && offset !== undefined) throw new UsageError("--all reads every page from the first; it does not take --offset");
  return withConnection(connectOptions(flags, io), async ({ workspace, client }) => {
    const environment = selectEnvironment(workspace.config, flags.env);
    const listing = await listEnvironmentUsers(client, {
      environmentId: environment.id,
      limit,
      offset,
      filter,
      orderBy: flags.orderBy,
      all: flags.all === true,
    });
    io.stdout.write(flags.json ? renderJson(environment, listing) : renderListing(listing, flags.all === true));
    return EXIT.ok;
  });
}

function renderJson(environment: EnvironmentConfig, listing: UsersListing): string {
  const document = {
    environment: environment.name,
    environmentId: environment.id,
    count: listing.count,
    offset: listing.offset,
    nextOffset: listing.nextOffset,
    users: listing.users,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function renderListing(listing: UsersListing, all: boolean): string {
  if (listing.users.length === 0) {
    return listing.count > 0 ? `no users at offset ${listing.offset} (${listing.count} in all)\n` : "no users\n";
  }
  const rows = listing.users.map((user) => COLUMNS.map(({ member }) => printable(user[member])));
  const first = listing.offset + 1;
  const last = listing.offset + listing.users.length;
  let summary = all ? plural(listing.users.length, "user") : `users ${first}-${last} of ${listing.count}`;
  if (listing.nextOffset !== null) summary += `; next page: --offset ${listing.nextOffset} (or --all)`;
  return `${renderTable(COLUMNS.map(({ header }) => header), rows)}${summary}\n`;
}

/** `--filter COLUMN=VALUE`, split at the first `=`; the client checks the column name and the value. */
function parseFilter(text: string | undefined): { column: string; value: string } | undefined {
  if (text === undefined) return undefined;
  const at = text.indexOf("=");
  if (at <= 0) throw new UsageError(`--filter takes COLUMN=VALUE, e.g. --filter email=example.com, not ${JSON.stringify(printable(text, 60))}`);
  return { column: text.slice(0, at), value: text.slice(at + 1) };
}
