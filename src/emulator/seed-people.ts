/**
 * Users and invites of the seed, and the merge-conflict payload of
 * admin-api.md (Merge-conflict error payload) served when the seeded conflict
 * invite is accepted. Deterministic: derived from labels, no clock, no randomness.
 */
import { createHash } from "node:crypto";
import { INVITE_CONFLICT_MESSAGE } from "../contract/wire.js";
import { SEED_IDS, uuidFrom } from "./ids.js";
import type { StoredInvite, StoredUser } from "./model.js";

const FIRST_NAMES = [
  "Amara", "Bruno", "Chen", "Dalia", "Emeka", "Freya", "Gustavo", "Hana", "Ivan", "Jonas", "Keiko", "Lucia",
  "Mateo", "Nadia", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tariq", "Uma", "Viktor", "Wen", "Yara",
];
const LAST_NAMES = [
  "Okafor", "Keller", "Nakamura", "Silva", "Haddad", "Lindqvist", "Moreau", "Petrov", "Rossi", "Mensah", "Novak", "Iyer",
];
const COUNTRIES = ["GB", "DE", "FR", "NG", "BR", "JP", "IN", "SE", "IT", "US", "ES", "PL"];
const TEAMS = ["payments", "growth", "treasury", "support", "compliance"];

function hexOf(label: string, length: number): string {
  return createHash("sha256").update(`screenpol-emulator:${label}`).digest("hex").slice(0, length);
}

/** A plausible timestamp in 2026, derived from `label`. */
function dateOf(label: string, month: number): string {
  const value = parseInt(hexOf(label, 6), 16);
  const day = 1 + (value % 28);
  const seconds = value % 86_400;
  const time = new Date(Date.UTC(2026, month - 1, day, 0, 0, seconds));
  return time.toISOString().replace(/\.000Z$/, "Z");
}

function userRecord(environmentId: string, label: string, index: number): StoredUser["record"] {
  const firstName = FIRST_NAMES[index % FIRST_NAMES.length]!;
  const lastName = LAST_NAMES[(index * 7) % LAST_NAMES.length]!;
  const id = uuidFrom(`user:${label}:${index}`);
  const email = `${firstName}.${lastName}${index >= FIRST_NAMES.length ? index : ""}@example.com`.toLowerCase();
  const emailCredential = uuidFrom(`credential:email:${id}`);
  const walletCredential = uuidFrom(`credential:wallet:${id}`);
  const hasWallet = index % 3 !== 2;
  const verifiedCredentials: Array<Record<string, unknown>> = [
    { id: emailCredential, format: "email", email, signInEnabled: true, verifiedAt: dateOf(`verified:${id}`, 3) },
  ];
  if (hasWallet) {
    verifiedCredentials.push({
      id: walletCredential,
      format: "blockchain",
      address: `0x${hexOf(`wallet:${id}`, 40)}`,
      chain: "eip155",
      signInEnabled: true,
      wallet_name: index % 2 === 0 ? "metamask" : "coinbase",
      wallet_provider: "browserExtension",
      verifiedAt: dateOf(`wallet-verified:${id}`, 4),
      lastSelectedAt: dateOf(`wallet-selected:${id}`, 9),
    });
  }
  return {
    id,
    projectEnvironmentId: environmentId,
    email,
    firstName,
    lastName,
    alias: `${firstName.toLowerCase()}${index}`,
    username: `${firstName.toLowerCase()}_${lastName.toLowerCase()}`,
    country: COUNTRIES[index % COUNTRIES.length]!,
    team: TEAMS[index % TEAMS.length]!,
    verifiedCredentials,
    lastVerifiedCredentialId: hasWallet ? walletCredential : emailCredential,
    sessionId: uuidFrom(`session:${id}`),
    policiesConsent: true,
    firstVisit: dateOf(`first-visit:${id}`, 3),
    lastVisit: dateOf(`last-visit:${id}`, 10),
    newUser: index % 5 === 0,
    metadata: {},
    mfaBackupCodeAcknowledgement: index % 4 === 0 ? "pending" : "complete",
    emailNotification: index % 2 === 0,
    newsletterNotification: false,
    lists: [],
    scope: "",
    missingFields: [],
  };
}

