/**
 * The vendor's own generated client (`@dynamic-labs/sdk-api`, pinned) against
 * our emulator, and our client against the vendor's wire format
 * (docs/decisions.md, "The vendor's client is the wire format").
 *
 * Every operation the vendor's client has among admin-api.md's (invite update,
 * MFA reset, webhook update, environment read, users list, onramps) is called
 * through its `...Raw` method, and every body is decoded with the vendor's
 * model (`...FromJSON`; this version generates no `instanceOf...`, so the
 * members its .d.ts marks required are checked here), and written back with
 * `...ToJSON`: what comes back must be what was served, so the emulator
 * serves no member the vendor's model does not know. Then our client makes the
 * same calls with equal inputs through a recording proxy on 127.0.0.1, and
 * must send exactly what the vendor's client sent: method, path, raw query,
 * body.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  Configuration,
  EnvironmentEnum,
  EnvironmentsApi,
  InviteStatusEnum,
  InvitesApi,
  MfaApi,
  ProjectEnvironmentFromJSON,
  ProjectEnvironmentToJSON,
  ProviderEnum,
  SDKApi,
  SupportedOnrampsResponseFromJSON,
  SupportedOnrampsResponseToJSON,
  UnprocessableEntityErrorCode,
  UnprocessableEntityFromJSON,
  UnprocessableEntityToJSON,
  UserFilterableFieldsEnum,
  UsersApi,
  UsersResponseFromJSON,
  UsersResponseToJSON,
  WebhookFromJSON,
  WebhooksApi,
  WebhookToJSON,
} from "@dynamic-labs/sdk-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_IDS } from "../../src/emulator/index.js";
import { createClient, type RemoteClient } from "../../src/remote/index.js";
import { ALL_SCOPES_TOKEN, startHarness, type Harness } from "../emulator/helpers.js";

const SANDBOX = SEED_IDS.sandboxEnvironment;
const LIVE = SEED_IDS.liveEnvironment;

/** One request as it crossed the wire. */
interface Recorded {
  method: string;
  path: string;
  /** The raw query string, without `?`, exactly as sent. */
  query: string;
  body: string;
}

/** A pass-through proxy on 127.0.0.1 that records every request before forwarding it to the emulator. */
async function startRecorder(targetPort: number): Promise<{ server: Server; origin: string; log: Recorded[] }> {
  const log: Recorded[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = Buffer.concat(chunks);
      const target = incoming.url ?? "/";
      const at = target.indexOf("?");
      log.push({
        method: incoming.method ?? "",
        path: at < 0 ? target : target.slice(0, at),
        query: at < 0 ? "" : target.slice(at + 1),
        body: body.toString("utf8"),
      });
      const forward = httpRequest(
        { host: "127.0.0.1", port: targetPort, method: incoming.method, path: target, headers: { ...incoming.headers, host: `127.0.0.1:${targetPort}` } },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.on("error", () => outgoing.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, log };
}

/** JSON as served, with every date-time written one way: the models' ToJSON writes milliseconds, the emulator does not. */
function canonical(value: unknown): unknown {
  const parsed: unknown = JSON.parse(JSON.stringify(value));
  const walk = (node: unknown): unknown => {
    if (typeof node === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(node)) return new Date(node).toISOString();
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([key, member]) => [key, walk(member)]));
    return node;
  };
  return walk(parsed);
}

/** `value` without the members named in `omit`, at any depth. */
function without(value: unknown, omit: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => without(item, omit));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !omit.includes(key)).map(([key, member]) => [key, without(member, omit)]));
}

/**
 * Decodes `raw` with a vendor model and writes it back: equal to what was
 * served when the model knows every member. `shownByTheSpec` names members
 * admin-api.md shows and this version of the vendor's model lacks: admin-api.md
 * wins where it shows something, so the emulator serves them and the model drops them.
 */
function roundTrip<T>(raw: unknown, fromJson: (json: unknown) => T, toJson: (value: T) => unknown, shownByTheSpec: readonly string[] = []): T {
  const decoded = fromJson(raw);
  expect(canonical(toJson(decoded))).toEqual(canonical(without(raw, shownByTheSpec)));
  return decoded;
}

/** The members a vendor model marks required (no `?` in its .d.ts) are all there. */
function expectRequired(value: object | undefined, members: readonly string[]): void {
  expect(value).toBeDefined();
  for (const member of members) expect((value as Record<string, unknown>)[member], member).not.toBeUndefined();
}

const ONRAMP_QUERY = {
  walletAddress: "0xabc",
  chain: "EVM",
  networkId: "1",
  token: "USDC",
  tokenAmount: 0.25,
  includeDisabled: false,
  currency: "EUR",
  merchantName: "Acme's Shop!",
};

