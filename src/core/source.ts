/**
 * Bytes of a file -> text, or the reason it cannot be linted. Pure: the caller
 * reads the bytes.
 */

/** 1 MiB: a policy is a few kilobytes; anything this large is not one (toolkit.md, lint). */
export const MAX_FILE_BYTES = 1024 * 1024;

export type DecodedSource = { ok: true; text: string } | { ok: false; reason: string };

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function decodeSource(bytes: Uint8Array): DecodedSource {
  if (bytes.byteLength > MAX_FILE_BYTES) {
    return { ok: false, reason: `file is ${formatSize(bytes.byteLength)}, over the 1 MiB limit for a policy file; not read` };
  }
  if (bytes.indexOf(0) !== -1) return { ok: false, reason: "file holds NUL bytes: it is binary, not YAML" };
  try {
    return { ok: true, text: strictUtf8.decode(bytes) };
  } catch {
    return { ok: false, reason: "file is not valid UTF-8 text" };
  }
}

function formatSize(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
