/**
 * The emulator's side of the device authorization grant (RFC 8628) and of the
 * client JWTs it ends with (admin-api.md, Authentication, rule 5): pending
 * device authorizations, the seeded dashboard user who approves them, the
 * authorized clients (one per JWT issued), and the key that signs the JWTs.
 *
 * Kept in memory, not in the state file: the signing key is generated per
 * process, so a restarted emulator has forgotten every login, as a service that
 * rotated its keys would (docs/sign-in.md). JWTs are signed and verified with
 * `jose`; the key pair is made on first use, so an emulator nobody signs in to
 * never loads it.
 */
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import {
  CLIENT_TOKEN_LIFETIME_SECONDS,
  DEFAULT_POLL_INTERVAL_SECONDS,
  displayUserCode,
  normaliseUserCode,
  SCREENPOL_CLIENT_ID,
  SLOW_DOWN_STEP_SECONDS,
  USER_CODE_ALPHABET,
  USER_CODE_LENGTH,
  type AuthorizedClientRecord,
} from "../../contract/wire.js";
import { API_SCOPES, type ApiScope, type ApiTokenGrant } from "../auth.js";
import { SEED_IDS } from "../ids.js";
import { timestamp } from "../timestamp.js";
import { hasLowS, withLowS } from "./es256-low-s.js";

/** The dashboard user of the seed: the person who approves a sign-in on the approval page. */
export const DASHBOARD_USER = {
  id: SEED_IDS.dashboardUser,
  email: "compliance.lead@demo.example",
  name: "Casey Compliance",
  projectId: SEED_IDS.project,
} as const;

/** The first-party clients the emulator knows, by `client_id`, with the name the approval page shows. */
export const KNOWN_CLIENTS: ReadonlyMap<string, string> = new Map([[SCREENPOL_CLIENT_ID, "screenpol command line"]]);

/** `iss` and `aud` of the client JWTs. */
const ISSUER = "urn:screenpol:emulator";
const AUDIENCE = "urn:screenpol:admin-api";
const SIGNING_ALGORITHM = "ES256";

/** How long a device code and its user code stay usable: 15 minutes, as GitHub's. */
export const DEFAULT_DEVICE_CODE_LIFETIME_SECONDS = 15 * 60;

/**
 * The most device authorizations kept at once (docs/sign-in.md, The emulator's
 * side): past it a new one is refused until the oldest expires, so anyone who
 * can reach the endpoint cannot grow the emulator's memory without end.
 */
export const DEFAULT_MAX_DEVICE_AUTHORIZATIONS = 10_000;

/** An expired authorization is kept this long, so a late poll hears `expired_token` rather than `invalid_grant`. */
const EXPIRED_KEPT_MS = 60_000;

/** Expired authorizations forgotten per new one at most: each request does bounded work, and the sweep still outpaces the arrivals. */
const SWEEP_PER_START = 64;

export interface DeviceLoginOptions {
  /**
   * Polling interval handed out, in seconds; default 5 (RFC 8628, section 3.2).
   * `--device-poll-interval` gives whole seconds from 1; a test may give less
   * (0.1, the least `screenpol login` waits), so that a login takes no real second.
   */
  pollIntervalSeconds?: number;
  /** Lifetime of a device code; default 15 minutes. */
  deviceCodeLifetimeSeconds?: number;
  /** Approve every pending code as soon as it is polled, as the dashboard user (`--approve-device-codes`). */
  approveOnPoll?: boolean;
  /** Device authorizations kept at once; default {@link DEFAULT_MAX_DEVICE_AUTHORIZATIONS}. */
  maxAuthorizations?: number;
}

interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  clientId: string;
  scopes: ApiScope[];
  expiresAt: number;
  interval: number;
  lastPolledAt: number | undefined;
  status: "pending" | "approved" | "denied" | "issued";
}

interface AuthorizedClient {
  id: string;
  /** Issue order: two issued in the same second still list newest first. */
  sequence: number;
  userId: string;
  clientId: string;
  scopes: ApiScope[];
  issuedAt: number;
  expiresAt: number;
  lastUsedAt: number | undefined;
  revokedAt: number | undefined;
}

