/**
 * Every documented error body, as the real client types it (a RemoteError with
 * status, `error`, `code`), plus the checks the client makes first and so
 * can only be reached with a raw request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_IDS } from "../../src/emulator/index.js";
import { RemoteError, type RemoteClient } from "../../src/remote/index.js";
import { READ_ONLY_TOKEN, rejectionOf, startHarness, tempDir, type Harness } from "./helpers.js";

const SANDBOX = SEED_IDS.sandboxEnvironment;
const LIVE = SEED_IDS.liveEnvironment;
const FOREIGN = SEED_IDS.foreignEnvironment;
const NO_SCOPES_TOKEN = "dyn_test_no_scopes_5a1c9e3b7d2f4068";
const FOREIGN_PROJECT_TOKEN = "dyn_test_partner_owner_1f2e3d4c5b6a7980";

let harness: Harness;
let client: RemoteClient;

async function remoteError(promise: Promise<unknown>): Promise<RemoteError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(RemoteError);
  return error as RemoteError;
}

beforeAll(async () => {
  harness = await startHarness({
    seed: { catalogSize: 100 },
    tokens: [
      { token: NO_SCOPES_TOKEN, scopes: [] },
      { token: FOREIGN_PROJECT_TOKEN, scopes: ["environment.settings.read"], projectId: SEED_IDS.foreignProject },
    ],
  });
  client = harness.client();
});
afterAll(() => harness.close());

describe("authentication and scopes", () => {
  it("401 No jwt provided! without a token", async () => {
    const response = await harness.raw("GET", `/environments/${SANDBOX}`, { token: null });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: "No jwt provided!" });
  });

  it("401 for an unknown token, typed as auth by the client", async () => {
    const error = await remoteError(harness.client({ token: "dyn_not_a_known_token_000000" }).getEnvironment(SANDBOX));
    expect(error).toMatchObject({ kind: "auth", status: 401, serverMessage: "Unauthorized", attempts: 1 });
    expect(error.message).not.toContain("dyn_not_a_known_token_000000");
  });

  it("401 for a header without the Bearer prefix", async () => {
    const response = await harness.raw("GET", `/environments/${SANDBOX}`, { token: null, headers: { authorization: READ_ONLY_TOKEN } });
    expect(response.status).toBe(401);
  });

  it("403 Access Forbidden without the route's scope", async () => {
    const readOnly = harness.client({ token: READ_ONLY_TOKEN });
    await expect(readOnly.getEnvironment(SANDBOX)).resolves.toMatchObject({ id: SANDBOX });
    const error = await remoteError(
      readOnly.putScreeningPolicy(SANDBOX, "vendorAWalletScreening", "SIGN_IN", { revision: 4, schemaVersion: 2, rules: {}, enabled: true }),
    );
    expect(error).toMatchObject({ kind: "forbidden", status: 403, serverMessage: "Access Forbidden", code: undefined });
    const catalog = await remoteError(harness.client({ token: NO_SCOPES_TOKEN }).getTokenCatalogPage());
    expect(catalog).toMatchObject({ kind: "forbidden", status: 403 });
    expect(catalog.message).toContain("environment.settings.read");
    await expect(readOnly.listUsers(SANDBOX)).rejects.toMatchObject({ kind: "forbidden" });
    await expect(readOnly.resetUserMfa(SEED_IDS.sanctionsBlockedUser)).rejects.toMatchObject({ kind: "forbidden", code: undefined });
  });
});

describe("not found", () => {
  it("404 not_found for an environment of another project, and for an unknown one", async () => {
    for (const id of [FOREIGN, "00000000-0000-4000-8000-000000000000"]) {
      const error = await remoteError(client.getEnvironment(id));
      expect(error).toMatchObject({ kind: "notFound", status: 404, serverMessage: "Not Found", code: "not_found" });
    }
    // The partner project's own token sees it.
    await expect(harness.client({ token: FOREIGN_PROJECT_TOKEN }).getEnvironment(FOREIGN)).resolves.toMatchObject({ id: FOREIGN, settings: { environmentName: "sandbox" } });
  });

  it("404 for the users, invites and webhooks of another project", async () => {
    await expect(client.listUsers(FOREIGN)).rejects.toMatchObject({ kind: "notFound", code: "not_found" });
    await expect(client.resetUserMfa(SEED_IDS.foreignUser)).rejects.toMatchObject({ kind: "notFound" });
    await expect(client.updateInvite(SEED_IDS.foreignInvite, "accepted")).rejects.toMatchObject({ kind: "notFound" });
    await expect(
      client.updateWebhook(FOREIGN, SEED_IDS.foreignWebhook, { url: "https://hooks.example.com/x", events: ["user.created"], isEnabled: true }),
    ).rejects.toMatchObject({ kind: "notFound" });
    // A webhook of the same project but another environment.
    await expect(
      client.updateWebhook(SANDBOX, SEED_IDS.liveWebhook, { url: "https://hooks.example.com/x", events: ["user.created"], isEnabled: true }),
    ).rejects.toMatchObject({ kind: "notFound" });
  });

  it("404 for a policy that does not exist yet", async () => {
    await expect(client.getScreeningPolicy(LIVE, "vendorBAddressScreening", "TRANSACTION")).rejects.toMatchObject({ kind: "notFound", code: "not_found" });
  });

  it("404 not_found for an unknown path, 405 for a known path with another method", async () => {
    const unknown = await harness.raw("GET", "/screeningPolicies");
    expect(unknown).toMatchObject({ status: 404, json: { error: "Not Found", code: "not_found" } });
    const method = await harness.raw("DELETE", `/environments/${SANDBOX}`);
    expect(method.status).toBe(405);
    expect(method.headers.get("allow")).toBe("GET");
  });
});

describe("bad requests", () => {
  it("400 for a malformed UUID or an unknown vendor or scope in the path", async () => {
    for (const path of [
      "/environments/3F0C2A9E-8B1D-4C7A-9E2F-5A6B7C8D9E01",
      "/environments/not-a-uuid/users",
      `/environments/${SANDBOX}/screeningPolicies/sanctionsProvider/SIGN_IN`,
      `/environments/${SANDBOX}/screeningPolicies/vendorAWalletScreening/BOTH`,
      "/invites/123",
    ]) {
      const response = await harness.raw(path.startsWith("/invites") ? "PUT" : "GET", path, { body: path.startsWith("/invites") ? '{"status":"accepted"}' : undefined });
      expect(response.status, path).toBe(400);
      expect(response.json).toEqual({ error: expect.any(String) });
    }
  });

  it("400 for a body that is not JSON or not an object", async () => {
    const path = `/environments/${SANDBOX}/screeningPolicies/vendorAWalletScreening/SIGN_IN`;
    expect((await harness.raw("PUT", path, { body: "{revision: 1" })).status).toBe(400);
    expect((await harness.raw("PUT", path, { body: "[1,2]" })).status).toBe(400);
    expect((await harness.raw("PUT", path, { body: '{"revision": -1, "schemaVersion": 2, "rules": {}, "enabled": true}' })).status).toBe(400);
  });

  it("400 for a cross-vendor field, with the linter's message, whatever the client sent", async () => {
    const live = await client.getScreeningPolicy(SANDBOX, "vendorAWalletScreening", "SIGN_IN");
    const rules = structuredClone(live.rules) as { postScreen: Array<Record<string, unknown>> };
    rules.postScreen.push({ id: "alert-high-level", when: { riskLevel: { atLeast: "high" } }, action: "ALERT" });
    const error = await remoteError(client.putScreeningPolicy(SANDBOX, "vendorAWalletScreening", "SIGN_IN", { ...live, rules }));
    expect(error).toMatchObject({ kind: "badRequest", status: 400 });
    expect(error.serverMessage).toContain("riskLevel belongs to vendorBAddressScreening");
    expect(error.serverMessage).toContain("(cross-vendor-field)");
    // Nothing was written.
    expect((await client.getScreeningPolicy(SANDBOX, "vendorAWalletScreening", "SIGN_IN")).revision).toBe(live.revision);
  });

  it("400 for any attempt to express the sanctions floor: a key, a category, a top-level member", async () => {
    const live = await client.getScreeningPolicy(SANDBOX, "vendorBAddressScreening", "TRANSACTION");
    const path = `/environments/${SANDBOX}/screeningPolicies/vendorBAddressScreening/TRANSACTION`;
    const attempts: Array<Record<string, unknown>> = [
      { ...live.rules, preScreen: { ...(live.rules.preScreen as object), skipSanctions: true } },
      { ...live.rules, postScreen: [{ id: "block-sanctioned", when: { entity: { category: "sanctioned_entity" } }, action: "BLOCK" }] },
    ];
    for (const rules of attempts) {
      const error = await remoteError(client.putScreeningPolicy(SANDBOX, "vendorBAddressScreening", "TRANSACTION", { ...live, rules }));
      expect(error.status).toBe(400);
      expect(error.serverMessage).toContain("(sanctions-floor)");
    }
    // A raw body with a floor member beside the designed ones, and a server-managed field.
    const raw = await harness.raw("PUT", path, {
      body: JSON.stringify({ revision: live.revision, schemaVersion: live.schemaVersion, rules: live.rules, enabled: true, sanctionsFloor: { enabled: false } }),
    });
    expect(raw.status).toBe(400);
    expect((raw.json as { error: string }).error).toContain("(sanctions-floor)");
    const managed = await harness.raw("PUT", path, {
      body: JSON.stringify({ revision: live.revision, schemaVersion: live.schemaVersion, rules: live.rules, enabled: true, addressEntryCount: 9 }),
    });
    expect(managed.status).toBe(400);
    expect((await client.getScreeningPolicy(SANDBOX, "vendorBAddressScreening", "TRANSACTION")).revision).toBe(live.revision);
  });

  it("400 for an invalid address entry, webhook url or event name", async () => {
    const badEntries = await remoteError(
      client.putAddressEntries(LIVE, "vendorBAddressScreening", {
        revision: 3,
        entries: [{ address: "0x150D480DBA5Fb064079c600B397f22a1445b4dF6", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "typo in the checksum" }],
      }),
    );
    expect(badEntries.serverMessage).toContain("(address-format)");
    const badWebhook = await remoteError(
      client.updateWebhook(SANDBOX, SEED_IDS.sandboxWebhook, { url: "http://10.0.0.1/hook", events: ["User Created"], isEnabled: true }),
    );
    expect(badWebhook.status).toBe(400);
    expect(badWebhook.serverMessage).toContain("(webhook-url)");
    expect(badWebhook.serverMessage).toContain("(webhook-event)");
  });

  it("400 for catalog and users query parameters out of range", async () => {
    for (const query of ["limit=0", "limit=101", "limit=1.5", "limit=abc", "limit=10&limit=20", "cursor=forged", "cursor="]) {
      const response = await harness.raw("GET", `/tokenCatalog?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json).toEqual({ error: expect.any(String) });
    }
    for (const query of [
      "limit=0",
      "offset=-1",
      "filter%5BfilterColumn%5D=email",
      "filter%5BfilterColumn%5D=password&filter%5BfilterValue%5D=x",
      "orderBy=password",
      "orderBy=email:up",
      "includeSessions=yes",
      "filter%5Bchain%5D=DOGE",
    ]) {
      expect((await harness.raw("GET", `/environments/${SANDBOX}/users?${query}`)).status, query).toBe(400);
    }
  });

  it("400 for onramp query strings that are too long or hold other characters", async () => {
    const ok = await harness.raw("GET", `/sdk/${SANDBOX}/onramps?merchantName=${encodeURIComponent("Acme & Sons' Shop: 100% ok!")}`);
    expect(ok.status).toBe(200);
    for (const query of [`merchantName=${"a".repeat(256)}`, "currency=%3Cscript%3E", "token=%C3%A9", "chain=EVM&chain=SOL", "tokenAmount=-1", "tokenAmount=1e3", "includeDisabled=1"]) {
      expect((await harness.raw("GET", `/sdk/${SANDBOX}/onramps?${query}`)).status, query).toBe(400);
    }
  });

  it("400 for an invite status that is not one of the three", async () => {
    const response = await harness.raw("PUT", `/invites/${SEED_IDS.pendingInvite}`, { body: '{"status":"approved"}' });
    expect(response.status).toBe(400);
  });
});

describe("revision precondition", () => {
  it("409 revision_mismatch with currentRevision, nothing written", async () => {
    const live = await client.getScreeningPolicy(LIVE, "vendorBAddressScreening", "SIGN_IN");
    const error = await remoteError(client.putScreeningPolicy(LIVE, "vendorBAddressScreening", "SIGN_IN", { ...live, revision: live.revision - 1 }));
    expect(error).toMatchObject({ kind: "conflict", status: 409, code: "revision_mismatch", currentRevision: live.revision });
    const create = await remoteError(client.putScreeningPolicy(LIVE, "vendorBAddressScreening", "SIGN_IN", { ...live, revision: 0 }));
    expect(create).toMatchObject({ code: "revision_mismatch", currentRevision: live.revision });
    const absent = await remoteError(
      client.putScreeningPolicy(LIVE, "vendorBAddressScreening", "TRANSACTION", { revision: 3, schemaVersion: 1, rules: { preScreen: {}, postScreen: [] }, enabled: true }),
    );
    expect(absent).toMatchObject({ code: "revision_mismatch", currentRevision: 0 });
    expect((await client.getScreeningPolicy(LIVE, "vendorBAddressScreening", "SIGN_IN")).revision).toBe(live.revision);
  });

  it("409 on address entries too", async () => {
    const entries = await client.getAddressEntries(LIVE, "vendorAWalletScreening");
    await expect(client.putAddressEntries(LIVE, "vendorAWalletScreening", { ...entries, revision: entries.revision + 1 })).rejects.toMatchObject({
      code: "revision_mismatch",
      currentRevision: entries.revision,
    });
  });

  it("of concurrent writers from the same revision, exactly one wins", async () => {
    const live = await client.getScreeningPolicy(SANDBOX, "vendorAWalletScreening", "TRANSACTION");
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, () => harness.client().putScreeningPolicy(SANDBOX, "vendorAWalletScreening", "TRANSACTION", { ...live, enabled: false })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ code: "revision_mismatch", currentRevision: live.revision + 1 });
  });
});

describe("documented bodies of invites and MFA", () => {
  it("the merge-conflict body with its full payload", async () => {
    const error = await remoteError(client.updateInvite(SEED_IDS.mergeConflictInvite, "accepted"));
    expect(error).toMatchObject({ kind: "conflict", serverMessage: "Resources already exists for this Object", code: "email_cannot_be_null" });
    const payload = error.payload!;
    expect(Object.keys(payload).sort()).toEqual(
      ["additionalMessages", "email", "embeddedSocialSigninProvider", "embeddedWalletName", "intent", "loginProvider", "mergeConflicts"].sort(),
    );
    expect(payload.loginProvider).toBe("emailOnly");
    const fromUser = payload.mergeConflicts!.fromUser as Record<string, unknown>;
    for (const member of [
      "id", "projectEnvironmentId", "verifiedCredentials", "lastVerifiedCredentialId", "sessionId", "alias", "country", "email", "firstName",
      "jobTitle", "lastName", "phoneNumber", "tShirtSize", "team", "username", "policiesConsent", "firstVisit", "lastVisit", "newUser",
      "metadata", "mfaBackupCodeAcknowledgement", "btcWallet", "kdaWallet", "ltcWallet", "ckbWallet", "kasWallet", "dogeWallet",
      "emailNotification", "discordNotification", "newsletterNotification", "lists", "scope", "missingFields",
    ]) {
      expect(fromUser, member).toHaveProperty(member);
    }
    const credential = (fromUser.verifiedCredentials as Array<Record<string, unknown>>)[0]!;
    expect(credential.wallet_properties).toHaveProperty("isAuthenticatorAttached", true);
    expect(credential.business_account_properties).toHaveProperty("businessAccountSignerType", "endUser");
    const [conflict] = payload.mergeConflicts!.conflicts!;
    expect(conflict!.field).toMatchObject({ name: "email", type: "standard", validationType: "text" });
    expect(conflict!.currentUser!.value).toBe(payload.email);
    expect(conflict!.fromUser!.userId).toBe(fromUser.id);
  });

  it("403 sanctions_blocked for the blocked invite and the blocked user", async () => {
    await expect(client.updateInvite(SEED_IDS.sanctionsBlockedInvite, "accepted")).rejects.toMatchObject({
      kind: "forbidden",
      status: 403,
      serverMessage: "Access Forbidden",
      code: "sanctions_blocked",
    });
    await expect(client.resetUserMfa(SEED_IDS.sanctionsBlockedUser)).rejects.toMatchObject({ kind: "forbidden", code: "sanctions_blocked" });
  });

  it("409 invite_not_pending when an accepted invite is rejected", async () => {
    const response = await harness.raw("PUT", `/invites/${SEED_IDS.pendingInvite}`, { body: '{"status":"accepted"}' });
    expect(response.status).toBe(200);
    const again = await harness.raw("PUT", `/invites/${SEED_IDS.pendingInvite}`, { body: '{"status":"rejected"}' });
    expect(again).toMatchObject({ status: 409, json: { code: "invite_not_pending" } });
  });
});

describe("internal errors", () => {
  it("500 Internal Server Error with no detail when the state cannot be written, and the change is rolled back", async () => {
    const temp = tempDir();
    const errors: unknown[] = [];
    const own = await startHarness({ statePath: `${temp.dir}/nested/state.json`, onInternalError: (error) => errors.push(error) }).catch((error: unknown) => error);
    // The folder does not exist: the emulator refuses to start rather than run without its file.
    expect(own).toMatchObject({ name: "EmulatorError" });
    const local = await startHarness({ statePath: `${temp.dir}/state.json`, onInternalError: (error) => errors.push(error) });
    try {
      const live = await local.client().getScreeningPolicy(SANDBOX, "vendorAWalletScreening", "SIGN_IN");
      temp.remove();
      const response = await local.raw("PUT", `/environments/${SANDBOX}/screeningPolicies/vendorAWalletScreening/SIGN_IN`, {
        body: JSON.stringify({ revision: live.revision, schemaVersion: live.schemaVersion, rules: live.rules, enabled: false }),
      });
      expect(response.status).toBe(500);
      expect(response.json).toEqual({ error: "Internal Server Error" });
      expect(response.text).not.toMatch(/ENOENT|at |\.js/);
      expect(errors).toHaveLength(1);
      const after = await local.client().getScreeningPolicy(SANDBOX, "vendorAWalletScreening", "SIGN_IN");
      expect(after).toEqual(live);
    } finally {
      await local.close();
      temp.remove();
    }
  });
});
