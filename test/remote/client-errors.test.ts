/** Each documented error body becomes a typed, one-line RemoteError that never carries the token. */
import { afterEach, describe, expect, it } from "vitest";
import { isRemoteError, isRevisionConflict, RemoteError, type RemoteClient } from "../../src/remote/index.js";
import { sendJson, startServer, type Handler, type TestServer } from "./http-server.js";
import { clientFor, ENVIRONMENT_ID, INVITE_ID, rejectionOf, textsOf, TOKEN, USER_ID } from "./fixtures.js";

let server: TestServer | undefined;
let client: RemoteClient | undefined;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function serve(handler: Handler): Promise<{ server: TestServer; client: RemoteClient }> {
  server = await startServer(handler);
  client = clientFor(server.baseUrl);
  return { server, client };
}

async function remoteErrorOf(promise: Promise<unknown>): Promise<RemoteError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(RemoteError);
  const remote = error as RemoteError;
  expect(remote.message).not.toMatch(/[\r\n]/);
  for (const text of textsOf(remote)) expect(text).not.toContain(TOKEN);
  return remote;
}

const MERGE_CONFLICT_PAYLOAD = {
  email: "ada@example.com",
  loginProvider: "emailOnly",
  mergeConflicts: {
    fromUser: { id: USER_ID, email: "ada@example.com" },
    conflicts: [
      {
        field: { name: "email", required: true, type: "standard" },
        fromUser: { userId: USER_ID, value: "ada@example.com" },
        currentUser: { userId: INVITE_ID, value: "ada@example.org" },
      },
    ],
  },
  additionalMessages: ["merge needed"],
};

