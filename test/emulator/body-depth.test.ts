/**
 * Deeply nested request bodies (docs/decisions.md, "Emulator input bounds"):
 * every endpoint that takes a body answers 400 naming the depth limit when
 * the body nests deeper than MAX_BODY_DEPTH, its usual answer otherwise,
 * never a 500, and the emulator keeps answering. Nesting from 1 to 100,000
 * levels of arrays, objects and mixes, with decoy brackets inside strings.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_DEPTH, SEED_IDS } from "../../src/emulator/index.js";
import { nestsDeeperThan } from "../../src/emulator/json-depth.js";
import { startHarness, type Harness } from "./helpers.js";

const SANDBOX = SEED_IDS.sandboxEnvironment;
const POLICY = `/environments/${SANDBOX}/screeningPolicies/vendorAWalletScreening/SIGN_IN`;
const ADDRESSES = `/environments/${SANDBOX}/screeningAddressEntries/vendorAWalletScreening`;
const WEBHOOK = `/environments/${SANDBOX}/webhooks/${SEED_IDS.sandboxWebhook}`;
const TOO_DEEP = `the request body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep`;

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ seed: { catalogSize: 50 } });
});
afterAll(() => harness.close());

type Kind = "arrays" | "objects" | "mixed";

/** `levels` nested arrays and objects, innermost a number; `mixed` picks each level from `seed`. */
function nested(levels: number, kind: Kind, seed: number): string {
  let state = seed >>> 0;
  const opens: string[] = [];
  const closes: string[] = [];
  for (let level = 0; level < levels; level++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    const object = kind === "objects" || (kind === "mixed" && (state & 0x10000) !== 0);
    opens.push(object ? '{"k":' : "[");
    closes.push(object ? "}" : "]");
  }
  return `${opens.join("")}0${closes.reverse().join("")}`;
}

/** A JSON string full of brackets and escaped quotes: never nesting, whatever it looks like. */
function decoy(length: number): string {
  return JSON.stringify(`\\"[{`.repeat(Math.ceil(length / 4)).slice(0, length));
}

const nesting = fc.record({
  levels: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: MAX_BODY_DEPTH + 4 }) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 100_000 }) },
    { weight: 2, arbitrary: fc.constantFrom(MAX_BODY_DEPTH - 2, MAX_BODY_DEPTH - 1, MAX_BODY_DEPTH, MAX_BODY_DEPTH + 1, 5_000, 10_000, 100_000) },
  ),
  kind: fc.constantFrom<Kind>("arrays", "objects", "mixed"),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
  decoy: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000 })),
  /** Whether the nesting is the whole body rather than one member of it. */
  atRoot: fc.boolean(),
});

interface Endpoint {
  name: string;
  send(body: string): Promise<{ status: number; json: unknown }>;
  /** The body with `value` as a member and `note` beside it, and how many levels the body adds above `value`. */
  body(value: string, note: string): { text: string; above: number };
  /** The answer to a body within the limit: the status, and for a 400 that it is the endpoint's own. */
  shallow: number;
  /** Undoes what a successful request did, so every run starts alike. */
  reset?(): Promise<void>;
}

async function livePolicyRevision(): Promise<number> {
  return ((await harness.raw("GET", POLICY)).json as { revision: number }).revision;
}

