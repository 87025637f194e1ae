/**
 * Per-environment reads and the webhook update: admin-api.md, operations 5
 * (webhook), 6 (environment), 7 (users) and 8 (onramps).
 */
import { ONRAMP_QUERY_PARAMETERS, USERS_PAGE_LIMIT, USERS_QUERY } from "../../remote/designed-endpoints.js";
import { environmentFor, environmentsOfProject, integerQuery, objectBody, queryValue, timestamp, type ApiRequest, type EmulatorServices } from "../context.js";
import { badRequest, notFound } from "../errors.js";
import type { Reply } from "../http.js";
import type { EnvironmentKind, StoredWebhook } from "../model.js";
import { webhookProblem } from "../validation.js";

/**
 * GET /environments/{environmentId}. The record is not shown in admin-api.md;
 * the emulator's: id, name, kind, project and organisation, creation time, and
 * `tokenScopes`, the scopes of the token that asked, so `screenpol doctor` can
 * say which operations it will be able to run.
 */
export function getEnvironment(request: ApiRequest, services: EmulatorServices): Reply {
  const state = services.store.state;
  const environment = environmentFor(state, request, request.params.environmentId!);
  const project = state.projects.find((candidate) => candidate.id === environment.projectId);
  const organization = state.organizations.find((candidate) => candidate.id === project?.organizationId);
  return {
    status: 200,
    body: {
      id: environment.id,
      name: environment.name,
      kind: environment.kind,
      projectId: environment.projectId,
      projectName: project?.name ?? null,
      organizationId: organization?.id ?? null,
      organizationName: organization?.name ?? null,
      createdAt: environment.createdAt,
      tokenScopes: [...request.grant.scopes],
    },
  };
}

/** Default users page size: the token catalog's 50 (admin-api.md, Limits), for want of its own. */
const USERS_DEFAULT_LIMIT = 50;

/** Columns `filterColumn` may name; matching is a case-insensitive "contains". */
export const USER_FILTER_COLUMNS = ["id", "email", "firstName", "lastName", "username", "alias", "country", "team"] as const;

/**
 * GET /environments/{environmentId}/users?limit&offset&filterColumn&filterValue
 * (designed-endpoints.ts): `{users, count}`, `count` the number of matching
 * users over all pages.
 */
export function listUsers(request: ApiRequest, services: EmulatorServices): Reply {
  const state = services.store.state;
  const environment = environmentFor(state, request, request.params.environmentId!);
  const limit = integerQuery(request, USERS_QUERY.limit, USERS_PAGE_LIMIT.min, USERS_PAGE_LIMIT.max, USERS_DEFAULT_LIMIT);
  const offset = integerQuery(request, USERS_QUERY.offset, 0, Number.MAX_SAFE_INTEGER, 0);
  const column = queryValue(request, USERS_QUERY.filterColumn);
  const value = queryValue(request, USERS_QUERY.filterValue);
  if ((column === undefined) !== (value === undefined)) throw badRequest("filterColumn and filterValue go together: give both or neither");
  if (column !== undefined && !(USER_FILTER_COLUMNS as readonly string[]).includes(column)) {
    throw badRequest(`filterColumn must be one of ${USER_FILTER_COLUMNS.join(", ")}`);
  }
  if (value !== undefined && [...value].length > 255) throw badRequest("filterValue is longer than 255 characters");
  const needle = value?.toLowerCase();
  const matching = state.users
    .filter((user) => user.record.projectEnvironmentId === environment.id)
    .filter((user) => column === undefined || String(user.record[column] ?? "").toLowerCase().includes(needle ?? ""));
  return { status: 200, body: { users: matching.slice(offset, offset + limit).map((user) => user.record), count: matching.length } };
}

/**
 * Each of the six optional onramp query strings (designed-endpoints.ts,
 * ONRAMP_QUERY_PARAMETERS) holds at most 255 characters of letters, digits,
 * space and _ . , : ! ? & % @ / ' - (admin-api.md, operation 8). Letters are
 * ASCII letters, as the client reads it.
 */
const ONRAMP_VALUE = /^[A-Za-z0-9 _.,:!?&%@/'-]*$/;
const ONRAMP_MAX_LENGTH = 255;

interface OnrampProvider {
  provider: string;
  name: string;
  url: string;
  /** Whether the provider shows a merchant display name (appended as `merchantName`). */
  merchantName: boolean;
}

/** Enabled onramps per environment kind; `.example` hosts, these are not real integrations. */
const ONRAMPS: Record<EnvironmentKind, readonly OnrampProvider[]> = {
  sandbox: [
    { provider: "banxa", name: "Banxa (sandbox)", url: "https://sandbox.banxa.example/checkout", merchantName: true },
    { provider: "coinbaseOnramp", name: "Coinbase Onramp (sandbox)", url: "https://pay-sandbox.coinbase.example/buy", merchantName: false },
  ],
  live: [
    { provider: "banxa", name: "Banxa", url: "https://checkout.banxa.example/", merchantName: true },
    { provider: "coinbaseOnramp", name: "Coinbase Onramp", url: "https://pay.coinbase.example/buy", merchantName: false },
    { provider: "cryptoDotCom", name: "Crypto.com Pay", url: "https://pay.crypto.example/onramp", merchantName: true },
  ],
};

/** GET /sdk/{environmentId}/onramps: `{onramps}`, URLs prefilled from the query. */
export function getEnabledOnramps(request: ApiRequest, services: EmulatorServices): Reply {
  const environment = environmentFor(services.store.state, request, request.params.environmentId!);
  const given: Array<[string, string]> = [];
  for (const name of ONRAMP_QUERY_PARAMETERS) {
    const value = queryValue(request, name);
    if (value === undefined) continue;
    if ([...value].length > ONRAMP_MAX_LENGTH) throw badRequest(`${name} is longer than ${ONRAMP_MAX_LENGTH} characters`);
    if (!ONRAMP_VALUE.test(value)) throw badRequest(`${name} may hold only letters, digits, space and _ . , : ! ? & % @ / ' -`);
    if (value !== "") given.push([name, value]);
  }
  const onramps = ONRAMPS[environment.kind].map((provider) => {
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