let harness: Harness;
let recorder: Awaited<ReturnType<typeof startRecorder>>;
let vendor: Configuration;
let ours: RemoteClient;

beforeAll(async () => {
  harness = await startHarness({ clock: () => new Date("2026-11-01T12:00:00Z") });
  recorder = await startRecorder(harness.running.port);
  vendor = new Configuration({
    basePath: `${recorder.origin}/api/v0`,
    accessToken: ALL_SCOPES_TOKEN,
    // WebhooksApi.updateWebhookById and SDKApi.getSupportedOnramps declare no
    // security, so their generated code never adds the access token; admin-api.md
    // says every request carries it, so it goes in the default headers too.
    headers: { Authorization: `Bearer ${ALL_SCOPES_TOKEN}` },
    fetchApi: fetch,
  });
  ours = createClient({ baseUrl: `${recorder.origin}/api/v0`, token: ALL_SCOPES_TOKEN, timeoutMs: 5_000, retry: { maxAttempts: 1 } });
});
afterAll(async () => {
  await ours.close();
  await new Promise<void>((resolve) => recorder.server.close(() => resolve()));
  await harness.close();
});

/** The requests `run` sent, and nothing else. */
async function recorded(run: () => Promise<unknown>): Promise<Recorded[]> {
  const from = recorder.log.length;
  await run().catch(() => undefined);
  return recorder.log.slice(from);
}

/** The vendor's client throws the Response itself for a non-2xx status. */
async function failedResponse(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the vendor's client to throw a Response");
}

