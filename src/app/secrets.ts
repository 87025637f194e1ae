/**
 * The secrets of one invocation, and the rule for files. toolkit.md,
 * Configuration and secrets: the token is "never printed, never in an error
 * message, a log, a plan file or a report". A server, a proxy, or a value pasted
 * into a live description can echo it back in a success body, so every sink
 * applies this list: the CLI's stdout and stderr redact it (cli/redacting-io.ts),
 * and a file written from a server's answer is refused when it holds it.
 */
import { createSecretRedactor, type SecretRedactor } from "../core/secret-redactor.js";
import { TOKEN_ENV_VAR } from "../remote/token.js";
import { readTokenFile } from "../workspace/token-file.js";
import { SecretInResponseError } from "./errors.js";

export interface SecretSources {
  env: Readonly<Record<string, string | undefined>>;
  /** `--token-file`, when given. */
  tokenFile?: string | undefined;
}

/**
 * Every secret this invocation may hold, whether or not it is the one sent:
 * SCREENPOL_API_TOKEN and the `--token-file` token (both, when both are set),
 * each as given and trimmed. An unreadable token file adds nothing here; the
 * command that needs it reports it. This is the one list: a stored login's JWT
 * (`screenpol login`, toolkit.md) is added here when it lands.
 */
export async function invocationSecrets(sources: SecretSources): Promise<string[]> {
  const secrets: string[] = [];
  const fromEnv = sources.env[TOKEN_ENV_VAR];
  if (fromEnv !== undefined) secrets.push(fromEnv, fromEnv.trim());
  // A proxy URL's password (http://user:password@proxy:3128) never appears in any output either.
  for (const name of PROXY_VARIABLES) {
    const password = proxyPassword(sources.env[name]);
    if (password !== undefined) secrets.push(password, decodedPassword(password));
  }
  if (sources.tokenFile !== undefined) {
    const text = await readTokenFile(sources.tokenFile).catch(() => undefined);
    // As resolveToken reads it (one trailing newline dropped), and trimmed.
    if (text !== undefined) secrets.push(text.replace(/\r?\n$/, ""), text.trim());
  }
  return secrets;
}

const PROXY_VARIABLES = ["HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"];

function decodedPassword(password: string): string {
  try {
    return decodeURIComponent(password);
  } catch {
    return password;
  }
}

function proxyPassword(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const password = new URL(url).password;
    return password === "" ? undefined : password;
  } catch {
    return undefined;
  }
}

/** The redactor of {@link invocationSecrets}, plus any secret already resolved (the token a client sends). */
export async function invocationRedactor(sources: SecretSources, resolved: readonly string[] = []): Promise<SecretRedactor> {
  return createSecretRedactor([...resolved, ...(await invocationSecrets(sources))]);
}

/** A file a command is about to write: its path as shown to the user, and its content. */
export interface PendingFile {
  path: string;
  text: string;
}

/**
 * Refuses the whole set when any file holds a secret in any form, before any
 * of them is written: a pulled or planned file is never silently redacted (it
 * would differ from live without saying so) and never half a set. One line
 * naming the files, never the secret.
 */
export function refuseFilesWithSecrets(files: readonly PendingFile[], secrets: SecretRedactor): void {
  if (secrets.empty) return;
  const tainted = files.filter((file) => secrets.contains(file.text)).map((file) => file.path);
  if (tainted.length === 0) return;
  throw new SecretInResponseError(
    `refusing to write ${tainted.join(", ")}: the server's response contains your API token; nothing was written`,
  );
}
