/**
 * Screening policies (admin-api.md, operation 1) and the two designed edit
 * endpoints (toolkit.md, Remote behaviour): the policy edit and the address
 * entries, both guarded by their revision.
 */
import { CURRENT_REVISION_FIELD, REVISION_MISMATCH_CODE, REVISION_MISMATCH_STATUS } from "../../contract/wire.js";
import { parseExpiry } from "../../core/checks/expired-address-entry.js";
import type { Scope, Vendor } from "../../core/vendors.js";
import { describeRange, EDITABLE_REVISION_RANGE, isInRange } from "../bounds.js";
import { environmentFor, environmentsOfProject, objectBody, type ApiRequest, type EmulatorServices } from "../context.js";
import { badRequest, HttpError, notFound } from "../errors.js";
import type { Reply } from "../http.js";
import type { EmulatorState, StoredAddressEntries, StoredAddressEntry, StoredPolicy } from "../model.js";
import { timestamp } from "../timestamp.js";
import { addressEntriesProblem, policyProblem, type ValidationContext } from "../validation.js";

/**
 * `addressEntryCount` (admin-api.md, ScreeningPolicy): the live entries of the
 * policy's (environment, vendor) marked `ALL` or narrowed to its scope. Live:
 * no `expiresAt`, or one still in the future.
 */
export function addressEntryCount(state: EmulatorState, policy: Pick<StoredPolicy, "environmentId" | "providerType" | "scope">, now: Date): number {
  const stored = state.addressEntries.find((entries) => entries.environmentId === policy.environmentId && entries.providerType === policy.providerType);
  if (!stored) return 0;
  const at = now.getTime();
  return stored.entries.filter((entry) => (entry.scope === "ALL" || entry.scope === policy.scope) && isLive(entry, at)).length;
}

function isLive(entry: StoredAddressEntry, at: number): boolean {
  if (entry.expiresAt === undefined) return true;
  const expiry = parseExpiry(entry.expiresAt);
  return expiry === undefined || expiry > at;
}

/** A policy as served: the stored members plus the derived count; never the sanctions floor. */
export function policyView(state: EmulatorState, policy: StoredPolicy, now: Date): Record<string, unknown> {
  return {
    providerType: policy.providerType,
    scope: policy.scope,
    revision: policy.revision,
    schemaVersion: policy.schemaVersion,
    rules: policy.rules,
    addressEntryCount: addressEntryCount(state, policy, now),
    enabled: policy.enabled,
    updatedAt: policy.updatedAt,
  };
}

function findPolicy(state: EmulatorState, environmentId: string, providerType: string, scope: string): StoredPolicy | undefined {
  return state.policies.find((policy) => policy.environmentId === environmentId && policy.providerType === providerType && policy.scope === scope);
}

function findAddressEntries(state: EmulatorState, environmentId: string, providerType: string): StoredAddressEntries | undefined {
  return state.addressEntries.find((entries) => entries.environmentId === environmentId && entries.providerType === providerType);
}

/**
 * The precondition of both designed edits: `revision` is a stored revision
 * with a successor, so the edit never stores one the state file refuses.
 */
function requestedRevision(body: Record<string, unknown>): number {
  const revision = body.revision;
  if (!isInRange(revision, EDITABLE_REVISION_RANGE)) {
    throw badRequest(`revision must be ${describeRange(EDITABLE_REVISION_RANGE)}: the live revision the change is based on, 0 to create`);
  }
  return revision;
}

/** 409 of the designed edits (toolkit.md, Remote behaviour). */
function revisionMismatch(what: string, sent: number, current: number): HttpError {
  return new HttpError(REVISION_MISMATCH_STATUS, {
    error: `${what}: revision ${sent} is not the live revision ${current}; re-read it and plan again`,
    code: REVISION_MISMATCH_CODE,
    [CURRENT_REVISION_FIELD]: current,
  });
}

function validationContext(services: EmulatorServices, request: ApiRequest, environmentId: string): ValidationContext {
  const state = services.store.state;
  const environment = environmentFor(state, request, environmentId);
  return {
    environment,
    environments: environmentsOfProject(state, environment.projectId),
    now: services.now(),
    catalog: services.store.catalog().index(),
  };
}

