/**
 * The editor's lint (app/editor-workspace.ts) on a server left running for
 * days: the lint session reads the clock once, so an address entry that
 * expires while the editor is open is reported once the clock is read again,
 * within the hour, on the next edit.
 */
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openEditorWorkspace } from "../../src/app/editor-workspace.js";
import { makeTempRepo } from "../helpers/temp-repo.js";

const ADDRESSES = "policies/live/vendorAWalletScreening/addresses.yaml";
const repo = makeTempRepo();
afterAll(() => repo.remove());

describe("openEditorWorkspace", () => {
  it("reads the clock again after an hour: an entry that expired meanwhile is reported on the next edit", async () => {
    const text = readFileSync(join(repo.dir, ADDRESSES), "utf8");
    expect(text).toContain('expiresAt: "2027-12-31T23:59:59Z"');
    let clock = new Date("2027-12-31T23:40:00Z");
    const workspace = await openEditorWorkspace(realpathSync(repo.dir), () => clock);
    const expired = () => workspace.lint().result.diagnostics.filter((d) => d.file === ADDRESSES && d.code === "expired-address-entry").map((d) => d.line);
    await workspace.setBuffer(ADDRESSES, text);
    expect(expired()).toEqual([]);

    // Past the entry's expiry, within the hour: the session's clock still says before.
    clock = new Date("2028-01-01T00:10:00Z");
    await workspace.setBuffer(ADDRESSES, `${text}# edited\n`);
    expect(expired()).toEqual([]);

    // An hour after the clock was read: read again.
    clock = new Date("2028-01-01T00:40:00Z");
    await workspace.setBuffer(ADDRESSES, `${text}# edited again\n`);
    expect(expired()).toEqual([text.split("\n").findIndex((line) => line.includes('expiresAt: "2027-12-31T23:59:59Z"')) + 1]);
  });
});
