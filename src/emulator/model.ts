/**
 * The emulator's state: everything it serves, as one JSON document (the state
 * file). Records follow admin-api.md where it shows them; where it says "not
 * shown" the shapes are the emulator's design, noted per type. Members whose
 * name starts with an underscore are internal: never served.
 */
import type { AddressEntryDocument } from "../core/semantics/subject.js";
import type { CatalogToken } from "../core/catalog.js";
import type { Scope, Vendor } from "../core/vendors.js";

/** Marks a state file as ours, so a stray JSON file is refused rather than misread. */
export const STATE_FORMAT = "screenpol-emulator-state";
/** Bumped when the state shape changes incompatibly; an older file is refused with a message. */
export const STATE_VERSION = 1;

export type EnvironmentKind = "sandbox" | "live";

export interface OrganizationRecord {
  id: string;
  name: string;
}

export interface ProjectRecord {
  id: string;
  name: string;
  organizationId: string;
}

/** An environment (admin-api.md, operation 6: fields not shown; this is the emulator's record). */
export interface StoredEnvironment {
  id: string;
  /** The name a repository's screenpol.config.yaml gives it (and the folder under policies/). */
  name: string;
  kind: EnvironmentKind;
  projectId: string;
  createdAt: string;
}

/** A ScreeningPolicy as stored: `addressEntryCount` is derived on every read, never stored. */
export interface StoredPolicy {
  environmentId: string;
  providerType: Vendor;
  scope: Scope;
  revision: number;
  schemaVersion: number;
  rules: Record<string, unknown>;
  enabled: boolean;
  updatedAt: string;
}

/** One address entry (policy-language.md section 6); checked by the linter's addresses schema before it is stored. */
export type StoredAddressEntry = AddressEntryDocument;

/** The address entries of (environment, vendor), with their own revision (toolkit.md, Remote behaviour). */
export interface StoredAddressEntries {
  environmentId: string;
  providerType: Vendor;
  revision: number;
  entries: StoredAddressEntry[];
  updatedAt: string;
}

/** A Webhook (admin-api.md, Webhook), stored as served. */
export interface StoredWebhook {
  environmentId: string;
  webhookId: string;
  url: string;
  events: string[];
  isEnabled: boolean;
  createdAt: string;
  updatedAt: string;
  secret: string;
  version: string;
  /** Absent while the webhook is disabled. */
  enabledAt?: string;
}

/** A user: `record` is what the users listing serves (admin-api.md, user record members). */
export interface StoredUser {
  record: Record<string, unknown> & { id: string; projectEnvironmentId: string; email: string };
  /** Registered MFA devices; operation 4 sets it to 0. */
  _mfaDeviceCount: number;
  /** Operations on this user answer 403 `sanctions_blocked` (admin-api.md, Errors). */
  _sanctionsBlocked?: boolean;
}

export type InviteStatus = "pending" | "rejected" | "accepted";

/** What accepting an invite does; the seed marks two invites for the documented error bodies. */
export type InviteOutcome = "ok" | "mergeConflict" | "sanctionsBlocked";

/** An invite (admin-api.md, Invite: fields not shown beyond the status; these are the emulator's). */
export interface StoredInvite {
  id: string;
  environmentId: string;
  email: string;
  role: string;
  status: InviteStatus;
  createdAt: string;
  updatedAt: string;
  _outcome: InviteOutcome;
}

/**
 * The token catalog, stored compactly: `size` tokens generated deterministically
 * (catalog.ts), then `removed` token ids dropped and `upserts` applied by
 * `tokenId` (replacing a token in place, or appended). Only the test endpoint
 * POST /__emulator/catalog changes it; the interface itself only reads it.
 */
export interface CatalogState {
  size: number;
  upserts: CatalogToken[];
  removed: string[];
}

/** admin-api.md, Token catalog entry: the core's type, one definition for every layer. */
export type { CatalogToken };

export interface EmulatorState {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  organizations: OrganizationRecord[];
  projects: ProjectRecord[];
  environments: StoredEnvironment[];
  policies: StoredPolicy[];
  addressEntries: StoredAddressEntries[];
  webhooks: StoredWebhook[];
  users: StoredUser[];
  invites: StoredInvite[];
  catalog: CatalogState;
}
