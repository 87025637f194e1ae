/**
 * The OS keyring through `@napi-rs/keyring`: macOS Keychain, Windows Credential
 * Manager, the Secret Service on Linux (gnome-keyring, KWallet, KeePassXC). On
 * Linux the Secret Service is required: the binding would otherwise fall back
 * to the kernel's keyutils, which forgets everything at reboot, and a login
 * that silently vanishes is worse than the file with its warning.
 *
 * The native module is loaded on first use, so commands that never sign in
 * never load it. Each call is bounded in time: a Secret Service that hangs
 * (a locked collection waiting for a prompt nobody sees) becomes an error.
 */
const SERVICE = "screenpol";
const CALL_TIMEOUT_MS = 5_000;

/** What the store needs of a keyring; tests pass one that throws. */
export interface Keyring {
  get(account: string): Promise<string | undefined>;
  set(account: string, secret: string): Promise<void>;
  /** False when there was nothing to delete. */
  delete(account: string): Promise<boolean>;
}

export function osKeyring(): Keyring {
  const entry = async (account: string) => {
    const { AsyncEntry } = await import("@napi-rs/keyring");
    return new AsyncEntry(SERVICE, account, { linux: { store: "secret-service" } });
  };
  return {
    async get(account) {
      return (await (await entry(account)).getPassword(AbortSignal.timeout(CALL_TIMEOUT_MS))) ?? undefined;
    },
    async set(account, secret) {
      await (await entry(account)).setPassword(secret, AbortSignal.timeout(CALL_TIMEOUT_MS));
    },
    async delete(account) {
      return (await entry(account)).deleteCredential(AbortSignal.timeout(CALL_TIMEOUT_MS));
    },
  };
}

/** The keyring's failure in a few words: the binding's messages run to a paragraph of D-Bus detail. */
export function keyringFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split("\n")[0]!.replace(/^Platform failure: /, "").trim();
  if (/DBUS_SESSION_BUS_ADDRESS|org\.freedesktop\.DBus\.Error\.(ServiceUnknown|NoReply|Spawn)/i.test(firstLine)) return "no Secret Service on the session bus";
  if (error instanceof Error && error.name === "AbortError") return `no answer within ${CALL_TIMEOUT_MS / 1000} s`;
  return firstLine.length > 120 ? `${firstLine.slice(0, 117)}...` : firstLine || "unknown failure";
}