describe("remote client errors", () => {
  it("401 No jwt provided! -> auth", async () => {
    const { client } = await serve((_request, response) => sendJson(response, 401, { error: "No jwt provided!" }));
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    expect(error).toMatchObject({ kind: "auth", status: 401, serverMessage: "No jwt provided!", operation: "getEnvironment", attempts: 1 });
    expect(error.message).toBe(
      `GET environment ${ENVIRONMENT_ID}: 401 No jwt provided! (the API token is missing, malformed, invalid or revoked)`,
    );
  });

  it("403 Access Forbidden -> forbidden, naming the missing scope", async () => {
    const { client } = await serve((_request, response) => sendJson(response, 403, { error: "Access Forbidden" }));
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    expect(error).toMatchObject({ kind: "forbidden", status: 403, serverMessage: "Access Forbidden", code: undefined });
    expect(error.message).toBe(
      `GET environment ${ENVIRONMENT_ID}: 403 Access Forbidden (the API token lacks the scope for this operation)`,
    );
    const catalogError = await remoteErrorOf(client.getTokenCatalogPage());
    expect(catalogError.message).toContain("environment.settings.read");
  });

  it("403 with RFC 6750's insufficient_scope challenge names the scope; a challenge whose scope holds anything but scope characters names none", async () => {
    // An HTTP header cannot carry a control character; a backslash or a quote is as far as a server can go.
    const challenges = [
      'Bearer error="insufficient_scope", scope="environment.settings.write"',
      'Bearer error="insufficient_scope", scope="x\\e]0;pwned\\a"',
      'Bearer error="invalid_token", scope="environment.settings.write"',
    ];
    let next = 0;
    const { client } = await serve((_request, response) => sendJson(response, 403, { error: "Access Forbidden" }, { "www-authenticate": challenges[next++]! }));
    const named = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    expect(named.message).toBe(`GET environment ${ENVIRONMENT_ID}: 403 Access Forbidden (the API token lacks the scope environment.settings.write)`);
    expect(named.requiredScope).toBe("environment.settings.write");
    for (let index = 1; index < challenges.length; index++) {
      const unnamed = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
      expect(unnamed.message).toBe(`GET environment ${ENVIRONMENT_ID}: 403 Access Forbidden (the API token lacks the scope for this operation)`);
    }
  });

  it("403 sanctions_blocked on MFA reset and invite update -> forbidden with the code", async () => {
    const { client } = await serve((_request, response) =>
      sendJson(response, 403, { error: "Access Forbidden", code: "sanctions_blocked" }),
    );
    const mfa = await remoteErrorOf(client.resetUserMfa(USER_ID));
    expect(mfa).toMatchObject({ kind: "forbidden", status: 403, code: "sanctions_blocked", operation: "resetUserMfa" });
    expect(mfa.message).toBe(
      `DELETE MFA devices of user ${USER_ID}: 403 Access Forbidden [sanctions_blocked] (blocked by the service's sanctions screening)`,
    );
    const invite = await remoteErrorOf(client.updateInvite(INVITE_ID, "rejected"));
    expect(invite).toMatchObject({ kind: "forbidden", code: "sanctions_blocked", operation: "updateInvite" });
  });

  it("404 not_found -> notFound", async () => {
    const { client } = await serve((_request, response) => sendJson(response, 404, { error: "Not Found", code: "not_found" }));
    const error = await remoteErrorOf(client.getScreeningPolicy(ENVIRONMENT_ID, "vendorBAddressScreening", "SIGN_IN"));
    expect(error).toMatchObject({ kind: "notFound", status: 404, serverMessage: "Not Found", code: "not_found" });
    expect(error.message).toBe(
      `GET screening policy ${ENVIRONMENT_ID}/vendorBAddressScreening/SIGN_IN: 404 Not Found [not_found] (the identifier is wrong or belongs to another project)`,
    );
  });

  it("409 revision_mismatch -> conflict with currentRevision", async () => {
    const { client } = await serve((_request, response) =>
      sendJson(response, 409, { error: "Revision mismatch", code: "revision_mismatch", currentRevision: 7 }),
    );
    const error = await remoteErrorOf(
      client.putScreeningPolicy(ENVIRONMENT_ID, "vendorAWalletScreening", "SIGN_IN", { revision: 5, schemaVersion: 1, rules: {}, enabled: true }),
    );
    expect(error).toMatchObject({ kind: "conflict", status: 409, code: "revision_mismatch", currentRevision: 7, attempts: 1 });
    expect(isRevisionConflict(error)).toBe(true);
    expect(error.message).toContain("the live revision is 7, not the one planned against; nothing was written");
    expect(error.message).not.toContain("earlier attempt");
  });

  it("409 revision_mismatch on address entries too", async () => {
    const { client } = await serve((_request, response) =>
      sendJson(response, 409, { error: "Conflict", code: "revision_mismatch", currentRevision: 3 }),
    );
    const error = await remoteErrorOf(client.putAddressEntries(ENVIRONMENT_ID, "vendorBAddressScreening", { revision: 2, entries: [] }));
    expect(isRevisionConflict(error)).toBe(true);
    expect(error.currentRevision).toBe(3);
  });

  it("invite merge conflict -> conflict with the payload, whatever the status", async () => {
    for (const status of [422, 409, 400]) {
      const { client } = await serve((_request, response) =>
        sendJson(response, status, {
          error: "Resources already exists for this Object",
          code: "email_cannot_be_null",
          payload: MERGE_CONFLICT_PAYLOAD,
        }),
      );
      const error = await remoteErrorOf(client.updateInvite(INVITE_ID, "accepted"));
      expect(error).toMatchObject({ kind: "conflict", status, code: "email_cannot_be_null", payload: MERGE_CONFLICT_PAYLOAD });
      expect(isRevisionConflict(error)).toBe(false);
      expect(error.message).toContain("Resources already exists for this Object [email_cannot_be_null]");
      await client.close();
      await server!.close();
    }
  });

  it("400 -> badRequest with the server's message", async () => {
    const { client, server } = await serve((_request, response) =>
      sendJson(response, 400, { error: "rules.postScreen[0].when.riskScore is not a field of vendorBAddressScreening" }),
    );
    const error = await remoteErrorOf(
      client.putScreeningPolicy(ENVIRONMENT_ID, "vendorBAddressScreening", "SIGN_IN", { revision: 1, schemaVersion: 1, rules: {}, enabled: true }),
    );
    expect(error).toMatchObject({ kind: "badRequest", status: 400 });
    expect(error.message).toContain("400 rules.postScreen[0].when.riskScore is not a field");
    expect(server.requests).toHaveLength(1);
  });

  it("500 Internal Server Error -> server, after the bounded retries", async () => {
    const { client, server } = await serve((_request, response) => sendJson(response, 500, { error: "Internal Server Error" }));
    const error = await remoteErrorOf(client.resetUserMfa(USER_ID));
    expect(error).toMatchObject({ kind: "server", status: 500, serverMessage: "Internal Server Error", attempts: 3 });
    expect(error.message).toBe(`DELETE MFA devices of user ${USER_ID}: 500 Internal Server Error (gave up after 3 attempts)`);
    expect(server.requests).toHaveLength(3);
  });

  it("an error body that is not JSON falls back to the status text", async () => {
    const { client } = await serve((_request, response) => {
      response.writeHead(502, { "content-type": "text/html" });
      response.end("<html>\n<h1>Bad gateway</h1>\n</html>");
    });
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    expect(error).toMatchObject({ kind: "server", status: 502, serverMessage: undefined });
    expect(error.message).toBe(`GET environment ${ENVIRONMENT_ID}: 502 Bad Gateway (gave up after 3 attempts)`);
  });

  it("server text is made one line and stripped of terminal escapes", async () => {
    const { client } = await serve((_request, response) => sendJson(response, 400, { error: "bad\n\u001b[31mred\u001b[0m\r\nthing" }));
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    expect(error.message).not.toContain("\u001b");
    expect(error.serverMessage).toBe("bad [31mred [0m thing");
  });

  it("a success body that is not JSON -> invalidResponse, one line", async () => {
    const { client } = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end(`<html>${TOKEN}</html>`);
    });
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    expect(error).toMatchObject({ kind: "invalidResponse", status: 200 });
    expect(error.message).toBe(`GET environment ${ENVIRONMENT_ID}: invalid response: 200 with a body that is not JSON`);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it("a success body of the wrong shape -> invalidResponse naming the member", async () => {
    const { client } = await serve((_request, response) =>
      sendJson(response, 200, { tokens: [{ chain: "EVM", contractAddress: "0x", decimals: "6" }], nextCursor: null, version: "v" }),
    );
    const error = await remoteErrorOf(client.getTokenCatalogPage());
    expect(error.kind).toBe("invalidResponse");
    expect(error.message).toBe("GET token catalog first page: invalid response: tokens[0].decimals is not a non-negative integer");
  });

  it("a policy of another vendor or scope than requested -> invalidResponse", async () => {
    const { client } = await serve((_request, response) =>
      sendJson(response, 200, {
        providerType: "vendorAWalletScreening",
        scope: "SIGN_IN",
        revision: 1,
        schemaVersion: 1,
        rules: {},
        addressEntryCount: 0,
        enabled: true,
      }),
    );
    const error = await remoteErrorOf(client.getScreeningPolicy(ENVIRONMENT_ID, "vendorAWalletScreening", "TRANSACTION"));
    expect(error.message).toContain("scope is SIGN_IN, not the requested TRANSACTION");
  });

  it("a redirect is not followed: the token goes nowhere else", async () => {
    const elsewhere = await startServer((_request, response) => sendJson(response, 200, {}));
    try {
      const { client, server } = await serve((_request, response) => {
        response.writeHead(307, { location: `${elsewhere.baseUrl}/environments/${ENVIRONMENT_ID}` });
        response.end();
      });
      const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
      expect(error).toMatchObject({ kind: "unexpectedStatus", status: 307 });
      expect(error.message).toContain("redirect to http://127.0.0.1:");
      expect(error.message).toContain("not followed");
      expect(server.requests).toHaveLength(1);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it("a 304 without a conditional request is unexpected", async () => {
    const { client } = await serve((_request, response) => {
      response.writeHead(304);
      response.end();
    });
    const error = await remoteErrorOf(client.getTokenCatalogPage());
    expect(error).toMatchObject({ kind: "unexpectedStatus", status: 304 });
    expect(error.message).not.toContain("redirect");
  });

  it("a server that echoes the token never gets it into an error", async () => {
    const { client } = await serve((request, response) =>
      sendJson(response, 401, { error: `token ${request.headers.authorization} is revoked`, code: TOKEN }),
    );
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    expect(error.message).toBe(
      `GET environment ${ENVIRONMENT_ID}: 401 token Bearer *** is revoked [***] (the API token is missing, malformed, invalid or revoked)`,
    );
    expect(isRemoteError(error, "auth")).toBe(true);
  });

  it("redacts the token inside a merge-conflict payload", async () => {
    const { client } = await serve((_request, response) =>
      sendJson(response, 409, { error: "Resources already exists for this Object", payload: { email: "a@b.co", intent: { echoed: TOKEN } } }),
    );
    const error = await remoteErrorOf(client.updateInvite(INVITE_ID, "accepted"));
    expect(error.payload).toEqual({ email: "a@b.co", intent: { echoed: "***" } });
  });

  it("refuses a response body over 16 MiB as invalidResponse, without retrying", async () => {
    const { client, server } = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(Buffer.alloc(16 * 1024 * 1024 + 1, 0x20));
    });
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    expect(error).toMatchObject({ kind: "invalidResponse", attempts: 1 });
    expect(error.message).toBe(`GET environment ${ENVIRONMENT_ID}: invalid response: response body larger than 16777216 bytes`);
    expect(server.requests).toHaveLength(1);
  });
});
