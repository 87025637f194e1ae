/**
 * The administration use cases that are one call, or one walk, of the client:
 * invite accept/reject (admin-api.md, operation 3), MFA reset (operation 4),
 * the users listing (operation 7) and the enabled onramps (operation 8). The
 * webhook update has its own module (webhooks.ts): it reads and lints a file.
 */
import { isRemoteError, SANCTIONS_BLOCKED_CODE, type EnabledOnramps, type EnvironmentUser, type InviteStatus, type MergeConflictPayload, type OnrampQuery, type RemoteClient, type RemoteError } from "../remote/index.js";
import { connect, type Connection, type ConnectOptions } from "./connect.js";

/** Connects (config, token, client), runs `use`, and always closes the client. */
export async function withConnection<T>(options: ConnectOptions, use: (connection: Connection) => Promise<T>): Promise<T> {
  const connection = await connect(options);
  try {
    return await use(connection);
  } finally {
    await connection.client.close();
  }
}

/** What the user decides about an invite, and the status it sets (admin-api.md, Invite status values). */
export const INVITE_DECISIONS = { accept: "accepted", reject: "rejected" } as const satisfies Record<string, InviteStatus>;
export type InviteDecision = keyof typeof INVITE_DECISIONS;

/**
 * Accepts or rejects an invite; returns the status set. The merge conflict
 * fails as a `conflict` RemoteError carrying `payload`; code
 * `sanctions_blocked` as a `forbidden` one.
 */
export async function decideInvite(client: RemoteClient, inviteId: string, decision: InviteDecision): Promise<InviteStatus> {
  const status = INVITE_DECISIONS[decision];
  await client.updateInvite(inviteId, status);
  return status;
}

/** Resets every MFA device of a user (idempotent). */
export async function resetMfa(client: RemoteClient, userId: string): Promise<void> {
  await client.resetUserMfa(userId);
}

/** The identifier check of the client (admin-api.md, Resources), for a command that asks a question before it connects. */
export { assertUuid } from "../remote/index.js";

/** The documented refusal of invite update and MFA reset (admin-api.md, Errors): 403 `sanctions_blocked`. */
export function isSanctionsBlocked(error: unknown): error is RemoteError & { code: typeof SANCTIONS_BLOCKED_CODE } {
  return isRemoteError(error, "forbidden") && error.code === SANCTIONS_BLOCKED_CODE;
}

/** The invite merge conflict, carrying its payload (admin-api.md, Merge-conflict error payload). */
export function isMergeConflict(error: unknown): error is RemoteError & { payload: MergeConflictPayload } {
  return isRemoteError(error, "conflict") && error.payload !== undefined;
}

export { isRemoteError };
export type { MergeConflictPayload, OnrampQuery, RemoteError };

/** A users listing request: one page (`limit`, `offset`) or, with `all`, every page. */
export interface UsersRequest {
  environmentId: string;
  /** Page size, 1 to 100 (the client checks). */
  limit?: number | undefined;
  offset?: number | undefined;
  filter?: { column: string; value: string } | undefined;
  /** `orderBy`, e.g. `email:desc` (the client checks). */
  orderBy?: string | undefined;
  /** Walk every page from offset 0, at most `maxPages` of them. */
  all?: boolean | undefined;
  maxPages?: number | undefined;
}

export interface UsersListing {
  users: EnvironmentUser[];
  /** Users matching the filter over all pages, as the service counts them. */
  count: number;
  /** Offset of the first user listed. */
  offset: number;
  /** Offset of the next page, null when nothing follows. */
  nextOffset: number | null;
}

/** Page size of `all`: the largest the listing accepts (USERS_PAGE_LIMIT), so the walk takes fewest requests. */
const ALL_PAGE_SIZE = 100;
/** Bound of `all`: 200 pages of 100, 20,000 users; past it the client stops with an error rather than loop. */
export const DEFAULT_MAX_USER_PAGES = 200;

/** Lists the users of an environment: one page, or every page with `all`. */
export async function listEnvironmentUsers(client: RemoteClient, request: UsersRequest): Promise<UsersListing> {
  const filter = {
    ...(request.filter === undefined ? {} : { filterColumn: request.filter.column, filterValue: request.filter.value }),
    ...(request.orderBy === undefined ? {} : { orderBy: request.orderBy }),
  };
  if (!request.all) {
    const offset = request.offset ?? 0;
    const page = await client.listUsers(request.environmentId, { limit: request.limit, offset, ...filter });
    return { users: page.users, count: page.count, offset, nextOffset: page.nextOffset };
  }
  const users: EnvironmentUser[] = [];
  let count = 0;
  const pages = client.iterateUsers(request.environmentId, {
    pageSize: request.limit ?? ALL_PAGE_SIZE,
    maxPages: request.maxPages ?? DEFAULT_MAX_USER_PAGES,
    ...filter,
  });
  for await (const page of pages) {
    users.push(...page.users);
    count = page.count;
  }
  return { users, count: Math.max(count, users.length), offset: 0, nextOffset: null };
}

/** Reads the enabled onramps; the client checks every parameter before sending. */
export async function findOnramps(client: RemoteClient, environmentId: string, query: OnrampQuery): Promise<EnabledOnramps> {
  return client.getEnabledOnramps(environmentId, query);
}