function admin(path: string): (body: string) => Promise<{ status: number; json: unknown }> {
  return async (body) => {
    const response = await fetch(`${harness.running.adminUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });
    const text = await response.text();
    return { status: response.status, json: text === "" ? undefined : (JSON.parse(text) as unknown) };
  };
}

const TOKEN = '{"chain":"EVM","contractAddress":"0x00000000000000000000000000000000000000cc","decimals":18,"name":"Deep","networkId":1,"symbol":"DEEP","tokenId":"deep-token"';

const endpoints: Endpoint[] = [
  {
    name: "PUT policy",
    send: (body) => harness.raw("PUT", POLICY, { body }),
    body: (value, note) => ({ text: `{"revision":${revision},"schemaVersion":1,"enabled":true,"note":${note},"rules":${value}}`, above: 1 }),
    shallow: 400,
  },
  {
    name: "PUT address entries",
    send: (body) => harness.raw("PUT", ADDRESSES, { body }),
    body: (value, note) => ({ text: `{"revision":${addressRevision},"note":${note},"entries":${value}}`, above: 1 }),
    shallow: 400,
  },
  {
    name: "PUT webhook",
    send: (body) => harness.raw("PUT", WEBHOOK, { body }),
    body: (value, note) => ({ text: `{"url":"https://hooks.example.com/deep","isEnabled":true,"note":${note},"events":${value}}`, above: 1 }),
    shallow: 400,
  },
  {
    name: "PUT invite",
    send: (body) => harness.raw("PUT", `/invites/${inviteId}`, { body }),
    // The invite's own status again: a no-op 200 that ignores other members.
    body: (value, note) => ({ text: `{"status":"${inviteStatus}","note":${note},"extra":${value}}`, above: 1 }),
    shallow: 200,
  },
  {
    name: "POST /__emulator/faults",
    send: admin("/faults"),
    body: (value, note) => ({ text: `{"route":"DELETE /users/{userId}/mfa","kind":"500","note":${note},"extra":${value}}`, above: 1 }),
    shallow: 201,
    reset: async () => {
      await fetch(`${harness.running.adminUrl}/faults`, { method: "DELETE" });
    },
  },
  {
    name: "POST /__emulator/catalog",
    send: admin("/catalog"),
    body: (value, note) => ({ text: `{"note":${note},"upsert":[${TOKEN},"extra":${value}}]}`, above: 3 }),
    shallow: 200,
  },
];

let revision = 0;
let addressRevision = 0;
let inviteId = "";
let inviteStatus = "";
beforeAll(async () => {
  revision = await livePolicyRevision();
  addressRevision = ((await harness.raw("GET", ADDRESSES)).json as { revision: number }).revision;
  const invite = ((await harness.state()).invites as Array<{ id: string; environmentId: string; status: string }>).find((candidate) => candidate.environmentId === SANDBOX)!;
  inviteId = invite.id;
  inviteStatus = invite.status;
});

async function stillAnswers(): Promise<void> {
  expect((await fetch(`${harness.running.adminUrl}/health`)).status).toBe(200);
  expect((await harness.raw("GET", `/environments/${SANDBOX}`)).status).toBe(200);
}

describe("request bodies nested deeper than the limit", () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.name}: 400 naming the limit when too deep, its usual answer otherwise, never 500`, async () => {
      await fc.assert(
        fc.asyncProperty(nesting, async ({ levels, kind, seed, decoy: decoyLength, atRoot }) => {
          const value = nested(levels, kind, seed);
          const note = decoy(decoyLength);
          const { text, above } = atRoot ? { text: value, above: 0 } : endpoint.body(value, note);
          const { status, json } = await endpoint.send(text);
          const error = (json as { error?: unknown } | undefined)?.error;
          expect(status, `${levels} levels of ${kind}`).not.toBe(500);
          if (levels + above > MAX_BODY_DEPTH) {
            expect(status).toBe(400);
            expect(error).toEqual(expect.stringContaining(TOO_DEEP));
          } else {
            // A whole body of nested junk is refused, or (an object without the members an admin endpoint reads) a no-op.
            if (atRoot) expect([400, endpoint.shallow]).toContain(status);
            else expect(status).toBe(endpoint.shallow);
            if (status === 400) expect(error).toEqual(expect.not.stringContaining(TOO_DEEP));
          }
          await endpoint.reset?.();
        }),
        { numRuns: 30 },
      );
      await stillAnswers();
    });
  }

  it("the limit itself: exactly MAX_BODY_DEPTH levels pass the scan, one more is refused", async () => {
    const [invite] = endpoints.filter((endpoint) => endpoint.name === "PUT invite");
    const within = await invite!.send(invite!.body(nested(MAX_BODY_DEPTH - 1, "mixed", 7), '"x"').text);
    expect(within.status).toBe(200);
    const beyond = await invite!.send(invite!.body(nested(MAX_BODY_DEPTH, "mixed", 7), '"x"').text);
    expect(beyond).toMatchObject({ status: 400, json: { error: expect.stringContaining(TOO_DEEP) } });
    await stillAnswers();
  });
});

describe("the depth scan of JSON text", () => {
  /** The nesting of a parsed value, the outermost array or object being level 1. */
  function depthOf(value: unknown): number {
    let deepest = 0;
    const stack: Array<[unknown, number]> = [[value, 0]];
    while (stack.length > 0) {
      const [node, depth] = stack.pop()!;
      if (typeof node !== "object" || node === null) continue;
      deepest = Math.max(deepest, depth + 1);
      for (const child of Object.values(node)) stack.push([child, depth + 1]);
    }
    return deepest;
  }

  it("agrees with the parsed value's depth for any JSON, brackets and escaped quotes in strings included", () => {
    const tricky = fc.constantFrom('"', "\\", "[", "]", "{", "}", '\\"', "a");
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.string({ unit: tricky }),
        fc.integer(),
        fc.array(tie("value"), { maxLength: 3 }),
        fc.dictionary(fc.string({ unit: tricky, maxLength: 4 }), tie("value"), { maxKeys: 3 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 12 }), (value, limit) => {
        const text = JSON.stringify(value);
        expect(nestsDeeperThan(text, limit)).toBe(depthOf(JSON.parse(text)) > limit);
      }),
      { numRuns: 2_000 },
    );
  });
});
