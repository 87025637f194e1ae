/**
 * Where the API token comes from: only the environment variable
 * `SCREENPOL_API_TOKEN` or the file named by `--token-file`, never a file in the
 * repository (toolkit.md, Configuration and secrets). A stored login
 * (`screenpol login`) comes after both (app/credentials.ts, docs/sign-in.md).
 */
// usage-error.js, not errors.js: the CLI reads TOKEN_ENV_VAR on every run, lint included, without loading node:http.
import { UsageError } from "./usage-error.js";
import { MAX_SECRET_LENGTH } from "../core/secret-redactor.js";

/** The environment variable that carries the API token. */
export const TOKEN_ENV_VAR = "SCREENPOL_API_TOKEN";

export interface ResolveTokenInput {
  /** The process environment (or a test's stand-in). */
  env: Readonly<Record<string, string | undefined>>;
  /** The `--token-file` path, when given; the variable takes precedence over it. */
  tokenFile?: string | undefined;
  /** Reads a file as UTF-8 text; `fs.promises.readFile(path, "utf8")` in the CLI. */
  readFile: (path: string) => Promise<string>;
}

/** A resolved token and where it came from (for messages; the value itself is never shown). */
export interface ResolvedToken {
  token: string;
  source: "env" | "file";
}

/**
 * Resolves the API token: `SCREENPOL_API_TOKEN` first, then `--token-file`
 * (the one precedence table of docs/sign-in.md). One trailing newline
 * (LF or CRLF) is removed from a file, as editors and `echo` add it; anything else
 * is kept, and {@link assertUsableToken} then refuses inner whitespace. Throws a
 * {@link UsageError} for a missing token, an unreadable or empty file, or a token
 * that cannot go into a header. No message contains the token.
 */
export async function resolveToken(input: ResolveTokenInput): Promise<ResolvedToken> {
  const fromEnv = input.env[TOKEN_ENV_VAR];
  if (fromEnv !== undefined && fromEnv.length > 0) {
    assertUsableToken(fromEnv, TOKEN_ENV_VAR);
    return { token: fromEnv, source: "env" };
  }
  if (input.tokenFile !== undefined) {
    let text: string;
    try {
      text = await input.readFile(input.tokenFile);
    } catch (error) {
      const reason = error instanceof Error && "code" in error ? ` (${String(error.code)})` : "";
      throw new UsageError(`cannot read the token file ${input.tokenFile}${reason}`, { parameter: "--token-file", cause: error });
    }
    const token = text.replace(/\r?\n$/, "");
    if (token.length === 0) throw new UsageError(`the token file ${input.tokenFile} is empty`, { parameter: "--token-file" });
    assertUsableToken(token, `the token in ${input.tokenFile}`);
    return { token, source: "file" };
  }
  throw new UsageError(`no API token: set ${TOKEN_ENV_VAR} or pass --token-file`, { parameter: TOKEN_ENV_VAR });
}

/**
 * Refuses a token that is empty, longer than any real one, or holds anything
 * but visible ASCII: whitespace or a control character would split or corrupt
 * the `Authorization` header, and usually means a copy-paste accident (a
 * file's whole content, a variable set to the wrong thing). The message names
 * the position or the length, never the character or the token.
 */
export function assertUsableToken(token: string, what: string = "the API token"): void {
  if (token.length === 0) throw new UsageError(`${what} is empty`, { parameter: "token" });
  if (token.length > MAX_SECRET_LENGTH) {
    throw new UsageError(`${what} is ${token.length} characters long, longer than any API token (at most ${MAX_SECRET_LENGTH})`, { parameter: "token" });
  }
  for (let index = 0; index < token.length; index++) {
    const code = token.charCodeAt(index);
    if (code < 0x21 || code > 0x7e) {
      const kind = code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d ? "whitespace" : "a character other than visible ASCII";
      throw new UsageError(`${what} contains ${kind} at position ${index + 1}`, { parameter: "token" });
    }
  }
}
