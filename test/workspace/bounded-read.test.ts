/**
 * The one bounded read (src/workspace/bounded-read.ts): the byte bound holds
 * while reading, not from what stat says.
 */
import { describe, expect, it } from "vitest";
import { readBounded } from "../../src/workspace/bounded-read.js";

describe("readBounded", () => {
  it("stops at the cap as it reads: a file whose stat size is 0 (/proc) but holds more is refused, not read whole", async () => {
    const whole = await readBounded("/proc/self/maps", { maxBytes: 1024 * 1024 });
    expect(whole.ok).toBe(true);
    const size = whole.ok ? whole.bytes.byteLength : 0;
    expect(size).toBeGreaterThan(64);
    expect(await readBounded("/proc/self/maps", { maxBytes: 64 })).toEqual({ ok: false, problem: "too-large", reason: "is over 64 bytes; not read" });
  });

  it("refuses a device before opening it, and a folder", async () => {
    expect(await readBounded("/dev/zero", { maxBytes: 10 })).toEqual({ ok: false, problem: "not-regular", reason: "is a character device, not a regular file; not read" });
    expect(await readBounded("/", { maxBytes: 10 })).toEqual({ ok: false, problem: "folder", reason: "is a folder" });
  });
});
