/**
 * A loaded state file is held to the same bounds as the flags and bodies that
 * produce one (docs/decisions.md, "Emulator input bounds"): every number and
 * shape is checked before anything is served, and a bad file is refused with
 * one line naming the field and its bound (exit 2 from the CLI).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATALOG_SIZE_RANGE, createEmulator, MAX_STATE_DEPTH, SEED_IDS, type EmulatorState } from "../../src/emulator/index.js";
import { describeRange, EDITABLE_REVISION_RANGE, MFA_DEVICE_COUNT_RANGE, NETWORK_ID_RANGE, REVISION_RANGE, TOKEN_DECIMALS_RANGE, type IntegerRange } from "../../src/emulator/bounds.js";
import { createSeedState } from "../../src/emulator/seed.js";
import { parseState } from "../../src/emulator/state-file.js";
import { runCli } from "../helpers/run-cli.js";
import { rejectionOf, startHarness, useTempStatePath } from "./helpers.js";

const temp = useTempStatePath();

const UPSERT = { chain: "EVM", contractAddress: "0x00000000000000000000000000000000000000dd", decimals: 18, name: "Bound", networkId: 1, symbol: "BND", tokenId: "bound-token" };

/** A valid state as the emulator writes it, with one catalog upsert so its numbers exist too. */
function validState(): EmulatorState {
  const state = createSeedState({ catalogSize: 50 });
  state.catalog.upserts.push({ ...UPSERT });
  return state;
}

type Path = ReadonlyArray<string | number>;

function withValue(path: Path, value: unknown): EmulatorState {
  const state = validState() as unknown as Record<string | number, unknown>;
  let node = state;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return state as unknown as EmulatorState;
}

function fieldName(path: Path): string {
  return path.map((key, index) => (typeof key === "number" ? `[${key}]` : index === 0 ? key : `.${key}`)).join("");
}

/** Every number of the state file, with the bound it is held to (as the message words it). */
const NUMERIC_FIELDS: ReadonlyArray<{ path: Path; bound: string; range?: IntegerRange }> = [
  { path: ["catalog", "size"], bound: describeRange(CATALOG_SIZE_RANGE), range: CATALOG_SIZE_RANGE },
  { path: ["policies", 0, "revision"], bound: describeRange(REVISION_RANGE), range: REVISION_RANGE },
  { path: ["policies", 0, "schemaVersion"], bound: "one of 1, 2" },
  { path: ["addressEntries", 0, "revision"], bound: describeRange(REVISION_RANGE), range: REVISION_RANGE },
  { path: ["users", 0, "_mfaDeviceCount"], bound: describeRange(MFA_DEVICE_COUNT_RANGE), range: MFA_DEVICE_COUNT_RANGE },
  { path: ["catalog", "upserts", 0, "decimals"], bound: describeRange(TOKEN_DECIMALS_RANGE), range: TOKEN_DECIMALS_RANGE },
  { path: ["catalog", "upserts", 0, "networkId"], bound: describeRange(NETWORK_ID_RANGE), range: NETWORK_ID_RANGE },
];

/** Values outside `range` (or, without one, anything but 1 and 2): too big, too small, fractional, not numbers. */
function outside(range: IntegerRange | undefined): fc.Arbitrary<unknown> {
  const notNumbers = fc.constantFrom<unknown>(null, true, "1", [], {});
  const fractions = fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((value) => !Number.isInteger(value));
  const unsafe = fc.constantFrom(2 ** 53, 1e21, 1e300, -(2 ** 53));
  if (range === undefined) return fc.oneof(notNumbers, fractions, unsafe, fc.integer().filter((value) => value !== 1 && value !== 2));
  const options: Array<fc.Arbitrary<unknown>> = [notNumbers, fractions, unsafe];
  if (range.max < Number.MAX_SAFE_INTEGER) options.push(fc.integer({ min: range.max + 1, max: Number.MAX_SAFE_INTEGER }));
  if (range.min > Number.MIN_SAFE_INTEGER) options.push(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: range.min - 1 }));
  return fc.oneof(...options);
}

const badNumber = fc.constantFrom(...NUMERIC_FIELDS).chain((field) => fc.tuple(fc.constant(field), outside(field.range)));

function refusal(text: string): string {
  try {
    parseState(text, temp.statePath);
  } catch (error) {
    expect(error).toMatchObject({ name: "EmulatorError" });
    return (error as Error).message;
  }
  throw new Error(`the state was accepted: ${text.slice(0, 200)}`);
}

