/**
 * Identifiers of the seed. The environment ids are those of the sample
 * repository's screenpol.config.yaml, so the demo works without editing
 * anything (toolkit.md, The emulator); everything else is derived from a label,
 * so the seed is the same on every machine and every run.
 */
import { createHash } from "node:crypto";

/**
 * A UUID in the format of admin-api.md (36 characters, lowercase hex
 * 8-4-4-4-12) derived from `label`, shaped as a name-based (version 5) UUID.
 */
export function uuidFrom(label: string): string {
  const hex = createHash("sha256").update(`screenpol-emulator:${label}`).digest("hex");
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Well-known ids of the seed, for tests, scripts and the README. */
export const SEED_IDS = {
  organization: uuidFrom("organization:demo"),
  project: uuidFrom("project:demo"),
  /** A project the seeded tokens do not own: its environment answers 404 `not_found`. */
  foreignProject: uuidFrom("project:partner"),
  /** screenpol.config.yaml, environment `sandbox`. */
  sandboxEnvironment: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01",
  /** screenpol.config.yaml, environment `live`. */
  liveEnvironment: "7d4e1b2c-9a3f-4e8d-b6c5-0f1e2d3c4b5a",
  foreignEnvironment: uuidFrom("environment:partner-sandbox"),
  /** webhooks/sandbox.yaml */
  sandboxWebhook: "0b7e4f6a-2c1d-4e8f-9a3b-5c6d7e8f9a0b",
  /** webhooks/live.yaml, the https one and the SNS one. */
  liveWebhook: "5e2a9c41-7b3d-4f60-8a1e-2c9d4b6f8a13",
  liveSnsWebhook: "9c1f3e7a-4d2b-4a8e-b5c6-7d8e9f0a1b2c",
  foreignWebhook: uuidFrom("webhook:partner"),
  /** A pending invite whose acceptance succeeds. */
  pendingInvite: uuidFrom("invite:sandbox:pending"),
  /** A pending invite whose acceptance fails with the merge-conflict body (admin-api.md, Errors). */
  mergeConflictInvite: uuidFrom("invite:sandbox:merge-conflict"),
  /** A pending invite whose acceptance fails with 403 `sanctions_blocked`. */
  sanctionsBlockedInvite: uuidFrom("invite:live:sanctions-blocked"),
  foreignInvite: uuidFrom("invite:partner"),
  /** A user whose MFA reset fails with 403 `sanctions_blocked`. */
  sanctionsBlockedUser: uuidFrom("user:sandbox:sanctions-blocked"),
  foreignUser: uuidFrom("user:partner:0"),
  /** The dashboard user who approves device sign-ins (sign-in/device-logins.ts). */
  dashboardUser: uuidFrom("dashboard-user:demo"),
} as const;
