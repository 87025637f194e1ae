/**
 * Per-environment reads and the webhook update: admin-api.md, operations 5
 * (webhook), 6 (environment), 7 (users) and 8 (onramps).
 */
import {
  ONRAMP_ALLOWED_CHARACTER,
  ONRAMP_STRING_PARAMETERS,
  QUERY_VALUE_MAX_LENGTH,
  USER_FILTER_CHAINS,
  USER_FILTER_COLUMNS,
  USER_ORDER_COLUMNS,
  USER_ORDER_PATTERN,
  USERS_PAGE_LIMIT,
  USERS_QUERY,
} from "../../contract/wire.js";
import { environmentFor, environmentsOfProject, integerQuery, objectBody, queryValue, type ApiRequest, type EmulatorServices } from "../context.js";
import { badRequest, notFound } from "../errors.js";
import type { Reply } from "../http.js";
import type { EnvironmentKind, StoredUser, StoredWebhook } from "../model.js";
import { timestamp } from "../timestamp.js";
import { webhookProblem } from "../validation.js";

/** The SDK version the emulator's environments report (the vendor's `ProjectEnvironment.sdkVersion`). */
const SDK_VERSION = "screenpol-emulator";

/**
 * GET /environments/{environmentId}. The record is not shown in admin-api.md;
 * the vendor's `ProjectEnvironment {id, settings?, createdAt?, updatedAt?,
 * sdkVersion?}`, with `settings` a minimal `ProjectSettings` (its required
 * `chains`, `kyc`, `design`, `general`, `privacy`, `sdk`, `security`):
 * `environmentName` is the kind (`EnvironmentEnum`: sandbox, live) and
 * `general.displayName` the project's name. Nothing else: the 200 itself is
 * what confirms token, environment id and scopes.
 */
export function getEnvironment(request: ApiRequest, services: EmulatorServices): Reply {
  const state = services.store.state;
  const environment = environmentFor(state, request, request.params.environmentId!);
  const project = state.projects.find((candidate) => candidate.id === environment.projectId);
  const general: Record<string, unknown> = project === undefined ? {} : { displayName: project.name };
  return {
    status: 200,
    body: {
      id: environment.id,
      settings: { environmentName: environment.kind, chains: [], kyc: [], design: {}, general, privacy: {}, sdk: {}, security: {} },
      createdAt: environment.createdAt,
      updatedAt: environment.createdAt,
      sdkVersion: SDK_VERSION,
    },
  };
}

/** A ProviderEnum value (admin-api.md: 44 values, the list not reproduced), as far as its form goes. */
const PROVIDER_NAME = /^[A-Za-z0-9]{1,64}$/;

/** The chain families of the seeded credentials' `chain`, by the vendor's `ChainEnum` value. */
const CREDENTIAL_CHAINS: Readonly<Record<string, readonly string[]>> = { ETH: ["eip155"], EVM: ["eip155"] };

type Credential = Record<string, unknown>;

function credentialsOf(user: StoredUser): Credential[] {
  const credentials = user.record.verifiedCredentials;
  return Array.isArray(credentials) ? (credentials as Credential[]) : [];
}

/** What each `filter[filterColumn]` (the vendor's `UserFilterableFieldsEnum`) looks at in a user. */
function filterTexts(user: StoredUser, column: string): unknown[] {
  const credentials = credentialsOf(user);
  switch (column) {
    case "walletPublicKey":
    case "wallet":
      return credentials.filter((credential) => credential.format === "blockchain").map((credential) => credential.address);
    case "accountId":
      return credentials.map((credential) => credential.oauth_account_id);
    case "all":
      return USER_FILTER_COLUMNS.filter((name) => name !== "all").flatMap((name) => filterTexts(user, name));
    default:
      return [user.record[column]];
  }
}

/** The user as listed; with `includeSessions=true` also its sessions (the vendor's `User.sessions`, `Session`). */
function userView(user: StoredUser, includeSessions: boolean): Record<string, unknown> {
  if (!includeSessions) return user.record;
  const sessionId = user.record.sessionId;
  const sessions = typeof sessionId === "string" ? [{ id: sessionId, createdAt: user.record.lastVisit }] : [];
  return { ...user.record, sessions };
}

function booleanQuery(request: ApiRequest, name: string): boolean {
  const text = queryValue(request, name);
  if (text === undefined) return false;
  if (text !== "true" && text !== "false") throw badRequest(`${name} must be true or false, not ${JSON.stringify(text.slice(0, 40))}`);
  return text === "true";
}

