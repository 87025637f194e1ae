/**
 * The dashboard user's authorized clients (contract/wire.ts; admin-api.md,
 * Authentication, rule 5: "managed per dashboard user"). The pipeline lets
 * only a client JWT through (routes.ts, scope `user`), so `grant.userId` is set.
 */
import type { ApiRequest, EmulatorServices } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import type { Reply } from "../http.js";

export function listAuthorizedClients(request: ApiRequest, services: EmulatorServices): Reply {
  return { status: 200, body: { authorizedClients: services.logins.authorizedClients(userOf(request)) } };
}

export function revokeAuthorizedClient(request: ApiRequest, services: EmulatorServices): Reply {
  if (!services.logins.revokeClient(userOf(request), request.params.authorizedClientId ?? "")) throw notFound();
  return { status: 204 };
}

function userOf(request: ApiRequest): string {
  if (request.grant.userId === undefined) throw forbidden();
  return request.grant.userId;
}
