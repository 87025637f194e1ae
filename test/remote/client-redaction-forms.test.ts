/**
 * The client's errors hide the token in every form the core redactor knows,
 * not only as sent: a server that echoes it base64-encoded (a Basic header it
 * rebuilt, a JWT segment) or JSON-escaped gets none of it into a message or a
 * kept error body.
 */
import { afterEach, describe, expect, it } from "vitest";
import { RemoteError, type RemoteClient } from "../../src/remote/index.js";
import { sendJson, startServer, type Handler, type TestServer } from "./http-server.js";
import { clientFor, ENVIRONMENT_ID, INVITE_ID, rejectionOf, textsOf } from "./fixtures.js";

/** Distinctive, and with characters that the percent, JSON and base64 forms all change. */
const TOKEN = 'dyn_Forms/Token+"quoted"=value_7c21';
const BASE64 = Buffer.from(`user:${TOKEN}`).toString("base64");
const BASE64URL = Buffer.from(`{"t":"${TOKEN}"}`).toString("base64url");
const JSON_ESCAPED = JSON.stringify(TOKEN).slice(1, -1).replace(/\//g, "\\/");

let server: TestServer | undefined;
let client: RemoteClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

async function serve(handler: Handler): Promise<RemoteClient> {
  server = await startServer(handler);
  client = clientFor(server.baseUrl, { token: TOKEN, retry: { maxAttempts: 1 } });
  return client;
}

function searchableTexts(error: RemoteError): string {
  return [...textsOf(error), JSON.stringify(error.payload ?? null)].join("\n");
}

describe("client errors with the token echoed in other forms", () => {
  it("redacts base64, base64url and JSON-escaped forms in the message", async () => {
    const echoed = await serve((_request, response) => sendJson(response, 401, { error: `basic ${BASE64} jwt ${BASE64URL} json ${JSON_ESCAPED}` }));
    const error = (await rejectionOf(echoed.getEnvironment(ENVIRONMENT_ID))) as RemoteError;
    const basic = redactedBase64(BASE64, "user:".length);
    const jwt = redactedBase64(BASE64URL, '{"t":"'.length);
    expect(error.message).toBe(`GET environment ${ENVIRONMENT_ID}: 401 basic ${basic} jwt ${jwt} json *** (the API token is missing, malformed, invalid or revoked)`);
    const texts = searchableTexts(error);
    for (const form of [TOKEN, BASE64.slice(8, -8), BASE64URL.slice(12, -8), JSON_ESCAPED]) expect(texts).not.toContain(form);
  });

  it("redacts them inside a kept merge-conflict payload", async () => {
    const conflicted = await serve((_request, response) =>
      sendJson(response, 409, { error: "Resources already exists for this Object", payload: { email: BASE64, intent: { jwt: BASE64URL } } }),
    );
    const error = (await rejectionOf(conflicted.updateInvite(INVITE_ID, "accepted"))) as RemoteError;
    const texts = searchableTexts(error);
    for (const form of [BASE64.slice(8, -8), BASE64URL.slice(12, -8)]) expect(texts).not.toContain(form);
  });
});

/** The bytes around the secret share base64 characters with it; only the secret's own run becomes ***. */
function redactedBase64(encoded: string, bytesBefore: number): string {
  const start = Math.ceil((bytesBefore * 4) / 3);
  const end = Math.floor(((bytesBefore + Buffer.byteLength(TOKEN)) * 4) / 3);
  return `${encoded.slice(0, start)}***${encoded.slice(end)}`;
}