/** `orderBy` (contract/wire.ts): a column, optionally `:asc` or `:desc`; the stored order when absent. */
function userOrder(request: ApiRequest): ((a: StoredUser, b: StoredUser) => number) | undefined {
  const text = queryValue(request, USERS_QUERY.orderBy);
  if (text === undefined) return undefined;
  const match = USER_ORDER_PATTERN.exec(text);
  const column = match?.[1];
  if (column === undefined || !(USER_ORDER_COLUMNS as readonly string[]).includes(column)) {
    throw badRequest(`orderBy must be one of ${USER_ORDER_COLUMNS.join(", ")}, optionally followed by :asc or :desc`);
  }
  const sign = match?.[2] === "desc" ? -1 : 1;
  const key = (user: StoredUser): string => String(user.record[column] ?? "");
  return (a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}

/**
 * GET /environments/{environmentId}/users, the vendor's query (contract/wire.ts,
 * USERS_QUERY): `filter[filterColumn]` and `filter[filterValue]` together (a
 * case-insensitive "contains"), `filter[filterSocialProvider]` (a credential's
 * `oauth_provider`), `filter[chain]` (a wallet on that chain), `orderBy`,
 * `offset`, `limit`, `includeSessions`. Answers the vendor's `UsersResponse`
 * `{users, count}`, `count` the number of matching users over all pages.
 */
export function listUsers(request: ApiRequest, services: EmulatorServices): Reply {
  const state = services.store.state;
  const environment = environmentFor(state, request, request.params.environmentId!);
  const limit = integerQuery(request, USERS_QUERY.limit, USERS_PAGE_LIMIT.min, USERS_PAGE_LIMIT.max, USERS_PAGE_LIMIT.default);
  const offset = integerQuery(request, USERS_QUERY.offset, 0, Number.MAX_SAFE_INTEGER, 0);
  const column = queryValue(request, USERS_QUERY.filterColumn);
  const value = queryValue(request, USERS_QUERY.filterValue);
  if ((column === undefined) !== (value === undefined)) {
    throw badRequest(`${USERS_QUERY.filterColumn} and ${USERS_QUERY.filterValue} go together: give both or neither`);
  }
  if (column !== undefined && !(USER_FILTER_COLUMNS as readonly string[]).includes(column)) {
    throw badRequest(`${USERS_QUERY.filterColumn} must be one of ${USER_FILTER_COLUMNS.join(", ")}`);
  }
  if (value !== undefined && [...value].length > QUERY_VALUE_MAX_LENGTH) {
    throw badRequest(`${USERS_QUERY.filterValue} is longer than ${QUERY_VALUE_MAX_LENGTH} characters`);
  }
  const provider = queryValue(request, USERS_QUERY.filterSocialProvider);
  if (provider !== undefined && !PROVIDER_NAME.test(provider)) throw badRequest(`${USERS_QUERY.filterSocialProvider} is not a provider name`);
  const chain = queryValue(request, USERS_QUERY.chain);
  if (chain !== undefined && !(USER_FILTER_CHAINS as readonly string[]).includes(chain)) {
    throw badRequest(`${USERS_QUERY.chain} must be one of ${USER_FILTER_CHAINS.join(", ")}`);
  }
  const order = userOrder(request);
  const includeSessions = booleanQuery(request, USERS_QUERY.includeSessions);
  const needle = value?.toLowerCase() ?? "";
  const chains = chain === undefined ? [] : (CREDENTIAL_CHAINS[chain] ?? []);
  const matching = state.users
    .filter((user) => user.record.projectEnvironmentId === environment.id)
    .filter((user) => column === undefined || filterTexts(user, column).some((text) => typeof text === "string" && text.toLowerCase().includes(needle)))
    .filter((user) => provider === undefined || credentialsOf(user).some((credential) => credential.oauth_provider === provider))
    .filter((user) => chain === undefined || credentialsOf(user).some((credential) => chains.includes(String(credential.chain))));
  if (order !== undefined) matching.sort(order);
  const page = matching.slice(offset, offset + limit).map((user) => userView(user, includeSessions));
  return { status: 200, body: { users: page, count: matching.length } };
}

/** `tokenAmount`: a number in the vendor's client, written by `String(number)`; ours a plain non-negative decimal. */
const TOKEN_AMOUNT = /^\d{1,15}(?:\.\d{1,18})?$/;

interface OnrampProvider {
  provider: string;
  name: string;
  url: string;
  /** Whether the provider shows a merchant display name (appended as `merchantName`). */
  merchantName: boolean;
  /** Configured but disabled: listed only with `includeDisabled=true`. */
  disabled?: boolean;
}

/** Onramps per environment kind; `.example` hosts, these are not real integrations. */
const ONRAMPS: Record<EnvironmentKind, readonly OnrampProvider[]> = {
  sandbox: [
    { provider: "banxa", name: "Banxa (sandbox)", url: "https://sandbox.banxa.example/checkout", merchantName: true },
    { provider: "coinbaseOnramp", name: "Coinbase Onramp (sandbox)", url: "https://pay-sandbox.coinbase.example/buy", merchantName: false },
    { provider: "kraken", name: "Kraken (sandbox)", url: "https://sandbox.kraken.example/buy", merchantName: false, disabled: true },
  ],
  live: [
    { provider: "banxa", name: "Banxa", url: "https://checkout.banxa.example/", merchantName: true },
    { provider: "coinbaseOnramp", name: "Coinbase Onramp", url: "https://pay.coinbase.example/buy", merchantName: false },
    { provider: "cryptoDotCom", name: "Crypto.com Pay", url: "https://pay.crypto.example/onramp", merchantName: true },
    { provider: "kraken", name: "Kraken", url: "https://pay.kraken.example/buy", merchantName: false, disabled: true },
  ],
};

/**
 * GET /sdk/{environmentId}/onramps, the vendor's query (contract/wire.ts,
 * ONRAMP_QUERY_PARAMETERS): the vendor's `SupportedOnrampsResponse {onramps:
 * RampConfiguration[]}`, URLs prefilled from the query; `includeDisabled=true`
 * lists the disabled ones too.
 */
export function getEnabledOnramps(request: ApiRequest, services: EmulatorServices): Reply {
  const environment = environmentFor(services.store.state, request, request.params.environmentId!);
  const given: Array<[string, string]> = [];
  for (const name of ONRAMP_STRING_PARAMETERS) {
    const value = queryValue(request, name);
    if (value === undefined) continue;
    // Each of the six strings (contract/wire.ts, ONRAMP_STRING_PARAMETERS): at most 255 characters of a restricted set.
    if ([...value].length > QUERY_VALUE_MAX_LENGTH) throw badRequest(`${name} is longer than ${QUERY_VALUE_MAX_LENGTH} characters`);
    if (![...value].every((character) => ONRAMP_ALLOWED_CHARACTER.test(character))) throw badRequest(`${name} may hold only letters, digits, space and _ . , : ! ? & % @ / ' -`);
    if (value !== "") given.push([name, value]);
  }
  const amount = queryValue(request, "tokenAmount");
  if (amount !== undefined && !TOKEN_AMOUNT.test(amount)) throw badRequest(`tokenAmount must be a non-negative number, not ${JSON.stringify(amount.slice(0, 40))}`);
  if (amount !== undefined) given.push(["tokenAmount", amount]);
  const includeDisabled = booleanQuery(request, "includeDisabled");
  const onramps = ONRAMPS[environment.kind]
    .filter((provider) => includeDisabled || provider.disabled !== true)
    .map((provider) => {
      const url = new URL(provider.url);
      for (const [name, value] of given) {
        if (name === "merchantName" && !provider.merchantName) continue;
        url.searchParams.set(name, value);
      }
      return {
        provider: provider.provider,
        name: provider.name,
        iconUrl: `https://icons.example/onramps/${provider.provider}.svg`,
        url: url.href,
        qrCode: url.href,
      };
    });
  return { status: 200, body: { onramps } };
}

/**
 * PUT /environments/{environmentId}/webhooks/{webhookId}, body `{url,
 * isEnabled, events}`: linted as the webhook's entry in webhooks/<env>.yaml
 * (webhook-url, webhook-event, the schema), then applied; answers the Webhook.
 * `enabledAt` is set when a disabled webhook is enabled and dropped when it is
 * disabled. Only existing webhooks are updated (policy-language.md section 7).
 */
export async function updateWebhook(request: ApiRequest, services: EmulatorServices): Promise<Reply> {
  const body = objectBody(request, "{url, isEnabled, events}");
  const state = services.store.state;
  const environment = environmentFor(state, request, request.params.environmentId!);
  const webhookId = request.params.webhookId!;
  if (!state.webhooks.some((webhook) => webhook.environmentId === environment.id && webhook.webhookId === webhookId)) throw notFound();
  const problem = webhookProblem(
    { environment, environments: environmentsOfProject(state, environment.projectId), now: services.now() },
    webhookId,
    body,
  );
  if (problem !== undefined) throw badRequest(problem);
  const now = timestamp(services.now());
  const updated = await services.store.write((current) => {
    const index = current.webhooks.findIndex((webhook) => webhook.environmentId === environment.id && webhook.webhookId === webhookId);
    const existing = current.webhooks[index];
    if (!existing) throw notFound();
    const next: StoredWebhook = {
      ...existing,
      url: body.url as string,
      events: body.events as string[],
      isEnabled: body.isEnabled as boolean,
      updatedAt: now,
    };
    if (!next.isEnabled) delete next.enabledAt;
    else if (!existing.isEnabled || existing.enabledAt === undefined) next.enabledAt = now;
    current.webhooks[index] = next;
    return next;
  });
  return { status: 200, body: updated };
}