/** Users: 36 in sandbox, 24 in live, 2 in the partner environment; one sandbox user is sanctions-blocked. */
export function seedUsers(): StoredUser[] {
  const users: StoredUser[] = [];
  const make = (environmentId: string, label: string, count: number): void => {
    for (let index = 0; index < count; index++) {
      users.push({ record: userRecord(environmentId, label, index), _mfaDeviceCount: 1 + (index % 3) });
    }
  };
  make(SEED_IDS.sandboxEnvironment, "sandbox", 36);
  make(SEED_IDS.liveEnvironment, "live", 24);
  make(SEED_IDS.foreignEnvironment, "partner", 2);
  const blocked = userRecord(SEED_IDS.sandboxEnvironment, "sandbox-blocked", 3);
  blocked.id = SEED_IDS.sanctionsBlockedUser;
  blocked.email = "blocked.user@example.com";
  blocked.firstName = "Blocked";
  blocked.lastName = "User";
  users.splice(5, 0, { record: blocked, _mfaDeviceCount: 2, _sanctionsBlocked: true });
  return users;
}

const SEED_CREATED = "2026-10-01T09:00:00Z";

/** Invites; the merge-conflict one is addressed to an e-mail an existing sandbox user already has. */
export function seedInvites(users: readonly StoredUser[]): StoredInvite[] {
  const existing = users.find((user) => user.record.projectEnvironmentId === SEED_IDS.sandboxEnvironment && user.record.firstName === "Keiko");
  const conflictEmail = existing?.record.email ?? "keiko@example.com";
  const invite = (id: string, environmentId: string, email: string, status: StoredInvite["status"], outcome: StoredInvite["_outcome"]): StoredInvite => ({
    id,
    environmentId,
    email,
    role: "viewer",
    status,
    createdAt: SEED_CREATED,
    updatedAt: SEED_CREATED,
    _outcome: outcome,
  });
  return [
    invite(SEED_IDS.pendingInvite, SEED_IDS.sandboxEnvironment, "new.analyst@example.com", "pending", "ok"),
    invite(SEED_IDS.mergeConflictInvite, SEED_IDS.sandboxEnvironment, conflictEmail, "pending", "mergeConflict"),
    invite(SEED_IDS.sanctionsBlockedInvite, SEED_IDS.liveEnvironment, "onboarding@blocked.example", "pending", "sanctionsBlocked"),
    invite(uuidFrom("invite:sandbox:accepted"), SEED_IDS.sandboxEnvironment, "amara.okafor@example.com", "accepted", "ok"),
    invite(uuidFrom("invite:live:pending"), SEED_IDS.liveEnvironment, "treasury.ops@example.com", "pending", "ok"),
    invite(SEED_IDS.foreignInvite, SEED_IDS.foreignEnvironment, "partner.dev@example.com", "pending", "ok"),
  ];
}

/** A field definition (admin-api.md, Field definition). */
function fieldDefinition(name: string, label: string, position: number): Record<string, unknown> {
  return {
    name,
    required: true,
    enabled: true,
    unique: true,
    verify: true,
    type: "standard",
    validationRules: { unique: true, regex: "^[^@\\s]+@[^@\\s]+$", validOptions: [{ label }], checkboxText: "" },
    validationType: "text",
    label,
    position,
  };
}

/**
 * The body of the invite-update conflict (admin-api.md, Errors: `error`,
 * `code`, `payload`), every member of the Merge-conflict error payload present.
 */
