/**
 * Bearer tokens and scopes (admin-api.md, Authentication). The interface names
 * one scope, `environment.settings.read` for the token catalog, and leaves the
 * others "not shown"; the emulator's choice, one scope per kind of access:
 *
 * | scope                        | routes                                                                 |
 * |------------------------------|------------------------------------------------------------------------|
 * | `environment.settings.read`  | token catalog, environment, policies and address entries (GET), onramps |
 * | `environment.settings.write` | policy and address-entry edits (PUT)                                   |
 * | `webhooks.write`             | webhook update                                                         |
 * | `users.read`                 | users listing                                                          |
 * | `users.write`                | MFA reset                                                              |
 * | `invites.write`              | invite accept/reject                                                   |
 *
 * A token belongs to one project: environments (and their users, invites and
 * webhooks) of another project answer 404 `not_found`, as admin-api.md,
 * operation 6 says. The tokens are local test credentials, unrelated to any
 * real token, and never written to the state file: they are configuration.
 */
import { SCREENPOL_SCOPES } from "../contract/wire.js";
import { SEED_IDS } from "./ids.js";

/** Every scope of the table above: the ones `screenpol login` asks for by default, so one list. */
export const API_SCOPES = SCREENPOL_SCOPES;
export type ApiScope = (typeof API_SCOPES)[number];

export function isApiScope(value: unknown): value is ApiScope {
  return typeof value === "string" && (API_SCOPES as readonly string[]).includes(value);
}

/** One API token and what it may do. */
export interface ApiTokenGrant {
  token: string;
  scopes: readonly ApiScope[];
  /** The project it acts in; default the demo project of the seed. */
  projectId: string;
  /** What it is for, printed beside it on start. */
  label: string;
  /** A client JWT's dashboard user (sign-in/device-logins.ts); an API token acts for no user. */
  userId?: string;
  /** A client JWT's authorized client. */
  authorizedClientId?: string;
}

/**
 * The two tokens printed on start (toolkit.md, The emulator): one with every
 * scope, one with `environment.settings.read` only. Fixed values, so scripts
 * and the README can name them; they carry the service's `dyn_` prefix so the
 * linter's secret-in-file check catches one pasted into a repository file.
 */
export const SEED_TOKENS: readonly ApiTokenGrant[] = [
  { token: "dyn_emulator_all_scopes_8f3a61c2d94b07e5", scopes: API_SCOPES, projectId: SEED_IDS.project, label: "all scopes" },
  {
    token: "dyn_emulator_settings_read_2b7d0e94c1f6a358",
    scopes: ["environment.settings.read"],
    projectId: SEED_IDS.project,
    label: "environment.settings.read only",
  },
];

/** The outcome of reading the `Authorization` header. */
export type Authentication =
  | { ok: true; grant: ApiTokenGrant }
  | { ok: false; status: 401; body: { error: string } };

/**
 * 401 `No jwt provided!` when no token is sent (admin-api.md, Errors); 401
 * `Unauthorized` for a header without the required `Bearer ` prefix or a token
 * the emulator does not know (malformed, invalid, expired or revoked: rule 3).
 */
export async function authenticate(
  header: string | undefined,
  tokens: ReadonlyMap<string, ApiTokenGrant>,
  clientJwtGrant: (token: string) => Promise<ApiTokenGrant | undefined>,
): Promise<Authentication> {
  if (header === undefined || header.trim() === "") return { ok: false, status: 401, body: { error: "No jwt provided!" } };
  const match = /^Bearer ([^\s]*)\s*$/.exec(header);
  if (!match) return { ok: false, status: 401, body: { error: "Unauthorized" } };
  const token = match[1] ?? "";
  if (token === "") return { ok: false, status: 401, body: { error: "No jwt provided!" } };
  // An API token, else a client JWT of a device sign-in (rule 5), accepted exactly like one.
  const grant = tokens.get(token) ?? (await clientJwtGrant(token));
  return grant ? { ok: true, grant } : { ok: false, status: 401, body: { error: "Unauthorized" } };
}