/** What a device authorization request answers (RFC 8628, section 3.2). */
export interface DeviceAuthorizationGrant {
  deviceCode: string;
  userCode: string;
  expiresIn: number;
  interval: number;
}

/** A new device authorization, or why there is none: as many as the emulator keeps are live; one frees up in `retryAfterSeconds`. */
export type StartOutcome = ({ kind: "started" } & DeviceAuthorizationGrant) | { kind: "full"; retryAfterSeconds: number };

/** The outcome of one poll of the token endpoint. */
export type PollOutcome =
  | { kind: "token"; accessToken: string; expiresIn: number; scopes: ApiScope[] }
  | { kind: "error"; error: "authorization_pending" | "slow_down" | "expired_token" | "access_denied" | "invalid_grant"; description: string };

/** A pending authorization as the approval page shows it. */
export interface PendingApproval {
  userCode: string;
  clientName: string;
  scopes: ApiScope[];
}

type Key = import("node:crypto").webcrypto.CryptoKey;

export class DeviceLogins {
  /**
   * The authorizations kept, by device code, in the order they were started:
   * with one lifetime for all, also the order they expire in, so the expired
   * ones are always at the front (a clock set back in a test only delays their sweep).
   */
  private readonly pending = new Map<string, DeviceAuthorization>();
  /** The same authorizations by user code (normalised): the approval page's lookup, and the clash check of a new code. */
  private readonly byUser = new Map<string, DeviceAuthorization>();
  private readonly clients = new Map<string, AuthorizedClient>();
  private keys: Promise<{ privateKey: Key; publicKey: Key }> | undefined;
  private readonly interval: number;
  private readonly lifetime: number;
  private readonly capacity: number;

  constructor(
    private readonly now: () => Date,
    private readonly options: DeviceLoginOptions = {},
  ) {
    this.interval = options.pollIntervalSeconds ?? DEFAULT_POLL_INTERVAL_SECONDS;
    this.lifetime = options.deviceCodeLifetimeSeconds ?? DEFAULT_DEVICE_CODE_LIFETIME_SECONDS;
    this.capacity = options.maxAuthorizations ?? DEFAULT_MAX_DEVICE_AUTHORIZATIONS;
  }

  /** Starts a device authorization for `clientId` with `scopes` (already checked), unless as many as are kept are live. */
  start(clientId: string, scopes: ApiScope[]): StartOutcome {
    const time = this.now().getTime();
    this.forgetExpired(time, SWEEP_PER_START, EXPIRED_KEPT_MS);
    // Full: the oldest expired ones go first, even inside their grace; a live one is never dropped for a newcomer.
    if (this.pending.size >= this.capacity) this.forgetExpired(time, this.pending.size - this.capacity + 1, 0);
    if (this.pending.size >= this.capacity) {
      const oldest = this.pending.values().next().value;
      return { kind: "full", retryAfterSeconds: Math.max(1, Math.ceil(((oldest?.expiresAt ?? time + this.lifetime * 1000) - time) / 1000)) };
    }
    const authorization: DeviceAuthorization = {
      deviceCode: randomBytes(32).toString("base64url"),
      userCode: this.freshUserCode(),
      clientId,
      scopes,
      expiresAt: time + this.lifetime * 1000,
      interval: this.interval,
      lastPolledAt: undefined,
      status: "pending",
    };
    this.pending.set(authorization.deviceCode, authorization);
    this.byUser.set(authorization.userCode, authorization);
    return { kind: "started", deviceCode: authorization.deviceCode, userCode: displayUserCode(authorization.userCode), expiresIn: this.lifetime, interval: this.interval };
  }

  /** How many device authorizations are kept (pending, decided, or spent and not yet forgotten). */
  get size(): number {
    return this.pending.size;
  }

