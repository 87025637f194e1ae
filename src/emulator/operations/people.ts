/**
 * Invite accept/reject (admin-api.md, operation 3) and MFA reset (operation 4).
 * Their status codes are "not shown"; the emulator's: 200 with the invite, 204
 * for the MFA reset, 403 `sanctions_blocked`, and 422 for the merge conflict,
 * the status of the vendor's `UnprocessableEntity` error model, whose payload
 * is the merge-conflict payload (contract/wire.ts, INVITE_CONFLICT_STATUS).
 */
import { INVITE_CONFLICT_STATUS, INVITE_STATUS_FIELD, SANCTIONS_BLOCKED_CODE } from "../../contract/wire.js";
import { environmentFor, objectBody, type ApiRequest, type EmulatorServices } from "../context.js";
import { badRequest, forbidden, HttpError, notFound } from "../errors.js";
import type { Reply } from "../http.js";
import type { InviteStatus, StoredInvite } from "../model.js";
import { mergeConflictBody } from "../seed-people.js";
import { timestamp } from "../timestamp.js";

const INVITE_STATUSES: readonly InviteStatus[] = ["pending", "rejected", "accepted"];

/** An invite as served: the internal outcome marker stays inside. */
function inviteView(invite: StoredInvite): Record<string, unknown> {
  const { _outcome, ...view } = invite;
  return view;
}

/**
 * PUT /invites/{inviteId}, body `{status}`. Transitions (not shown in
 * admin-api.md; the emulator's): `pending` to `accepted` or `rejected`; the
 * same status again is a no-op 200 (the client retries); anything else is 409
 * `invite_not_pending`. Accepting the seeded conflict invite answers the
 * merge-conflict body with 422, accepting the seeded blocked one 403 `sanctions_blocked`;
 * rejecting either works.
 */
export async function updateInvite(request: ApiRequest, services: EmulatorServices): Promise<Reply> {
  const body = objectBody(request, `{${INVITE_STATUS_FIELD}}`);
  const status = body[INVITE_STATUS_FIELD];
  if (typeof status !== "string" || !(INVITE_STATUSES as readonly string[]).includes(status)) {
    throw badRequest(`${INVITE_STATUS_FIELD} must be one of ${INVITE_STATUSES.join(", ")}`);
  }
  const state = services.store.state;
  const invite = state.invites.find((candidate) => candidate.id === request.params.inviteId);
  if (!invite) throw notFound();
  environmentFor(state, request, invite.environmentId);
  if (invite.status === status) return { status: 200, body: inviteView(invite) };
  if (invite.status !== "pending") {
    throw new HttpError(409, { error: `the invite is already ${invite.status}`, code: "invite_not_pending" });
  }
  if (status === "accepted" && invite._outcome === "sanctionsBlocked") throw forbidden(SANCTIONS_BLOCKED_CODE);
  if (status === "accepted" && invite._outcome === "mergeConflict") {
    const existing = state.users.find((user) => user.record.projectEnvironmentId === invite.environmentId && user.record.email === invite.email);
    throw new HttpError(INVITE_CONFLICT_STATUS, mergeConflictBody(invite, existing));
  }
  const now = timestamp(services.now());
  const updated = await services.store.write((current) => {
    const index = current.invites.findIndex((candidate) => candidate.id === invite.id);
    const next: StoredInvite = { ...current.invites[index]!, status: status as InviteStatus, updatedAt: now };
    current.invites[index] = next;
    return next;
  });
  return { status: 200, body: inviteView(updated) };
}

/** DELETE /users/{userId}/mfa: 204, idempotent; 403 `sanctions_blocked` for the seeded blocked user. */
export async function resetUserMfa(request: ApiRequest, services: EmulatorServices): Promise<Reply> {
  const state = services.store.state;
  const user = state.users.find((candidate) => candidate.record.id === request.params.userId);
  if (!user) throw notFound();
  environmentFor(state, request, user.record.projectEnvironmentId);
  if (user._sanctionsBlocked) throw forbidden(SANCTIONS_BLOCKED_CODE);
  await services.store.write((current) => {
    const target = current.users.find((candidate) => candidate.record.id === user.record.id);
    if (target) target._mfaDeviceCount = 0;
  });
  return { status: 204 };
}