/** GET /environments/{environmentId}/screeningPolicies/{providerType}/{scope}: 404 when there is none. */
export function getScreeningPolicy(request: ApiRequest, services: EmulatorServices): Reply {
  const state = services.store.state;
  const environment = environmentFor(state, request, request.params.environmentId!);
  const policy = findPolicy(state, environment.id, request.params.providerType!, request.params.scope!);
  if (!policy) throw notFound();
  return { status: 200, body: policyView(state, policy, services.now()) };
}

/**
 * PUT of the same path, body `{revision, schemaVersion, rules, enabled}`: the
 * revision precondition (409 `revision_mismatch` with `currentRevision`), then
 * the content, linted as the policy file it stands for (400 with the findings),
 * then stored with the revision incremented. The check, the lint and the change
 * run without yielding, so no other request comes between them.
 */
export async function putScreeningPolicy(request: ApiRequest, services: EmulatorServices): Promise<Reply> {
  const body = objectBody(request, "{revision, schemaVersion, rules, enabled}");
  const revision = requestedRevision(body);
  const providerType = request.params.providerType as Vendor;
  const scope = request.params.scope as Scope;
  const context = validationContext(services, request, request.params.environmentId!);
  const environmentId = context.environment.id;
  // The precondition before the content (RFC 9110, section 13.2.1): a stale edit costs no lint.
  const live = findPolicy(services.store.state, environmentId, providerType, scope)?.revision ?? 0;
  if (revision !== live) throw revisionMismatch(`policy ${providerType}/${scope}`, revision, live);
  const problem = policyProblem(context, providerType, scope, body);
  if (problem !== undefined) throw badRequest(problem);
  const now = services.now();
  const stored = await services.store.write((state) => {
    const existing = findPolicy(state, environmentId, providerType, scope);
    const current = existing?.revision ?? 0;
    if (revision !== current) throw revisionMismatch(`policy ${providerType}/${scope}`, revision, current);
    const policy: StoredPolicy = {
      environmentId,
      providerType,
      scope,
      revision: current + 1,
      schemaVersion: body.schemaVersion as number,
      rules: body.rules as Record<string, unknown>,
      enabled: body.enabled as boolean,
      updatedAt: timestamp(now),
    };
    if (existing) state.policies[state.policies.indexOf(existing)] = policy;
    else state.policies.push(policy);
    return policyView(state, policy, now);
  });
  return { status: 200, body: stored };
}

/** GET /environments/{environmentId}/screeningAddressEntries/{providerType}: `{revision: 0, entries: []}` when none. */
export function getAddressEntries(request: ApiRequest, services: EmulatorServices): Reply {
  const state = services.store.state;
  const environment = environmentFor(state, request, request.params.environmentId!);
  const stored = findAddressEntries(state, environment.id, request.params.providerType!);
  return { status: 200, body: { revision: stored?.revision ?? 0, entries: stored?.entries ?? [] } };
}

/** PUT of the same path, body `{revision, entries}`: as the policy edit, linted as an addresses.yaml. */
export async function putAddressEntries(request: ApiRequest, services: EmulatorServices): Promise<Reply> {
  const body = objectBody(request, "{revision, entries}");
  const revision = requestedRevision(body);
  const providerType = request.params.providerType as Vendor;
  const context = validationContext(services, request, request.params.environmentId!);
  const environmentId = context.environment.id;
  const live = findAddressEntries(services.store.state, environmentId, providerType)?.revision ?? 0;
  if (revision !== live) throw revisionMismatch(`address entries of ${providerType}`, revision, live);
  const problem = addressEntriesProblem(context, providerType, body);
  if (problem !== undefined) throw badRequest(problem);
  const now = services.now();
  const stored = await services.store.write((state) => {
    const existing = findAddressEntries(state, environmentId, providerType);
    const current = existing?.revision ?? 0;
    if (revision !== current) throw revisionMismatch(`address entries of ${providerType}`, revision, current);
    const next = { environmentId, providerType, revision: current + 1, entries: body.entries as StoredAddressEntry[], updatedAt: timestamp(now) };
    if (existing) state.addressEntries[state.addressEntries.indexOf(existing)] = next;
    else state.addressEntries.push(next);
    return { revision: next.revision, entries: next.entries };
  });
  return { status: 200, body: stored };
}
