/**
 * Notices said once on this machine (docs/catalog.md, "Without a snapshot"):
 * a marker file per notice in the user's cache folder, named by the SHA-256 of
 * what identifies the notice, made with O_EXCL so that two processes at once
 * say it once. A notice that cannot be remembered (a folder that cannot be
 * written) is said every time: repeating is better than silence.
 */
import { createHash } from "node:crypto";
import { mkdir, open } from "node:fs/promises";
import { join } from "node:path";

const SAID_FOLDER = "said";

/** True the first time `key` is asked about in `folder` (the user's cache folder), false after. Never throws. */
export async function firstTimeSaying(folder: string, key: string): Promise<boolean> {
  const said = join(folder, SAID_FOLDER);
  try {
    await mkdir(said, { recursive: true, mode: 0o700 });
    const handle = await open(join(said, createHash("sha256").update(key).digest("hex")), "wx", 0o600);
    await handle.close();
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "EEXIST";
  }
}