  /** One poll of the token endpoint with `deviceCode` by `clientId` (RFC 8628, section 3.4 and 3.5). */
  async poll(deviceCode: string, clientId: string): Promise<PollOutcome> {
    const authorization = this.pending.get(deviceCode);
    const time = this.now().getTime();
    if (!authorization || authorization.clientId !== clientId || authorization.status === "issued") {
      return { kind: "error", error: "invalid_grant", description: "the device code is unknown, was issued to another client, or was already used" };
    }
    if (time >= authorization.expiresAt) return { kind: "error", error: "expired_token", description: "the device code expired; start again" };
    if (authorization.lastPolledAt !== undefined && time - authorization.lastPolledAt < authorization.interval * 1000) {
      authorization.interval += SLOW_DOWN_STEP_SECONDS;
      authorization.lastPolledAt = time;
      return { kind: "error", error: "slow_down", description: `polled faster than every ${authorization.interval - SLOW_DOWN_STEP_SECONDS} s; the interval is now ${authorization.interval} s` };
    }
    authorization.lastPolledAt = time;
    if (authorization.status === "pending" && this.options.approveOnPoll) authorization.status = "approved";
    if (authorization.status === "denied") return { kind: "error", error: "access_denied", description: "the request was denied on the approval page" };
    if (authorization.status === "pending") return { kind: "error", error: "authorization_pending", description: "waiting for approval" };
    authorization.status = "issued";
    const accessToken = await this.issue(authorization);
    return { kind: "token", accessToken, expiresIn: CLIENT_TOKEN_LIFETIME_SECONDS, scopes: authorization.scopes };
  }

  /** Every device code handed out and not yet forgotten: for tests that search outputs for them. */
  deviceCodes(): string[] {
    return [...this.pending.keys()];
  }

  /** The pending authorization a typed user code names, or undefined when there is none (or it expired). */
  findPending(typedCode: string): PendingApproval | undefined {
    const authorization = this.byUserCode(typedCode);
    if (!authorization) return undefined;
    return { userCode: displayUserCode(authorization.userCode), clientName: KNOWN_CLIENTS.get(authorization.clientId) ?? authorization.clientId, scopes: authorization.scopes };
  }

  /** Approves or denies the pending authorization of a typed user code; false when there is none. */
  decide(typedCode: string, decision: "approve" | "deny"): boolean {
    const authorization = this.byUserCode(typedCode);
    if (!authorization) return false;
    authorization.status = decision === "approve" ? "approved" : "denied";
    return true;
  }

  /**
   * The grant of a client JWT: verified signature, issuer, audience and expiry
   * at the emulator's clock, and an authorized client not revoked. Undefined
   * for anything else, which the pipeline answers with 401.
   */
  async grantOf(token: string): Promise<ApiTokenGrant | undefined> {
    const client = await this.verify(token, this.now());
    if (!client || client.revokedAt !== undefined) return undefined;
    client.lastUsedAt = this.now().getTime();
    return { token, scopes: client.scopes, projectId: DASHBOARD_USER.projectId, label: `login of ${DASHBOARD_USER.email}`, userId: client.userId, authorizedClientId: client.id };
  }

  /** Revokes the authorized client of a token (RFC 7009); false when the token is not one of ours. */
  async revokeToken(token: string): Promise<boolean> {
    const client = await this.verify(token, undefined);
    if (!client) return false;
    client.revokedAt ??= this.now().getTime();
    return true;
  }

  /** Revokes one authorized client of `userId` by id; false when the user has none of that id. */
  revokeClient(userId: string, id: string): boolean {
    const client = this.clients.get(id);
    if (!client || client.userId !== userId) return false;
    client.revokedAt ??= this.now().getTime();
    return true;
  }

  /** The authorized clients of `userId` not yet expired, newest first. */
  authorizedClients(userId: string): AuthorizedClientRecord[] {
    const time = this.now().getTime();
    const iso = (milliseconds: number | undefined): string | null => (milliseconds === undefined ? null : timestamp(new Date(milliseconds)));
    return [...this.clients.values()]
      .filter((client) => client.userId === userId && client.expiresAt > time)
      .sort((a, b) => b.sequence - a.sequence)
      .map((client) => ({
        id: client.id,
        clientId: client.clientId,
        scopes: [...client.scopes],
        issuedAt: iso(client.issuedAt)!,
        expiresAt: iso(client.expiresAt)!,
        lastUsedAt: iso(client.lastUsedAt),
        revokedAt: iso(client.revokedAt),
      }));
  }

