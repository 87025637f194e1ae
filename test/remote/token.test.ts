import { describe, expect, it } from "vitest";
import { createRedactor, resolveToken, UsageError } from "../../src/remote/index.js";

const TOKEN = "dyn_abcDEF123";

function files(contents: Record<string, string>) {
  return async (path: string) => {
    const text = contents[path];
    if (text === undefined) throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: "ENOENT" });
    return text;
  };
}

describe("resolveToken", () => {
  it("takes SCREENPOL_API_TOKEN", async () => {
    await expect(resolveToken({ env: { SCREENPOL_API_TOKEN: TOKEN }, readFile: files({}) })).resolves.toEqual({ token: TOKEN, source: "env" });
  });

  it("prefers SCREENPOL_API_TOKEN to --token-file; reads the file, trimming one trailing newline", async () => {
    const readFile = files({ "/run/t": `${TOKEN}\n`, "/run/crlf": `${TOKEN}\r\n` });
    await expect(resolveToken({ env: { SCREENPOL_API_TOKEN: "other" }, tokenFile: "/run/t", readFile })).resolves.toEqual({
      token: "other",
      source: "env",
    });
    await expect(resolveToken({ env: {}, tokenFile: "/run/t", readFile })).resolves.toEqual({ token: TOKEN, source: "file" });
    await expect(resolveToken({ env: {}, tokenFile: "/run/crlf", readFile })).resolves.toEqual({ token: TOKEN, source: "file" });
  });

  it("refuses an empty file, or one that is only a newline", async () => {
    const readFile = files({ "/e": "", "/n": "\n" });
    await expect(resolveToken({ env: {}, tokenFile: "/e", readFile })).rejects.toThrow("the token file /e is empty");
    await expect(resolveToken({ env: {}, tokenFile: "/n", readFile })).rejects.toThrow("the token file /n is empty");
  });

  it("refuses a file with more than one line, without quoting it", async () => {
    const error = await resolveToken({ env: {}, tokenFile: "/t", readFile: files({ "/t": `${TOKEN}\n\n` }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe("the token in /t contains whitespace at position 14");
  });

  it("reports an unreadable file with its code", async () => {
    await expect(resolveToken({ env: {}, tokenFile: "/missing", readFile: files({}) })).rejects.toThrow(
      "cannot read the token file /missing (ENOENT)",
    );
  });

  it("refuses a missing or empty variable", async () => {
    for (const env of [{}, { SCREENPOL_API_TOKEN: "" }]) {
      await expect(resolveToken({ env, readFile: files({}) })).rejects.toThrow("no API token: set SCREENPOL_API_TOKEN or pass --token-file");
    }
  });

  it("refuses a variable with whitespace, without quoting it", async () => {
    const error = await resolveToken({ env: { SCREENPOL_API_TOKEN: `${TOKEN} ` }, readFile: files({}) }).catch((e: unknown) => e);
    expect((error as Error).message).toBe("SCREENPOL_API_TOKEN contains whitespace at position 14");
  });
});

describe("createRedactor", () => {
  it("replaces every occurrence, raw and percent-encoded", () => {
    const redact = createRedactor("a/b+c");
    expect(redact("x a/b+c y a%2Fb%2Bc z")).toBe("x *** y *** z");
  });

  it("leaves text alone for an empty secret", () => {
    expect(createRedactor("")("abc")).toBe("abc");
  });
});
