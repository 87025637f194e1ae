/**
 * The emulator's pending device authorizations stay bounded (docs/sign-in.md,
 * The emulator's side): at most DEFAULT_MAX_DEVICE_AUTHORIZATIONS kept, the
 * expired ones forgotten (the oldest first when full), a new one refused while
 * every kept one is live, and every lookup by device code or user code still
 * right among tens of thousands. Driven in-process, through the same calls the
 * OAuth endpoints and the approval page make, for speed; the wire answer of a
 * full emulator is in sign-in.test.ts.
 */
import { describe, expect, it } from "vitest";
import { DeviceLogins } from "../../src/emulator/index.js";
import { DEFAULT_MAX_DEVICE_AUTHORIZATIONS, type StartOutcome } from "../../src/emulator/sign-in/device-logins.js";
import { API_SCOPES } from "../../src/emulator/index.js";
import { SCREENPOL_CLIENT_ID } from "../../src/contract/wire.js";

type Started = Extract<StartOutcome, { kind: "started" }>;

describe("pending device authorizations", () => {
  it("20,000 requests: never more than 10,000 kept, expired ones dropped oldest first, a live one never dropped, lookups exact", async () => {
    let time = Date.parse("2026-11-25T12:00:00Z");
    const logins = new DeviceLogins(() => new Date(time), { pollIntervalSeconds: 1 });
    const started: Started[] = [];
    const refused: number[] = [];
    let largest = 0;
    const startMany = (count: number): void => {
      for (let index = 0; index < count; index++) {
        const outcome = logins.start(SCREENPOL_CLIENT_ID, [...API_SCOPES]);
        if (outcome.kind === "started") started.push(outcome);
        else refused.push(outcome.retryAfterSeconds);
        largest = Math.max(largest, logins.size);
      }
    };
    expect(DEFAULT_MAX_DEVICE_AUTHORIZATIONS).toBe(10_000);

    startMany(6_000);
    time += 600_000;
    startMany(4_000);
    // Full of live ones: refused, with the seconds until the oldest expires (15 min after it started, 10 min ago).
    startMany(1);
    expect(refused).toEqual([300]);

    // The first 6,000 have expired: each newcomer takes the place of the oldest, even inside the minute they are kept.
    time += 301_000;
    startMany(5_000);
    expect(logins.size).toBe(10_000);
    // A minute later the last 1,000 are swept as new ones come; then it is full of live ones again.
    time += 60_000;
    startMany(4_999);
    expect(started.length).toBe(16_000);
    expect(refused.length).toBe(4_000);
    expect(largest).toBe(10_000);
    expect(logins.size).toBe(10_000);

    const kept = started.slice(6_000);
    const dropped = started.slice(0, 6_000);
    // Every kept authorization is found by its own user code, and only by it (typed in lower case, without the dash).
    for (let index = 0; index < kept.length; index += 97) {
      const { userCode } = kept[index]!;
      expect(logins.findPending(userCode.replace("-", "").toLowerCase())?.userCode).toBe(userCode);
    }
    for (let index = 0; index < dropped.length; index += 97) expect(logins.findPending(dropped[index]!.userCode)).toBeUndefined();
    expect(new Set(started.map((grant) => grant.userCode)).size).toBe(started.length);
    expect(new Set(logins.deviceCodes())).toEqual(new Set(kept.map((grant) => grant.deviceCode)));

    // The approval of one code reaches its own device code, and no other.
    const chosen = kept[7_777]!;
    const neighbour = kept[7_778]!;
    expect(logins.decide(chosen.userCode, "approve")).toBe(true);
    expect(await logins.poll(chosen.deviceCode, SCREENPOL_CLIENT_ID)).toMatchObject({ kind: "token" });
    expect(await logins.poll(neighbour.deviceCode, SCREENPOL_CLIENT_ID)).toMatchObject({ kind: "error", error: "authorization_pending" });
    expect(await logins.poll(dropped[0]!.deviceCode, SCREENPOL_CLIENT_ID)).toMatchObject({ kind: "error", error: "invalid_grant" });
  });
});
