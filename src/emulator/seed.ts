/**
 * The initial state: a demo organisation with one project whose environments
 * are exactly those of the sample repository's screenpol.config.yaml
 * (`sandbox`, `live`), policies and address entries that differ a little from
 * policies/ (seed/policies.json, read by seed-policies.ts), webhooks with the ids of webhooks/*.yaml,
 * users, invites, and the token catalog; plus a second project, which the
 * seeded tokens do not own, to show 404 `not_found`.
 */
import { createHash } from "node:crypto";
import { DEFAULT_CATALOG_SIZE, initialCatalogState } from "./catalog.js";
import { SEED_IDS } from "./ids.js";
import type { EmulatorState, StoredEnvironment, StoredWebhook } from "./model.js";
import { STATE_FORMAT, STATE_VERSION } from "./model.js";
import { seedInvites, seedUsers } from "./seed-people.js";
import { seedPolicies } from "./seed-policies.js";

export interface SeedOptions {
  /** Tokens in the catalog; never fewer than the real tokens it always holds. */
  catalogSize?: number;
}

const ENVIRONMENTS: readonly StoredEnvironment[] = [
  { id: SEED_IDS.sandboxEnvironment, name: "sandbox", kind: "sandbox", projectId: SEED_IDS.project, createdAt: "2026-03-02T10:15:00Z" },
  { id: SEED_IDS.liveEnvironment, name: "live", kind: "live", projectId: SEED_IDS.project, createdAt: "2026-04-20T08:00:00Z" },
  { id: SEED_IDS.foreignEnvironment, name: "partner-sandbox", kind: "sandbox", projectId: SEED_IDS.foreignProject, createdAt: "2026-05-11T14:30:00Z" },
];

/** A webhook signing secret of the service's shape, derived from the webhook id. */
function secretOf(webhookId: string): string {
  return `whsec_${createHash("sha256").update(`screenpol-emulator:webhook-secret:${webhookId}`).digest("base64url").slice(0, 32)}`;
}

function webhook(
  environmentId: string,
  webhookId: string,
  url: string,
  events: string[],
  isEnabled: boolean,
  createdAt: string,
  updatedAt: string,
): StoredWebhook {
  const record: StoredWebhook = { environmentId, webhookId, url, events, isEnabled, createdAt, updatedAt, secret: secretOf(webhookId), version: "v2" };
  if (isEnabled) record.enabledAt = createdAt;
  return record;
}

/**
 * Webhooks with the ids of webhooks/*.yaml. Differences from the files, so an
 * update visibly changes something: the sandbox webhook lacks `wallet.linked`,
 * the live SNS webhook is disabled.
 */
function seedWebhooks(): StoredWebhook[] {
  return [
    webhook(
      SEED_IDS.sandboxEnvironment,
      SEED_IDS.sandboxWebhook,
      "https://hooks.example.com/screening/sandbox",
      ["screening.blocked", "screening.alerted", "user.created"],
      true,
      "2026-03-02T11:00:00Z",
      "2026-09-14T09:20:00Z",
    ),
    webhook(
      SEED_IDS.liveEnvironment,
      SEED_IDS.liveWebhook,
      "https://hooks.example.com/screening",
      ["screening.blocked", "screening.alerted", "user.created", "wallet.linked"],
      true,
      "2026-04-20T09:00:00Z",
      "2026-09-21T08:35:00Z",
    ),
    webhook(
      SEED_IDS.liveEnvironment,
      SEED_IDS.liveSnsWebhook,
      "arn:aws:sns:eu-west-1:123456789012:screening-alerts",
      ["screening.blocked"],
      false,
      "2026-04-20T09:05:00Z",
      "2026-09-21T08:36:00Z",
    ),
    webhook(SEED_IDS.foreignEnvironment, SEED_IDS.foreignWebhook, "https://partner.example.org/hooks", ["user.created"], true, "2026-05-11T15:00:00Z", "2026-05-11T15:00:00Z"),
  ];
}

/** A fresh state, identical on every run for the same options. */
export function createSeedState(options: SeedOptions = {}): EmulatorState {
  const users = seedUsers();
  const { policies, addressEntries } = seedPolicies(ENVIRONMENTS);
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    organizations: [{ id: SEED_IDS.organization, name: "Acme Payments (demo)" }],
    projects: [
      { id: SEED_IDS.project, name: "Acme Wallet", organizationId: SEED_IDS.organization },
      { id: SEED_IDS.foreignProject, name: "Partner Integration", organizationId: SEED_IDS.organization },
    ],
    environments: ENVIRONMENTS.map((environment) => ({ ...environment })),
    policies,
    addressEntries,
    webhooks: seedWebhooks(),
    users,
    invites: seedInvites(users),
    catalog: initialCatalogState(options.catalogSize ?? DEFAULT_CATALOG_SIZE),
  };
}
