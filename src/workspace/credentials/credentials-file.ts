/**
 * The file fallback of the credential store, for where no OS keyring is
 * reachable (a headless Linux box, CI): `credentials.json` in the user's config
 * folder (env-paths: `$XDG_CONFIG_HOME/screenpol` on Linux), mode 0600 in a
 * folder made 0700, replaced atomically. Like ssh with a private key (and its
 * StrictModes for the folder above it), a file that others can read or write,
 * that another user owns, or that sits in a folder others can write or another
 * user owns, is refused with the command that fixes it, never used.
 *
 *     {"version": 1, "logins": {"<base URL>": StoredLogin}}
 *
 * Each login is read on its own: one that is not a stored login is reported
 * for its base URL only, and kept as it is until `logout --base-url` removes it.
 */
import { constants, type Stats } from "node:fs";
import { lstat, mkdir, open, readFile, realpath, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { writeFileAtomic } from "../atomic-write.js";
import { assertStorable, checkStoredLogin, CredentialStoreError, UnreadableLoginError, type StoredLogin } from "./stored-login.js";

export const CREDENTIALS_FILE_NAME = "credentials.json";
const FORMAT_VERSION = 1;
/** Larger than any honest file: a login is under 2 KiB. */
const MAX_FILE_BYTES = 1024 * 1024;

/** A member of `logins`: the login, or why it is not one and its JSON as found (written back untouched). */
type Entry = { ok: true; login: StoredLogin } | { ok: false; problem: string; raw: unknown };

export class CredentialsFile {
  constructor(readonly path: string) {}

  /** The login of `baseUrl`; an {@link UnreadableLoginError} when its entry is not one. */
  async load(baseUrl: string): Promise<StoredLogin | undefined> {
    const entry = (await this.readAll()).get(baseUrl);
    if (entry === undefined) return undefined;
    if (!entry.ok) throw new UnreadableLoginError(baseUrl, `the stored login for ${baseUrl} in ${this.path}`, entry.problem);
    return entry.login;
  }

  async save(login: StoredLogin): Promise<void> {
    assertStorable(login);
    const entries = await this.readAll();
    entries.set(login.baseUrl, { ok: true, login });
    await this.write(entries);
  }

  /** Removes the login of `baseUrl`, readable or not; false when there was none. */
  async remove(baseUrl: string): Promise<boolean> {
    const entries = await this.readAll();
    if (!entries.delete(baseUrl)) return false;
    await this.write(entries);
    return true;
  }

  private async readAll(): Promise<Map<string, Entry>> {
    let text: string;
    try {
      if (!(await this.checkFolder({ repair: false }))) return new Map();
      await this.checkPermissions();
      text = await readFile(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
      if (error instanceof CredentialStoreError) throw error;
      throw new CredentialStoreError(`cannot read ${this.path} (${errnoCode(error)})`);
    }
    const corrupted = new CredentialStoreError(`${this.path} is corrupted (not the JSON screenpol writes): delete it and run \`screenpol login\` again`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw corrupted;
    }
    const record = parsed as { version?: unknown; logins?: unknown };
    if (typeof record !== "object" || record === null || record.version !== FORMAT_VERSION || typeof record.logins !== "object" || record.logins === null || Array.isArray(record.logins)) {
      throw corrupted;
    }
    const entries = new Map<string, Entry>();
    for (const [baseUrl, value] of Object.entries(record.logins as Record<string, unknown>)) {
      const checked = checkStoredLogin(value);
      if (!checked.ok) entries.set(baseUrl, { ok: false, problem: checked.problem, raw: value });
      else if (checked.login.baseUrl !== baseUrl) entries.set(baseUrl, { ok: false, problem: "it holds the login of another base URL", raw: value });
      else entries.set(baseUrl, { ok: true, login: checked.login });
    }
    return entries;
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
        `${this.path} is accessible by others (mode ${octal(mode)}): refusing to use it, as ssh refuses such a key; run \`chmod 600 ${this.path}\``,
      );
    }
  }

  /**
   * ssh's StrictModes for the folder that holds the file: a folder of ours that
   * nobody else may write (whoever can write it can swap the file). A symbolic
   * link (a dotfiles manager's) is followed only when it is ours, its target
   * must pass the same test, and it is never chmod'ed through: `repair` makes
   * only a real folder of ours that others can read 0700. False when there is
   * no folder.
   */
  private async checkFolder(options: { repair: boolean }): Promise<boolean> {
    const folder = dirname(this.path);
    let own: Stats;
    try {
      own = await lstat(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw new CredentialStoreError(`cannot use the folder ${folder} (${errnoCode(error)})`);
    }
    // Windows has no modes to check: the profile folder's ACL is what keeps others out.
    if (process.platform === "win32") return true;
    const uid = typeof process.getuid === "function" ? process.getuid() : undefined;
    const link = own.isSymbolicLink();
    if (link && uid !== undefined && own.uid !== uid) {
      throw new CredentialStoreError(`${folder} is a symbolic link of another user (uid ${own.uid}): refusing to keep a login through it; remove it and run \`screenpol login\` again`);
    }
    const real = link ? await realpath(folder).catch(() => undefined) : folder;
    const named = link ? `${folder} (a symbolic link to ${real ?? "nothing"})` : folder;
    let handle: FileHandle;
    try {
      // Checked and repaired through one descriptor, so a link swapped in after the checks is never chmod'ed through.
      handle = await open(folder, constants.O_RDONLY | constants.O_DIRECTORY | (link ? 0 : constants.O_NOFOLLOW));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOTDIR" || code === "ENOENT") throw new CredentialStoreError(`${named} is not a folder: remove it and run \`screenpol login\` again`);
      throw new CredentialStoreError(`cannot use the folder ${named} (${errnoCode(error)})`);
    }
    try {
      const stats = await handle.stat();
      if (uid !== undefined && stats.uid !== uid) {
        throw new CredentialStoreError(`${named} belongs to another user (uid ${stats.uid}): refusing to keep a login in it; remove it (or \`chown\` it to yourself) and run \`screenpol login\` again`);
      }
      const mode = stats.mode & 0o777;
      if ((mode & 0o022) !== 0) {
        throw new CredentialStoreError(
          `${named} is writable by others (mode ${octal(mode)}): refusing to keep a login in it, as ssh refuses such a folder; run \`chmod 700 ${real ?? folder}\``,
        );
      }
      // A folder made by an older screenpol (or by hand) may be readable by others; ours holds a secret.
      if (options.repair && !link && (mode & 0o077) !== 0) await handle.chmod(0o700);
    } finally {
      await handle.close();
    }
    return true;
  }

  private async write(entries: Map<string, Entry>): Promise<void> {
    const logins = Object.fromEntries([...entries].map(([baseUrl, entry]) => [baseUrl, entry.ok ? entry.login : entry.raw]));
    const content = `${JSON.stringify({ version: FORMAT_VERSION, logins }, null, 2)}\n`;
    if (Buffer.byteLength(content) > MAX_FILE_BYTES) {
      throw new CredentialStoreError(`${this.path} would grow over ${MAX_FILE_BYTES / (1024 * 1024)} MiB, more than screenpol reads back: remove logins you no longer use with \`screenpol logout --base-url URL\``);
    }
    try {
      if (!(await this.checkFolder({ repair: true }))) {
        await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
        await this.checkFolder({ repair: true });
      }
      await writeFileAtomic(this.path, content, { mode: 0o600 });
    } catch (error) {
      if (error instanceof CredentialStoreError) throw error;
      throw new CredentialStoreError(`cannot write ${this.path} (${errnoCode(error)})`);
    }
  }
}

/** As the read and write failures of this file have always said it: the errno code. */
function errnoCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? "error";
}

function octal(mode: number): string {
  return mode.toString(8).padStart(4, "0");
}
