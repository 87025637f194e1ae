/**
 * remote/headers-global.ts hides Node's lazy `Headers` global while undici
 * loads and puts it back: whoever imports screenpol's remote client (the CLI,
 * or a program using the library) still finds Node's fetch globals working.
 */
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/remote/index.js";

describe("the Headers global after the remote client loaded", () => {
  it("is Node's own, usable", () => {
    expect(typeof createClient).toBe("function");
    expect(Object.getOwnPropertyDescriptor(globalThis, "Headers")?.value).not.toBeNull();
    const headers = new globalThis.Headers({ "X-One": "1" });
    expect(headers.get("x-one")).toBe("1");
    expect(new Response("body").headers).toBeInstanceOf(globalThis.Headers);
  });
});