describe("a state file's numbers", () => {
  it("a number out of its bound is refused in one line naming the field and the bound (in-process loader); its edges load", () => {
    expect(() => parseState(JSON.stringify(validState()), temp.statePath)).not.toThrow();
    for (const { path, range } of NUMERIC_FIELDS) {
      for (const edge of range ? [range.min, range.max] : [1, 2]) {
        expect(() => parseState(JSON.stringify(withValue(path, edge)), temp.statePath), `${fieldName(path)} = ${edge}`).not.toThrow();
      }
    }
    fc.assert(
      fc.property(badNumber, ([field, value]) => {
        const message = refusal(JSON.stringify(withValue(field.path, value)));
        expect(message).toContain(`${fieldName(field.path)} is`);
        expect(message).toContain(field.bound);
        expect(message).toContain(temp.statePath);
        expect(message).not.toContain("\n");
      }),
      { numRuns: 300 },
    );
  });

  it("catalog.size of 1e9, or 1e400 (Infinity once parsed), is refused at load: the --catalog-size bound", async () => {
    for (const size of ["1000000000", "1e400", String(CATALOG_SIZE_RANGE.max + 1)]) {
      const text = JSON.stringify(validState()).replace(/"size":\d+/, `"size":${size}`);
      writeFileSync(temp.statePath, text);
      const error = await rejectionOf(createEmulator({ statePath: temp.statePath }));
      expect(error).toMatchObject({ name: "EmulatorError" });
      expect((error as Error).message).toContain(`catalog.size is`);
      expect((error as Error).message).toContain(`not an integer from 0 to ${CATALOG_SIZE_RANGE.max}`);
      expect(readFileSync(temp.statePath, "utf8")).toBe(text);
    }
  });

  it("catalog lists longer than the catalog bound are refused", () => {
    const removed = withValue(["catalog", "removed"], Array.from({ length: CATALOG_SIZE_RANGE.max + 1 }, (_, index) => `t${index}`));
    expect(refusal(JSON.stringify(removed))).toContain(`catalog.removed holds ${CATALOG_SIZE_RANGE.max + 1} entries, more than ${CATALOG_SIZE_RANGE.max}`);
  });
});

describe("a state file's shapes", () => {
  /** Members the handlers read, with a value of the wrong type or outside their enumeration. */
  const SHAPES: ReadonlyArray<{ path: Path; values: readonly unknown[] }> = [
    { path: ["environments", 0, "kind"], values: ["production", 1, null] },
    { path: ["environments", 0, "createdAt"], values: [1, null, {}] },
    { path: ["policies", 0, "providerType"], values: ["sanctionsProvider", 1] },
    { path: ["policies", 0, "scope"], values: ["BOTH", null] },
    { path: ["policies", 0, "updatedAt"], values: [0, []] },
    { path: ["addressEntries", 0, "entries", 0, "scope"], values: ["EVERYWHERE", 2] },
    { path: ["addressEntries", 0, "entries", 0, "action"], values: ["ALERT"] },
    { path: ["addressEntries", 0, "entries", 0, "expiresAt"], values: [1_700_000_000, null] },
    { path: ["addressEntries", 0, "entries", 0], values: ["0xabc", 3] },
    { path: ["webhooks", 0, "events"], values: [[1], "user.created", [null]] },
    { path: ["webhooks", 0, "secret"], values: [1, null] },
    { path: ["webhooks", 0, "enabledAt"], values: [1, false] },
    { path: ["users", 0, "_sanctionsBlocked"], values: ["yes", 1] },
    { path: ["users", 0, "record", "email"], values: [1, null] },
    { path: ["invites", 0, "status"], values: ["declined", 1] },
    { path: ["invites", 0, "_outcome"], values: ["explode"] },
    { path: ["catalog", "upserts", 0, "logoURI"], values: [1, []] },
    { path: ["catalog", "upserts", 0], values: ["bound-token", null] },
  ];

  it("a member of the wrong type or value is refused in one line naming it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHAPES).chain(({ path, values }) => fc.tuple(fc.constant(path), fc.constantFrom(...values))), ([path, value]) => {
        const message = refusal(JSON.stringify(withValue(path, value)));
        expect(message).toContain(fieldName(path));
        expect(message).not.toContain("\n");
      }),
      { numRuns: 100 },
    );
  });

  it("nesting deeper than the bound is refused before anything walks it; the deepest state a body can make loads", async () => {
    const nest = (levels: number): string => `${"[".repeat(levels)}${"]".repeat(levels)}`;
    const rules = (levels: number): string => JSON.stringify(validState()).replace(/"rules":\{/, `"rules":{"deep":${nest(levels)},`);
    // policies[0].rules.deep: the state, the list, the policy and rules are four levels above it.
    expect(() => parseState(rules(MAX_STATE_DEPTH - 4), temp.statePath)).not.toThrow();
    for (const levels of [MAX_STATE_DEPTH - 3, 5_000, 100_000]) {
      writeFileSync(temp.statePath, rules(levels));
      const error = await rejectionOf(createEmulator({ statePath: temp.statePath }));
      expect(error).toMatchObject({ name: "EmulatorError" });
      expect((error as Error).message).toContain(`more than ${MAX_STATE_DEPTH} levels deep`);
    }
  });
});