describe("the vendor's client against the emulator, every response decoded by its models", () => {
  it("InvitesApi.updateInvite (PUT /invites/{inviteId}, InviteUpdateRequest {status}): 200, and the merge conflict is 422 with the vendor's UnprocessableEntity body", async () => {
    const accepted = await new InvitesApi(vendor).updateInviteRaw({
      inviteId: SEED_IDS.pendingInvite,
      inviteUpdateRequest: { status: InviteStatusEnum.Accepted },
    });
    expect(accepted.raw.status).toBe(200);
    const response = await failedResponse(
      new InvitesApi(vendor).updateInviteRaw({ inviteId: SEED_IDS.mergeConflictInvite, inviteUpdateRequest: { status: InviteStatusEnum.Accepted } }),
    );
    expect(response.status).toBe(422);
    const raw = (await response.json()) as { payload: Record<string, unknown> };
    expect(raw.payload.intent).toBeDefined();
    // admin-api.md's merge-conflict payload shows three members version 0.0.847 of the vendor's models lacks.
    const body = roundTrip(raw, UnprocessableEntityFromJSON, UnprocessableEntityToJSON, ["intent", "business_account_properties", "network"]);
    expectRequired(body, ["error"]);
    expect(body.error).toBe("Resources already exists for this Object");
    expect(body.code).toBe(UnprocessableEntityErrorCode.EmailCannotBeNull);
    expect(body.payload?.loginProvider).toBe(ProviderEnum.EmailOnly);
    expect(body.payload?.mergeConflicts?.conflicts?.[0]?.field?.name).toBe("email");
    expectRequired(body.payload?.mergeConflicts?.fromUser, ["id", "projectEnvironmentId"]);
  });

  it("MfaApi.resetAllMfaDevices resets a user's devices (DELETE /users/{userId}/mfa)", async () => {
    const user = (await ours.listUsers(SANDBOX, { limit: 1 })).users[0]!;
    const response = await new MfaApi(vendor).resetAllMfaDevicesRaw({ userId: String(user.id) });
    expect(response.raw.status).toBe(204);
  });

  it("WebhooksApi.updateWebhookById answers a Webhook (PUT, WebhookUpdateRequest)", async () => {
    const response = await new WebhooksApi(vendor).updateWebhookByIdRaw({
      environmentId: LIVE,
      webhookId: SEED_IDS.liveSnsWebhook,
      webhookUpdateRequest: { url: "https://hooks.example.com/alerts", isEnabled: true, events: ["user.created"] },
    });
    const webhook = roundTrip(await response.raw.json(), WebhookFromJSON, WebhookToJSON);
    expectRequired(webhook, ["environmentId", "webhookId", "url", "events", "isEnabled", "createdAt", "updatedAt"]);
    expect(webhook).toMatchObject({ environmentId: LIVE, webhookId: SEED_IDS.liveSnsWebhook, isEnabled: true, events: ["user.created"] });
    expect(webhook.updatedAt).toBeInstanceOf(Date);
    expect(webhook.enabledAt?.toISOString()).toBe("2026-11-01T12:00:00.000Z");
  });

  it("EnvironmentsApi.getEnvironmentById answers the vendor's ProjectEnvironment", async () => {
    const response = await new EnvironmentsApi(vendor).getEnvironmentByIdRaw({ environmentId: SANDBOX });
    const environment = roundTrip(await response.raw.json(), ProjectEnvironmentFromJSON, ProjectEnvironmentToJSON);
    expectRequired(environment, ["id"]);
    expect(environment.id).toBe(SANDBOX);
    expect(environment.settings?.environmentName).toBe(EnvironmentEnum.Sandbox);
    expect(environment.createdAt).toBeInstanceOf(Date);
  });

  it("UsersApi.getEnvironmentUsers filters with filter[filterColumn] and filter[filterValue]: not all 37 users", async () => {
    const api = new UsersApi(vendor);
    const everyone = UsersResponseFromJSON(await (await api.getEnvironmentUsersRaw({ environmentId: SANDBOX, limit: 100 })).raw.json());
    expect(everyone.count).toBe(37);
    const response = await api.getEnvironmentUsersRaw({
      environmentId: SANDBOX,
      filter: { filterColumn: UserFilterableFieldsEnum.Email, filterValue: "OKAFOR" },
    });
    const filtered = roundTrip(await response.raw.json(), UsersResponseFromJSON, UsersResponseToJSON);
    expect(filtered.count).toBeGreaterThan(0);
    expect(filtered.count).toBeLessThan(37);
    expect(filtered.users?.length).toBe(filtered.count);
    for (const user of filtered.users ?? []) {
      expectRequired(user, ["id", "projectEnvironmentId"]);
      expect(user.email).toContain("okafor");
    }
  });

  it("UsersApi.getEnvironmentUsers pages with offset and limit, orders with orderBy, adds sessions with includeSessions", async () => {
    const api = new UsersApi(vendor);
    const read = async (offset: number): Promise<string[]> => {
      const response = await api.getEnvironmentUsersRaw({ environmentId: SANDBOX, orderBy: "email:desc", offset, limit: 10 });
      const page = roundTrip(await response.raw.json(), UsersResponseFromJSON, UsersResponseToJSON);
      expect(page.count).toBe(37);
      return (page.users ?? []).map((user) => String(user.email));
    };
    const pages = [await read(0), await read(10), await read(20), await read(30)];
    expect(pages.map((page) => page.length)).toEqual([10, 10, 10, 7]);
    const emails = pages.flat();
    expect(emails).toEqual([...emails].sort().reverse());
    expect(new Set(emails).size).toBe(37);
    const withSessions = await api.getEnvironmentUsersRaw({ environmentId: SANDBOX, limit: 2, includeSessions: true });
    const page = roundTrip(await withSessions.raw.json(), UsersResponseFromJSON, UsersResponseToJSON);
    expect(page.users?.every((user) => user.sessions?.length === 1 && user.sessions[0]?.id === user.sessionId)).toBe(true);
  });

  it("SDKApi.getSupportedOnramps with all eight of its parameters answers SupportedOnrampsResponse", async () => {
    const response = await new SDKApi(vendor).getSupportedOnrampsRaw({
      environmentId: LIVE,
      walletAddress: "0xabc",
      chain: "EVM",
      networkId: "1",
      token: "USDC",
      tokenAmount: 25.5,
      includeDisabled: true,
      currency: "EUR",
      merchantName: "Acme Shop",
    });
    const body = roundTrip(await response.raw.json(), SupportedOnrampsResponseFromJSON, SupportedOnrampsResponseToJSON);
    expect(body.onramps?.map((onramp) => onramp.provider)).toEqual(["banxa", "coinbaseOnramp", "cryptoDotCom", "kraken"]);
    for (const onramp of body.onramps ?? []) {
      expectRequired(onramp, ["provider", "name", "iconUrl", "url"]);
      expect(Object.values(ProviderEnum)).toContain(onramp.provider);
      expect(new URL(onramp.url).searchParams.get("tokenAmount")).toBe("25.5");
    }
  });
});

describe("a query parameter the emulator does not know is 400 naming it", () => {
  it.each([
    ["the users listing, old flat filter", `/environments/${SANDBOX}/users?filterColumn=email&filterValue=x`, "filterColumn"],
    ["the users listing", `/environments/${SANDBOX}/users?filter%5Bcolumn%5D=email`, "filter[column]"],
    ["the onramps", `/sdk/${LIVE}/onramps?merchant=Acme`, "merchant"],
    ["the environment read", `/environments/${SANDBOX}?verbose=1`, "verbose"],
    ["the token catalog", "/tokenCatalog?limit=5&page=2", "page"],
    ["a screening policy", `/environments/${LIVE}/screeningPolicies/vendorAWalletScreening/SIGN_IN?revision=3`, "revision"],
    ["the address entries", `/environments/${LIVE}/screeningAddressEntries/vendorAWalletScreening?all=1`, "all"],
  ])("%s", async (_what, path, name) => {
    const answer = await harness.raw("GET", path);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: `unknown query parameter ${JSON.stringify(name)}` });
  });

  it("on writes too", async () => {
    const answer = await harness.raw("DELETE", `/users/${SEED_IDS.sanctionsBlockedUser}/mfa?force=true`);
    expect(answer).toMatchObject({ status: 400, json: { error: 'unknown query parameter "force"' } });
  });
});

