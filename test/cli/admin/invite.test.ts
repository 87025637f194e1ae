/** `screenpol invite accept|reject` against the emulator: success, the merge conflict, sanctions_blocked. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergeConflictBody } from "../../../src/emulator/seed-people.js";
import { lines, SEED_IDS, startAdminHarness, type AdminHarness } from "./harness.js";

let harness: AdminHarness;
beforeAll(async () => {
  harness = await startAdminHarness();
});
afterAll(() => harness.close());

function inviteStatus(id: string): string | undefined {
  return harness.emulator.store.state.invites.find((invite) => invite.id === id)?.status;
}

describe("screenpol invite", () => {
  it("accepts a pending invite and prints the outcome (exit 0)", async () => {
    expect(inviteStatus(SEED_IDS.pendingInvite)).toBe("pending");
    const run = await harness.run(["invite", "accept", SEED_IDS.pendingInvite]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(`✔ invite ${SEED_IDS.pendingInvite} accepted\n`);
    expect(run.code).toBe(0);
    expect(inviteStatus(SEED_IDS.pendingInvite)).toBe("accepted");
  });

  it("renders the merge conflict field by field, and one error line (exit 4)", async () => {
    const invite = harness.emulator.store.state.invites.find((candidate) => candidate.id === SEED_IDS.mergeConflictInvite)!;
    const existing = harness.emulator.store.state.users.find((user) => user.record.email === invite.email);
    const body = mergeConflictBody(invite, existing) as { payload: { mergeConflicts: { conflicts: Array<{ fromUser: { userId: string }; currentUser: { userId: string } }> } } };
    const conflict = body.payload.mergeConflicts.conflicts[0]!;

    const run = await harness.run(["invite", "accept", SEED_IDS.mergeConflictInvite]);
    expect(run.code).toBe(4);
    expect(lines(run.stdout)).toEqual([
      `✖ invite ${SEED_IDS.mergeConflictInvite} was not accepted: the invited user would merge into an existing user`,
      `  e-mail          ${invite.email}`,
      "  login provider  emailOnly",
      "  conflicting field email (Email)",
      `    invited user   ${conflict.fromUser.userId}  "${invite.email}"`,
      `    existing user  ${conflict.currentUser.userId}  "${invite.email}"`,
      `  note: another user of this environment already signs in with ${invite.email}; merge the accounts or invite another address`,
    ]);
    expect(lines(run.stderr)).toEqual([
      `screenpol: invite ${SEED_IDS.mergeConflictInvite} was not accepted: 422 Resources already exists for this Object [email_cannot_be_null]: it conflicts with an existing user (fields above)`,
    ]);
    // Nothing of the invited user's record beyond the conflicting values (wallets, phone, KYB data) is printed.
    expect(run.stdout).not.toMatch(/turnkey|phone|KYB|bc1p/i);
    expect(inviteStatus(SEED_IDS.mergeConflictInvite)).toBe("pending");
  });

  it("says sanctions_blocked in one line (exit 4)", async () => {
    const run = await harness.run(["invite", "accept", SEED_IDS.sanctionsBlockedInvite]);
    expect(run.code).toBe(4);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `screenpol: invite ${SEED_IDS.sanctionsBlockedInvite} was not accepted: blocked by the service's sanctions screening (403 sanctions_blocked)\n`,
    );
    expect(inviteStatus(SEED_IDS.sanctionsBlockedInvite)).toBe("pending");
  });

  it("rejects an invite (exit 0)", async () => {
    const run = await harness.run(["invite", "reject", SEED_IDS.sanctionsBlockedInvite]);
    expect(run.stdout).toBe(`✔ invite ${SEED_IDS.sanctionsBlockedInvite} rejected\n`);
    expect(run.code).toBe(0);
    expect(inviteStatus(SEED_IDS.sanctionsBlockedInvite)).toBe("rejected");
  });

  it("says 404 for an invite of another project (exit 4)", async () => {
    const run = await harness.run(["invite", "accept", SEED_IDS.foreignInvite]);
    expect(run.code).toBe(4);
    expect(lines(run.stderr)).toEqual([
      `screenpol: PUT invite ${SEED_IDS.foreignInvite} (accepted): 404 Not Found [not_found] (the identifier is wrong or belongs to another project)`,
    ]);
  });

  it("refuses an id that is not a UUID before any request (exit 2)", async () => {
    const before = harness.requests();
    const run = await harness.run(["invite", "accept", "../../users"]);
    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toEqual(['screenpol: inviteId "../../users" (11 characters) is not a UUID (36 characters, lowercase hex 8-4-4-4-12)']);
    expect(harness.requests()).toBe(before);
  });
});
