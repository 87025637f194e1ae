/**
 * The state file: one JSON document, replaced atomically (a temporary file in
 * the same folder, written, fsynced, renamed over the old one, then the folder
 * fsynced), so a reader, a crash or `kill -9` finds the previous state or the
 * new one, never a mix (toolkit.md, The emulator). A file that is not a valid
 * state is refused with one line, never "repaired" by reseeding over it.
 */
import { readdir, readFile, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { SCHEMA_VERSIONS, SCOPES, VENDORS } from "../core/vendors.js";
import {
  CATALOG_SIZE_RANGE,
  MAX_STATE_DEPTH,
  MFA_DEVICE_COUNT_RANGE,
  rangeProblem,
  REVISION_RANGE,
  type IntegerRange,
} from "./bounds.js";
import { catalogTokenProblem } from "./catalog.js";
import { EmulatorError } from "./errors.js";
import { nestsDeeperThan } from "./json-depth.js";
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
  if (nestsDeeperThan(text, MAX_STATE_DEPTH)) refuse(`it nests arrays and objects more than ${MAX_STATE_DEPTH} levels deep`);
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
 * What one member of a stored record must be. A range is checked against the
 * same definition (bounds.ts) as the flag or body it came through; `optional`
 * members may be absent.
 */
type Member =
  | "string"
  | "uuid"
  | "boolean"
  | "object"
  | "strings"
  | { range: IntegerRange }
  | { oneOf: readonly (string | number)[] }
  | { list: Members }
  | { optional: Member };

type Members = Readonly<Record<string, Member>>;

const ADDRESS_ENTRY: Members = {
  address: "string",
  chain: "string",
  action: { oneOf: ["ALLOW", "BLOCK"] },
  scope: { oneOf: ["ALL", ...SCOPES] },
  reason: "string",
  expiresAt: { optional: "string" },
};

/** The records of every list of the state (model.ts), member by member: what the handlers read. */
const LISTS: Readonly<Record<string, Members>> = {
  organizations: { id: "uuid", name: "string" },
  projects: { id: "uuid", name: "string", organizationId: "uuid" },
  environments: { id: "uuid", name: "string", kind: { oneOf: ["sandbox", "live"] }, projectId: "uuid", createdAt: "string" },
  policies: {
    environmentId: "uuid",
    providerType: { oneOf: VENDORS },
    scope: { oneOf: SCOPES },
    revision: { range: REVISION_RANGE },
    schemaVersion: { oneOf: SCHEMA_VERSIONS },
    rules: "object",
    enabled: "boolean",
    updatedAt: "string",
  },
  addressEntries: {
    environmentId: "uuid",
    providerType: { oneOf: VENDORS },
    revision: { range: REVISION_RANGE },
    entries: { list: ADDRESS_ENTRY },
    updatedAt: "string",
  },
  webhooks: {
    environmentId: "uuid",
    webhookId: "uuid",
    url: "string",
    events: "strings",
    isEnabled: "boolean",
    createdAt: "string",
    updatedAt: "string",
    secret: "string",
    version: "string",
    enabledAt: { optional: "string" },
  },
  users: {
    record: "object",
    _mfaDeviceCount: { range: MFA_DEVICE_COUNT_RANGE },
    _sanctionsBlocked: { optional: "boolean" },
  },
  invites: {
    id: "uuid",
    environmentId: "uuid",
    status: { oneOf: ["pending", "rejected", "accepted"] },
    _outcome: { oneOf: ["ok", "mergeConflict", "sanctionsBlocked"] },
  },
};

/**
 * Check of a parsed state: every member a handler reads has its type, every
 * number its bound, so no request can fail (or allocate without limit) on what
 * was loaded. Contents (rules) were validated when written.
 */
function stateProblem(data: unknown): string | undefined {
  if (!isObject(data)) return "the top level is not a JSON object";
  if (data.format !== STATE_FORMAT) return `"format" is not "${STATE_FORMAT}"`;
  if (data.version !== STATE_VERSION) return `version ${JSON.stringify(data.version)} is not supported (this emulator reads version ${STATE_VERSION})`;
  for (const [name, members] of Object.entries(LISTS)) {
    if (!Array.isArray(data[name])) return `"${name}" is not a list`;
    const problem = listProblem(name, data[name], members);
    if (problem !== undefined) return problem;
  }
  for (const [index, user] of (data.users as Json[]).entries()) {
    const record = user.record as Json;
    if (!UUID.test(String(record.id)) || !UUID.test(String(record.projectEnvironmentId))) return `users[${index}].record has no valid id and projectEnvironmentId`;
    if (typeof record.email !== "string") return `users[${index}].record.email is not a string`;
  }
  return catalogProblem(data.catalog);
}

function catalogProblem(catalog: unknown): string | undefined {
  if (!isObject(catalog)) return '"catalog" is not an object';
  const size = rangeProblem("catalog.size", catalog.size, CATALOG_SIZE_RANGE);
  if (size !== undefined) return size;
  if (!Array.isArray(catalog.removed) || !catalog.removed.every((id) => typeof id === "string")) return "catalog.removed is not a list of token ids";
  if (!Array.isArray(catalog.upserts)) return "catalog.upserts is not a list of tokens";
  for (const name of ["removed", "upserts"] as const) {
    const list = catalog[name] as unknown[];
    if (list.length > CATALOG_SIZE_RANGE.max) return `catalog.${name} holds ${list.length} entries, more than ${CATALOG_SIZE_RANGE.max}`;
  }
  for (let index = 0; index < catalog.upserts.length; index++) {
    const problem = catalogTokenProblem(catalog.upserts[index], `catalog.upserts[${index}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function listProblem(where: string, list: readonly unknown[], members: Members): string | undefined {
  for (let index = 0; index < list.length; index++) {
    const item: unknown = list[index];
    if (!isObject(item)) return `${where}[${index}] is not an object`;
    for (const [name, member] of Object.entries(members)) {
      const problem = memberProblem(`${where}[${index}].${name}`, item[name], member);
      if (problem !== undefined) return problem;
    }
  }
  return undefined;
}

function memberProblem(where: string, value: unknown, member: Member): string | undefined {
  if (typeof member === "object") {
    if ("optional" in member) return value === undefined ? undefined : memberProblem(where, value, member.optional);
    if ("range" in member) return rangeProblem(where, value, member.range);
    if ("list" in member) return Array.isArray(value) ? listProblem(where, value, member.list) : `${where} is not a list`;
    if (member.oneOf.includes(value as string | number)) return undefined;
    return `${where} is not one of ${member.oneOf.map((option) => JSON.stringify(option)).join(", ")}`;
  }
  switch (member) {
    case "uuid":
      return typeof value === "string" && UUID.test(value) ? undefined : `${where} is not a UUID`;
    case "object":
      return isObject(value) ? undefined : `${where} is not an object`;
    case "strings":
      return Array.isArray(value) && value.every((item) => typeof item === "string") ? undefined : `${where} is not a list of strings`;
    default:
      return typeof value === member ? undefined : `${where} is not a ${member}`;
  }
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
