/**
 * The file fallback of the credential store, for where no OS keyring is
 * reachable (a headless Linux box, CI): `credentials.json` in the user's config
 * folder (env-paths: `$XDG_CONFIG_HOME/screenpol` on Linux), mode 0600 in a
 * folder made 0700, replaced atomically. Like ssh with a private key, a file
 * that others can read or write, or that another user owns, is refused with
 * the command that fixes it, never used.
 *
 *     {"version": 1, "logins": {"<base URL>": StoredLogin}}
 */
import { chmod, lstat, mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { writeFileAtomic } from "../atomic-write.js";
import { CredentialStoreError, readStoredLogin, type StoredLogin } from "./stored-login.js";

export const CREDENTIALS_FILE_NAME = "credentials.json";
const FORMAT_VERSION = 1;
/** Larger than any honest file: a login is under 2 KiB. */
const MAX_FILE_BYTES = 1024 * 1024;

export class CredentialsFile {
  constructor(readonly path: string) {}

  async load(baseUrl: string): Promise<StoredLogin | undefined> {
    return (await this.readAll()).get(baseUrl);
  }

  async save(login: StoredLogin): Promise<void> {
    const logins = await this.readAll();
    logins.set(login.baseUrl, login);
    await this.write(logins);
  }

  /** Removes the login of `baseUrl`; false when there was none. */
  async remove(baseUrl: string): Promise<boolean> {
    const logins = await this.readAll();
    if (!logins.delete(baseUrl)) return false;
    await this.write(logins);
    return true;
  }

  private async readAll(): Promise<Map<string, StoredLogin>> {
    let text: string;
    try {
      await this.checkPermissions();
      text = await readFile(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
      if (error instanceof CredentialStoreError) throw error;
      throw new CredentialStoreError(`cannot read ${this.path} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
    }
    const corrupted = new CredentialStoreError(`${this.path} is corrupted (not the JSON screenpol writes): delete it and run \`screenpol login\` again`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw corrupted;
    }
    const record = parsed as { version?: unknown; logins?: unknown };
    if (typeof record !== "object" || record === null || record.version !== FORMAT_VERSION || typeof record.logins !== "object" || record.logins === null) throw corrupted;
    const logins = new Map<string, StoredLogin>();
    for (const [baseUrl, value] of Object.entries(record.logins as Record<string, unknown>)) {
      const login = readStoredLogin(value);
      if (!login || login.baseUrl !== baseUrl) throw corrupted;
      logins.set(baseUrl, login);
    }
    return logins;
  }

  /** ssh's rule for a private key: a regular file of ours that nobody else may read or write. */
  private async checkPermissions(): Promise<void> {
    const stats = await lstat(this.path);
    if (!stats.isFile()) throw new CredentialStoreError(`${this.path} is not a regular file: remove it and run \`screenpol login\` again`);
    if (stats.size > MAX_FILE_BYTES) throw new CredentialStoreError(`${this.path} is ${stats.size} bytes, far more than a credentials file holds: delete it and run \`screenpol login\` again`);
    if (process.platform === "win32") return;
    if (typeof process.getuid === "function" && stats.uid !== process.getuid()) {
      throw new CredentialStoreError(`${this.path} belongs to another user (uid ${stats.uid}): refusing to use it; remove it and run \`screenpol login\``);
    }
    const mode = stats.mode & 0o777;
    if ((mode & 0o077) !== 0) {
      throw new CredentialStoreError(
        `${this.path} is accessible by others (mode ${mode.toString(8).padStart(4, "0")}): refusing to use it, as ssh refuses such a key; run \`chmod 600 ${this.path}\``,
      );
    }
  }

  private async write(logins: Map<string, StoredLogin>): Promise<void> {
    const folder = dirname(this.path);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    if (process.platform !== "win32") {
      // A folder made by someone else (or an older screenpol) keeps its mode unless we set it; ours holds a secret.
      const stats = await lstat(folder);
      if ((stats.mode & 0o077) !== 0 && typeof process.getuid === "function" && stats.uid === process.getuid()) await chmod(folder, 0o700);
    }
    const content = `${JSON.stringify({ version: FORMAT_VERSION, logins: Object.fromEntries(logins) }, null, 2)}\n`;
    await writeFileAtomic(this.path, content, { mode: 0o600 });
  }
}