describe("our client sends exactly what the vendor's client sends", () => {
  /** Each operation called by both clients with equal inputs. */
  const operations: Array<{ name: string; vendor: () => Promise<unknown>; ours: () => Promise<unknown>; expected?: Partial<Recorded> }> = [
    {
      name: "invite update",
      vendor: () =>
        new InvitesApi(vendor).updateInviteRaw({
          inviteId: SEED_IDS.sanctionsBlockedInvite,
          inviteUpdateRequest: { status: InviteStatusEnum.Rejected },
        }),
      ours: () => ours.updateInvite(SEED_IDS.sanctionsBlockedInvite, "rejected"),
      expected: { method: "PUT", path: `/api/v0/invites/${SEED_IDS.sanctionsBlockedInvite}`, query: "", body: '{"status":"rejected"}' },
    },
    {
      name: "MFA reset",
      vendor: () => new MfaApi(vendor).resetAllMfaDevicesRaw({ userId: SEED_IDS.sanctionsBlockedUser }),
      ours: () => ours.resetUserMfa(SEED_IDS.sanctionsBlockedUser),
      expected: { method: "DELETE", path: `/api/v0/users/${SEED_IDS.sanctionsBlockedUser}/mfa`, query: "", body: "" },
    },
    {
      name: "webhook update",
      vendor: () =>
        new WebhooksApi(vendor).updateWebhookByIdRaw({
          environmentId: LIVE,
          webhookId: SEED_IDS.liveSnsWebhook,
          webhookUpdateRequest: { url: "arn:aws:sns:eu-west-1:123456789012:screening-alerts", isEnabled: false, events: ["user.created", "wallet.linked"] },
        }),
      ours: () =>
        ours.updateWebhook(LIVE, SEED_IDS.liveSnsWebhook, {
          url: "arn:aws:sns:eu-west-1:123456789012:screening-alerts",
          isEnabled: false,
          events: ["user.created", "wallet.linked"],
        }),
    },
    {
      name: "environment read",
      vendor: () => new EnvironmentsApi(vendor).getEnvironmentByIdRaw({ environmentId: LIVE }),
      ours: () => ours.getEnvironment(LIVE),
      expected: { method: "GET", path: `/api/v0/environments/${LIVE}`, query: "", body: "" },
    },
    {
      name: "users list with filter, order and paging",
      vendor: () =>
        new UsersApi(vendor).getEnvironmentUsersRaw({
          environmentId: SANDBOX,
          filter: { filterColumn: UserFilterableFieldsEnum.All, filterValue: "a b!'()~*" },
          orderBy: "lastName:asc",
          offset: 5,
          limit: 20,
        }),
      ours: () => ours.listUsers(SANDBOX, { filterColumn: "all", filterValue: "a b!'()~*", orderBy: "lastName:asc", offset: 5, limit: 20 }),
      // `'` arrives as %27 from both: fetch and undici re-encode it when they parse the URL.
      expected: { query: "filter%5BfilterColumn%5D=all&filter%5BfilterValue%5D=a%20b!%27()~*&orderBy=lastName%3Aasc&offset=5&limit=20" },
    },
    {
      name: "onramps with every parameter",
      vendor: () => new SDKApi(vendor).getSupportedOnrampsRaw({ environmentId: SANDBOX, ...ONRAMP_QUERY }),
      ours: () => ours.getEnabledOnramps(SANDBOX, ONRAMP_QUERY),
      expected: {
        query: "walletAddress=0xabc&chain=EVM&networkId=1&token=USDC&tokenAmount=0.25&includeDisabled=false&currency=EUR&merchantName=Acme%27s%20Shop!",
      },
    },
  ];

  it("for each of the six operations, equal inputs give byte-equal requests (method, path, query, body)", async () => {
    for (const operation of operations) {
      const theirs = await recorded(operation.vendor);
      const mine = await recorded(operation.ours);
      expect(theirs, operation.name).toHaveLength(1);
      expect(mine, operation.name).toEqual(theirs);
      if (operation.expected) expect(theirs[0], operation.name).toMatchObject(operation.expected);
    }
  });
});
