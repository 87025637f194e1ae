/**
 * The state file: one JSON document, replaced atomically (a temporary file in
 * the same folder, written, fsynced, renamed over the old one, then the folder
 * fsynced), so a reader, a crash or `kill -9` finds the previous state or the
 * new one, never a mix (toolkit.md, The emulator). A file that is not a valid
 * state is refused with one line, never "repaired" by reseeding over it.
 */
import { readdir, readFile, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { EmulatorError } from "./errors.js";
import { STATE_FORMAT, STATE_VERSION, type EmulatorState } from "./model.js";
import { temporaryWriterOf, writeFileAtomic } from "../workspace/atomic-write.js";

/** Reads and checks the state file; undefined when there is none yet. */
export async function readStateFile(path: string): Promise<EmulatorState | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    throw new EmulatorError(`cannot read the state file ${path} (${code})`);
  }
  return parseState(text, path);
}

/** Parses state text; throws an {@link EmulatorError} of one line saying what is wrong. */
export function parseState(text: string, path: string): EmulatorState {
  const refuse = (reason: string): never => {
    throw new EmulatorError(`the state file ${path} is not a valid emulator state: ${reason}; move it away or start with --reset`);
  };
  if (text.trim() === "") refuse("it is empty");
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    refuse(`it is not JSON (${(error as Error).message.split("\n")[0]})`);
  }
  const problem = stateProblem(data);
  if (problem !== undefined) refuse(problem);
  return data as EmulatorState;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Structural check of a parsed state: enough that every handler can trust the
 * shapes it reads. Contents (rules, entries) were validated when written.
 */
function stateProblem(data: unknown): string | undefined {
  if (!isObject(data)) return "the top level is not a JSON object";
  if (data.format !== STATE_FORMAT) return `"format" is not "${STATE_FORMAT}"`;
  if (data.version !== STATE_VERSION) return `version ${JSON.stringify(data.version)} is not supported (this emulator reads version ${STATE_VERSION})`;
  const lists: Array<[string, Array<[string, "string" | "number" | "boolean" | "object" | "array" | "uuid"]>]> = [
    ["organizations", [["id", "uuid"], ["name", "string"]]],
    ["projects", [["id", "uuid"], ["name", "string"], ["organizationId", "uuid"]]],
    ["environments", [["id", "uuid"], ["name", "string"], ["kind", "string"], ["projectId", "uuid"]]],
    ["policies", [["environmentId", "uuid"], ["providerType", "string"], ["scope", "string"], ["revision", "number"], ["schemaVersion", "number"], ["rules", "object"], ["enabled", "boolean"]]],
    ["addressEntries", [["environmentId", "uuid"], ["providerType", "string"], ["revision", "number"], ["entries", "array"]]],
    ["webhooks", [["environmentId", "uuid"], ["webhookId", "uuid"], ["url", "string"], ["events", "array"], ["isEnabled", "boolean"]]],
    ["users", [["record", "object"], ["_mfaDeviceCount", "number"]]],
    ["invites", [["id", "uuid"], ["environmentId", "uuid"], ["status", "string"], ["_outcome", "string"]]],
  ];
  for (const [name, members] of lists) {
    const list = data[name];
    if (!Array.isArray(list)) return `"${name}" is not a list`;
    for (let index = 0; index < list.length; index++) {
      const item: unknown = list[index];
      if (!isObject(item)) return `${name}[${index}] is not an object`;
      for (const [member, type] of members) {
        if (!hasType(item[member], type)) return `${name}[${index}].${member} is not ${describeType(type)}`;
      }
    }
  }
  for (const [index, user] of (data.users as Json[]).entries()) {
    const record = user.record as Json;
    if (!UUID.test(String(record.id)) || !UUID.test(String(record.projectEnvironmentId))) return `users[${index}].record has no valid id and projectEnvironmentId`;
  }
  const catalog = data.catalog;
  if (!isObject(catalog)) return '"catalog" is not an object';
  if (!Number.isSafeInteger(catalog.size) || (catalog.size as number) < 0) return "catalog.size is not a non-negative integer";
  if (!Array.isArray(catalog.removed) || !catalog.removed.every((id) => typeof id === "string")) return "catalog.removed is not a list of token ids";
  if (!Array.isArray(catalog.upserts) || !catalog.upserts.every((token) => isObject(token) && typeof token.tokenId === "string")) {
    return "catalog.upserts is not a list of tokens";
  }
  return undefined;
}

function hasType(value: unknown, type: "string" | "number" | "boolean" | "object" | "array" | "uuid"): boolean {
  switch (type) {
    case "uuid":
      return typeof value === "string" && UUID.test(value);
    case "number":
      return Number.isSafeInteger(value) && (value as number) >= 0;
    case "object":
      return isObject(value);
    case "array":
      return Array.isArray(value);
    default:
      return typeof value === type;
  }
}

function describeType(type: string): string {
  return type === "uuid" ? "a UUID" : type === "number" ? "a non-negative integer" : type === "array" ? "a list" : `a ${type}`;
}

/**
 * Replaces `path` with `text` atomically and durably (workspace/atomic-write.ts):
 * fsynced before the rename makes it visible, and the folder after it. 0o600:
 * the state holds the emulator's test tokens' scopes and users.
 */
export async function writeStateFile(path: string, text: string): Promise<void> {
  await writeFileAtomic(path, text, { mode: 0o600 });
}

/**
 * Removes temporary files an earlier emulator left when it was killed between
 * creating one and renaming it. Only names of our own pattern whose process is
 * gone are touched.
 */
export async function removeStaleTemporaries(path: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dirname(path));
  } catch {
    return;
  }
  await Promise.all(
    names
      .filter((name) => {
        const writer = temporaryWriterOf(path, name);
        return writer !== undefined && !isRunning(writer);
      })
      .map((name) => unlink(join(dirname(path), name)).catch(() => undefined)),
  );
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
