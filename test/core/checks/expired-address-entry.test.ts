import { describe, expect, it } from "vitest";
import { parseExpiry } from "../../../src/core/checks/expired-address-entry.js";

describe("parseExpiry", () => {
  it.each([
    ["2026-10-01", "2026-10-01T00:00:00.000Z"],
    ["2026-10-01T00:00:00Z", "2026-10-01T00:00:00.000Z"],
    ["2026-10-01t08:30z", "2026-10-01T08:30:00.000Z"],
    ["2026-10-01 08:30", "2026-10-01T08:30:00.000Z"],
    ["2026-10-01T08:30:00.250+02:00", "2026-10-01T06:30:00.250Z"],
    ["2026-10-01T08:30:00-0130", "2026-10-01T10:00:00.000Z"],
    ["2028-02-29", "2028-02-29T00:00:00.000Z"],
    ["0099-01-01", "0099-01-01T00:00:00.000Z"],
  ])("reads %s as UTC %s", (text, iso) => {
    expect(new Date(parseExpiry(text)!).toISOString()).toBe(iso);
  });
  it.each(["2026-13-01", "2026-02-29", "2026-04-31", "2026-10-01T24:00", "2026-10-01T10:60", "next year", "2026-10-01T10:00+25:00", ""])(
    "gives up on %s",
    (text) => {
      expect(parseExpiry(text)).toBeUndefined();
    },
  );
});