  private async issue(authorization: DeviceAuthorization): Promise<string> {
    const { SignJWT } = await import("jose");
    const { privateKey } = await this.signingKeys();
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const client: AuthorizedClient = {
      id: randomUUID(),
      sequence: this.clients.size,
      userId: DASHBOARD_USER.id,
      clientId: authorization.clientId,
      scopes: authorization.scopes,
      issuedAt: issuedAt * 1000,
      expiresAt: (issuedAt + CLIENT_TOKEN_LIFETIME_SECONDS) * 1000,
      lastUsedAt: undefined,
      revokedAt: undefined,
    };
    this.clients.set(client.id, client);
    const token = await new SignJWT({ scope: client.scopes.join(" "), client_id: client.clientId, email: DASHBOARD_USER.email, name: DASHBOARD_USER.name })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: "at+jwt" })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(client.userId)
      .setJti(client.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + CLIENT_TOKEN_LIFETIME_SECONDS)
      .sign(privateKey);
    return withLowS(token);
  }

  /** The authorized client a token names, when its signature, issuer and audience hold (and its expiry, at `at`). */
  private async verify(token: string, at: Date | undefined): Promise<AuthorizedClient | undefined> {
    // Three base64url parts: anything else is not a JWT, and API tokens never look like one.
    if (this.keys === undefined || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return undefined;
    // jose accepts (r, n - s) as well as (r, s): the second spelling of a token is refused here (es256-low-s.ts).
    if (!hasLowS(token)) return undefined;
    const { jwtVerify } = await import("jose");
    const { publicKey } = await this.keys;
    try {
      const { payload } = await jwtVerify(token, publicKey, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: [SIGNING_ALGORITHM],
        ...(at === undefined ? { clockTolerance: Number.MAX_SAFE_INTEGER } : { currentDate: at, clockTolerance: 0 }),
      });
      return typeof payload.jti === "string" ? this.clients.get(payload.jti) : undefined;
    } catch {
      return undefined;
    }
  }

  private signingKeys(): Promise<{ privateKey: Key; publicKey: Key }> {
    this.keys ??= import("jose").then(({ generateKeyPair }) => generateKeyPair(SIGNING_ALGORITHM));
    return this.keys;
  }

  private byUserCode(typedCode: string): DeviceAuthorization | undefined {
    const code = normaliseUserCode(typedCode);
    if (code === undefined) return undefined;
    const authorization = this.byUser.get(code);
    return authorization?.status === "pending" && this.now().getTime() < authorization.expiresAt ? authorization : undefined;
  }

  private freshUserCode(): string {
    // 20^8 codes; a clash with a kept one is drawn again, a bounded number of times.
    for (let attempt = 0; attempt < 100; attempt++) {
      let code = "";
      for (let index = 0; index < USER_CODE_LENGTH; index++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
      if (!this.byUser.has(code)) return code;
    }
    throw new Error("no free user code after 100 draws");
  }

  /** Forgets at most `limit` authorizations from the front that expired `keptMs` or more before `time`; stops at the first that did not. */
  private forgetExpired(time: number, limit: number, keptMs: number): void {
    let forgotten = 0;
    for (const [deviceCode, authorization] of this.pending) {
      if (forgotten >= limit || time < authorization.expiresAt + keptMs) return;
      this.pending.delete(deviceCode);
      this.byUser.delete(authorization.userCode);
      forgotten++;
    }
  }
}

/** The scopes of a `scope` parameter (space separated); every API scope when absent or empty; undefined when one is unknown. */
export function requestedScopes(scope: string | null): ApiScope[] | undefined {
  const names = (scope ?? "").split(" ").filter((name) => name !== "");
  if (names.length === 0) return [...API_SCOPES];
  const unique = [...new Set(names)];
  return unique.every((name): name is ApiScope => (API_SCOPES as readonly string[]).includes(name)) ? unique : undefined;
}