export function mergeConflictBody(invite: StoredInvite, existing: StoredUser | undefined): Record<string, unknown> {
  const existingUserId = existing?.record.id ?? uuidFrom(`merge-current:${invite.id}`);
  const firstName = typeof existing?.record.firstName === "string" ? existing.record.firstName : "Keiko";
  const lastName = typeof existing?.record.lastName === "string" ? existing.record.lastName : "Nakamura";
  const fromUserId = uuidFrom(`merge-from:${invite.id}`);
  const credentialId = uuidFrom(`merge-credential:${invite.id}`);
  const emailField = fieldDefinition("email", "Email", 0);
  const fromUser = {
    id: fromUserId,
    projectEnvironmentId: invite.environmentId,
    verifiedCredentials: [
      {
        id: credentialId,
        format: "blockchain",
        signInEnabled: true,
        address: `0x${hexOf(`merge-wallet:${invite.id}`, 40)}`,
        chain: "eip155",
        refId: uuidFrom(`merge-ref:${invite.id}`),
        signerRefId: uuidFrom(`merge-signer:${invite.id}`),
        email: invite.email,
        name_service: { avatar: "https://avatars.example/k.png", name: `${firstName.toLowerCase()}.eth` },
        public_identifier: `0x${hexOf(`merge-wallet:${invite.id}`, 6)}…`,
        wallet_name: "turnkeyhd",
        wallet_provider: "embeddedWallet",
        wallet_properties: {
          turnkeySubOrganizationId: uuidFrom(`merge-suborg:${invite.id}`),
          turnkeyPrivateKeyId: uuidFrom(`merge-key:${invite.id}`),
          turnkeyHDWalletId: uuidFrom(`merge-hd:${invite.id}`),
          turnkeyUserId: uuidFrom(`merge-custody-user:${invite.id}`),
          isAuthenticatorAttached: true,
          isSessionKeyCompatible: false,
          version: "V2",
          ecdsaProviderType: "turnkey",
          entryPointVersion: "v7",
          kernelVersion: "v3_1",
        },
        business_account_properties: {
          businessAccountId: uuidFrom(`merge-business:${invite.id}`),
          businessAccountCreatedAt: "2026-06-02T10:00:00Z",
          businessAccountSignerId: uuidFrom(`merge-business-signer:${invite.id}`),
          businessAccountSignerType: "endUser",
          businessAccountMemberRole: "cfo",
          businessAccountName: `${lastName} Trading KK`,
          businessAccountExternalRef: "KYB-20260602-0042",
        },
        oauth_provider: "google",
        oauth_username: `${firstName}.${lastName}`.toLowerCase(),
        oauth_display_name: `${firstName} ${lastName}`,
        oauth_account_id: "108234567890123456789",
        phoneNumber: "5550100",
        phoneCountryCode: "81",
        isoCountryCode: "JP",
        oauth_account_photos: [`https://photos.example/${firstName.toLowerCase()}.png`],
        oauth_emails: [invite.email],
        oauth_metadata: {},
        previous_users: [uuidFrom(`merge-previous:${invite.id}`)],
        embedded_wallet_id: uuidFrom(`merge-embedded:${invite.id}`),
        wallet_additional_addresses: [
          { address: "bc1pmzfrwwndsqmk5yh69yjr5lfgfg4ev8c0tsc06e", type: "ordinals", publicKey: hexOf(`merge-pub:${invite.id}`, 66), network: "mainnet" },
        ],
        lastSelectedAt: "2026-10-03T08:12:00Z",
        verifiedAt: "2026-06-02T10:00:00Z",
      },
    ],
    lastVerifiedCredentialId: credentialId,
    sessionId: uuidFrom(`merge-session:${invite.id}`),
    alias: firstName.toLowerCase(),
    country: "JP",
    email: invite.email,
    firstName,
    jobTitle: "Treasury analyst",
    lastName,
    phoneNumber: "+81 5550100",
    tShirtSize: "M",
    team: "treasury",
    username: `${firstName}_${lastName}`.toLowerCase(),
    policiesConsent: true,
    firstVisit: "2026-06-02T10:00:00Z",
    lastVisit: "2026-10-03T08:12:00Z",
    newUser: false,
    metadata: {},
    mfaBackupCodeAcknowledgement: "pending",
    btcWallet: "",
    kdaWallet: "",
    ltcWallet: "",
    ckbWallet: "",
    kasWallet: "",
    dogeWallet: "",
    emailNotification: true,
    discordNotification: false,
    newsletterNotification: false,
    lists: [],
    scope: "environment.settings.read users.read",
    missingFields: [fieldDefinition("username", "Username", 1)],
  };
  return {
    error: INVITE_CONFLICT_MESSAGE,
    code: "email_cannot_be_null",
    payload: {
      email: invite.email,
      loginProvider: "emailOnly",
      embeddedWalletName: "turnkeyhd",
      embeddedSocialSigninProvider: "google",
      mergeConflicts: {
        fromUser,
        conflicts: [
          {
            field: emailField,
            fromUser: { userId: fromUserId, value: invite.email },
            currentUser: { userId: existingUserId, value: invite.email },
          },
        ],
      },
      intent: { action: "acceptInvite", inviteId: invite.id },
      additionalMessages: [`another user of this environment already signs in with ${invite.email}; merge the accounts or invite another address`],
    },
  };
}