describe("screenpol emulator --state with a bad state file", () => {
  it("each numeric field, a generated bad value: one line on stderr, exit 2, the field and bound named, nothing served", async () => {
    const samples = fc.sample(badNumber, { numRuns: 200, seed: 107 });
    for (const field of NUMERIC_FIELDS) {
      const [, value] = samples.find(([candidate]) => candidate === field) ?? [field, null];
      const file = join(temp.dir, `${fieldName(field.path).replace(/\W+/g, "-")}.json`);
      writeFileSync(file, JSON.stringify(withValue(field.path, value)));
      const run = await runCli(["emulator", "--state", file, "--port", "0"], { cwd: temp.dir, timeoutMs: 10_000 });
      const what = `${fieldName(field.path)} = ${JSON.stringify(value)}`;
      expect(run.code, what).toBe(2);
      expect(run.stdout, what).toBe("");
      expect(run.stderr.trimEnd().split("\n"), what).toHaveLength(1);
      expect(run.stderr, what).toContain(`${fieldName(field.path)} is`);
      expect(run.stderr, what).toContain(field.bound);
    }
  }, 120_000);
});

describe("the admin catalog endpoint keeps the catalog within the state file's bound", () => {
  it("refuses a change that would record more removed ids than the bound", async () => {
    const harness = await startHarness({ seed: { catalogSize: 50 } });
    try {
      const post = (remove: string[]): Promise<Response> =>
        fetch(`${harness.running.adminUrl}/catalog`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ remove }) });
      const batch = 50_000;
      let sent = 0;
      while (sent + batch <= CATALOG_SIZE_RANGE.max) {
        const ids = Array.from({ length: batch }, (_, index) => `gone-${sent + index}`);
        expect((await post(ids)).status).toBe(200);
        sent += batch;
      }
      const over = await post(["one-too-many"]);
      expect(over.status).toBe(400);
      expect(((await over.json()) as { error: string }).error).toContain(`more than ${CATALOG_SIZE_RANGE.max}`);
      expect(((await harness.state()).catalog as { removed: string[] }).removed).toHaveLength(CATALOG_SIZE_RANGE.max);
    } finally {
      await harness.close();
    }
  }, 60_000);
});

describe("an edit never stores a revision the state file refuses", () => {
  it("a policy at the largest revision loads and is served, but refuses an edit with 400 naming the bound; the file still loads", async () => {
    const state = validState();
    const policy = state.policies.find((candidate) => candidate.environmentId === SEED_IDS.sandboxEnvironment)!;
    policy.revision = Number.MAX_SAFE_INTEGER;
    writeFileSync(temp.statePath, JSON.stringify(state));
    const path = `/environments/${policy.environmentId}/screeningPolicies/${policy.providerType}/${policy.scope}`;
    const harness = await startHarness({ statePath: temp.statePath });
    try {
      expect((await harness.raw("GET", path)).json).toMatchObject({ revision: Number.MAX_SAFE_INTEGER });
      const { schemaVersion, rules, enabled } = policy;
      const edit = await harness.raw("PUT", path, { body: JSON.stringify({ revision: Number.MAX_SAFE_INTEGER, schemaVersion, rules, enabled: !enabled }) });
      expect(edit.status).toBe(400);
      expect(edit.json).toEqual({ error: expect.stringContaining(`revision must be ${describeRange(EDITABLE_REVISION_RANGE)}`) });
    } finally {
      await harness.close();
    }
    const again = await createEmulator({ statePath: temp.statePath });
    await again.close();
  });
});
