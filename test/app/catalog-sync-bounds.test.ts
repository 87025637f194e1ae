/**
 * Catalog sync and diff against a hostile service (docs/decisions.md, Catalog
 * sync bounds): pages that never end, pages larger than asked, values the meta
 * cannot keep, and the API token echoed back. Each ends in one line, the
 * snapshot untouched and no temporary left behind.
 */
import { createSecretRedactor } from "../../src/core/secret-redactor.js";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { diffCatalog, syncCatalog } from "../../src/app/catalog.js";
import { compareKeys, snapshotKey, tokenLine } from "../../src/core/catalog-snapshot.js";
import type { CatalogToken } from "../../src/core/catalog.js";
import { RemoteError } from "../../src/remote/index.js";
import { readSnapshot } from "../../src/workspace/catalog-store.js";
import { catalogOf, endlessCatalog, HOSTILE_TOKEN, tokenAt, useHostileCatalog, type HostileCatalog } from "./hostile-catalog.js";

const context = useHostileCatalog();

const sync = (options: { limit?: number; maxTokens?: number; maxSeconds?: number } = {}) =>
  syncCatalog({ client: context.service.client(), paths: context.repo.paths, source: context.service.baseUrl, secrets: createSecretRedactor([HOSTILE_TOKEN]), limit: options.limit ?? 100, maxTokens: options.maxTokens, maxSeconds: options.maxSeconds });

async function errorOf(promise: Promise<unknown>): Promise<RemoteError> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof RemoteError)) throw error;
    return error;
  }
  throw new Error("expected a remote failure");
}

/** A sane snapshot to keep, and a way to check it was kept byte for byte with nothing beside it. */
async function keptSnapshot(): Promise<() => void> {
  await sync();
  context.service.requests.length = 0;
  const before = { tokens: readFileSync(context.repo.paths.tokens, "utf8"), meta: readFileSync(context.repo.paths.meta, "utf8") };
  return () => {
    expect({ tokens: readFileSync(context.repo.paths.tokens, "utf8"), meta: readFileSync(context.repo.paths.meta, "utf8") }).toEqual(before);
    expect(readdirSync(context.repo.paths.dir).sort()).toEqual(["tokens.json", "tokens.meta.json"]);
  };
}

describe("catalog sync: bounds", () => {
  it("pages that never end, each with a fresh cursor: --max-tokens ends the read with one line; the snapshot stands, no temporary is left", async () => {
    const unchanged = await keptSnapshot();
    context.service.answer = endlessCatalog();
    const error = await errorOf(sync({ maxTokens: 500 }));
    expect(error.message).toBe(
      "GET token catalog: more than 500 tokens (--max-tokens) after 6 pages; raise --max-tokens if the catalog is really that large; catalog/tokens.json left unchanged",
    );
    expect(context.service.requests).toHaveLength(6);
    unchanged();
  });

  it("pages that never end, slowly: the total time bound ends the read; the snapshot stands, no temporary is left", async () => {
    const unchanged = await keptSnapshot();
    const endless = endlessCatalog();
    context.service.answer = async (query) => {
      await new Promise((resolve) => setTimeout(resolve, 25));
      return endless(query);
    };
    const error = await errorOf(sync({ maxSeconds: 1 }));
    expect(error.message).toMatch(/^GET token catalog: not complete after 1 s \(--max-seconds\) and \d+ requests; raise --max-seconds if the service is really that slow; catalog\/tokens.json left unchanged$/);
    expect(error.kind).toBe("network");
    unchanged();
  });

  it("a page holding more tokens than the limit asked for is an invalid response; a first sync leaves no folder behind", async () => {
    const sane = catalogOf(1000);
    context.service.answer = (query) => {
      const answer = sane(query);
      if (query.n === 2) (answer.body as { tokens: unknown[] }).tokens.push(tokenAt(5000));
      return answer;
    };
    const error = await errorOf(sync());
    expect(error.message).toBe("GET token catalog: invalid response: page 2 holds 101 tokens for limit=100 (admin-api.md, Limits); catalog/tokens.json left unchanged");
    expect(error.kind).toBe("invalidResponse");
    expect(context.service.requests).toHaveLength(2);
    expect(existsSync(context.repo.paths.dir)).toBe(false);
  });

  it("a page of 20,000 tokens for limit=100 is refused at that page", async () => {
    const unchanged = await keptSnapshot();
    context.service.answer = () => ({ etag: '"big"', body: { tokens: Array.from({ length: 20_000 }, (_, i) => tokenAt(i)), nextCursor: "more", version: "v-big" } });
    const error = await errorOf(sync());
    expect(error.message).toBe("GET token catalog: invalid response: page 1 holds 20000 tokens for limit=100 (admin-api.md, Limits); catalog/tokens.json left unchanged");
    expect(context.service.requests).toHaveLength(1);
    unchanged();
  });
});

describe("catalog sync: values the meta could not keep", () => {
  it("an ETag longer than 4,096 characters: invalid response, nothing saved; the next sync against a sane server works", async () => {
    const sane = catalogOf(10);
    context.service.answer = (query) => ({ ...sane(query), etag: `"${"x".repeat(5000)}"` });
    const error = await errorOf(sync());
    expect(error.message).toBe("GET token catalog first page: invalid response: the ETag is 5002 characters long; at most 4096 can be saved and sent back; catalog/tokens.json left unchanged");
    expect(context.service.requests).toHaveLength(1);
    expect(existsSync(context.repo.paths.dir)).toBe(false);

    context.service.answer = catalogOf(10);
    expect(await sync()).toMatchObject({ outcome: "updated", tokens: 10 });
    context.service.requests.length = 0;
    expect(await sync()).toMatchObject({ outcome: "unchanged", firstStatus: 304, requests: 1 });
  });

  it("a meta saved with an over-long ETag (by an older screenpol) is not used for polling: the next sync reads the catalog again instead of failing", async () => {
    await sync();
    const meta = JSON.parse(readFileSync(context.repo.paths.meta, "utf8"));
    writeFileSync(context.repo.paths.meta, `${JSON.stringify({ ...meta, etag: `"${"y".repeat(5000)}"` }, null, 2)}\n`);
    context.service.requests.length = 0;
    const result = await sync();
    expect(result).toMatchObject({ outcome: "updated", tokens: 10, previousVersion: null });
    expect(result.metaProblem).toBe("catalog/tokens.meta.json is not a snapshot meta record this screenpol reads");
    expect(context.service.requests[0]!.ifNoneMatch).toBeUndefined();
    expect(JSON.parse(readFileSync(context.repo.paths.meta, "utf8")).etag).toBe(meta.etag);
  });

  it("a version with control characters is an invalid response, nothing saved", async () => {
    context.service.answer = catalogOf(10, "v\u001b[31mred");
    const error = await errorOf(sync());
    expect(error.message).toBe("GET token catalog first page: invalid response: the version holds characters other than visible ASCII; catalog/tokens.json left unchanged");
    expect(existsSync(context.repo.paths.dir)).toBe(false);
  });
});

describe("catalog sync: the API token echoed in a success body", () => {
  const cases: Array<[string, (query: Parameters<HostileCatalog["answer"]>[0]) => ReturnType<ReturnType<typeof catalogOf>>, string]> = [
    [
      "a token's name on page 2",
      (query) => {
        const answer = catalogOf(300)(query);
        if (query.n === 2) (answer.body as { tokens: Array<Record<string, unknown>> }).tokens[7]!.name = `leaked ${HOSTILE_TOKEN}`;
        return answer;
      },
      "GET token catalog: invalid response: page 2 echoes the API token in a token's fields; refused rather than written; catalog/tokens.json left unchanged",
    ],
    [
      "a token's logoURI, base64-encoded as in a Basic header",
      (query) => {
        const answer = catalogOf(10)(query);
        (answer.body as { tokens: Array<Record<string, unknown>> }).tokens[3]!.logoURI = `https://cdn.example/${Buffer.from(`user:${HOSTILE_TOKEN}`).toString("base64")}.png`;
        return answer;
      },
      "GET token catalog: invalid response: page 1 echoes the API token in a token's fields; refused rather than written; catalog/tokens.json left unchanged",
    ],
    [
      "the version",
      catalogOf(10, `v-${HOSTILE_TOKEN}`),
      "GET token catalog first page: invalid response: the version echoes the API token; refused rather than saved; catalog/tokens.json left unchanged",
    ],
    [
      "the ETag header",
      (query) => ({ ...catalogOf(10)(query), etag: `W/"${HOSTILE_TOKEN}"` }),
      "GET token catalog first page: invalid response: the ETag echoes the API token; refused rather than saved; catalog/tokens.json left unchanged",
    ],
  ];

  it.each(cases)("in %s: refused with one line, nothing written (not even redacted)", async (_where, answer, message) => {
    context.service.answer = answer;
    const error = await errorOf(sync());
    expect(error.message).toBe(message);
    expect(error.message).not.toContain(HOSTILE_TOKEN);
    expect(existsSync(context.repo.paths.dir)).toBe(false);
  });

  it("in a 304's ETag: refused, the snapshot stands", async () => {
    const unchanged = await keptSnapshot();
    context.service.answer = () => ({ status: 304, etag: `"${HOSTILE_TOKEN}"` });
    const error = await errorOf(sync());
    expect(error.message).toBe("GET token catalog first page: invalid response: the ETag echoes the API token; refused rather than saved; catalog/tokens.json left unchanged");
    unchanged();
  });

  it("catalog diff refuses it too: nothing of it reaches the differences", async () => {
    await sync();
    context.service.answer = (query) => {
      const answer = catalogOf(20, "v-sane-2")(query);
      (answer.body as { tokens: Array<Record<string, unknown>> }).tokens[15]!.symbol = HOSTILE_TOKEN;
      return answer;
    };
    const error = await errorOf(diffCatalog({ client: context.service.client(), paths: context.repo.paths, source: context.service.baseUrl, secrets: createSecretRedactor([HOSTILE_TOKEN]) }));
    expect(error.message).toBe("GET token catalog: invalid response: page 1 echoes the API token in a token's fields; refused rather than written");
  });
});

describe("catalog sync: pages stream to disk", () => {
  /** 45,000 tokens served from the highest identity down, then 500 repeats of earlier tokens under other names. */
  const SIZE = 45_000;
  const DUPLICATES = 500;
  const served = (n: number): Array<Record<string, unknown>> => {
    const start = (n - 1) * 100;
    if (start < SIZE) return Array.from({ length: 100 }, (_, i) => tokenAt(SIZE - 1 - (start + i)));
    return Array.from({ length: 100 }, (_, i) => tokenAt(start - SIZE + i, { name: "a later duplicate" }));
  };
  const PAGES = (SIZE + DUPLICATES) / 100;

  it("spools tokens beside the snapshot while the pages arrive, then writes them sorted, the first of each identity kept", async () => {
    let spooledDuringRead = false;
    context.service.answer = ({ n }) => {
      if (n === PAGES) spooledDuringRead = readdirSync(context.repo.paths.dir).some((name) => name.startsWith(".tokens.json.") && name.endsWith(".tmp"));
      return { etag: `"p${n}"`, body: { tokens: served(n), nextCursor: n < PAGES ? `c${n}` : null, version: "v-stream" } };
    };
    const result = await sync();
    expect(result).toMatchObject({ outcome: "updated", tokens: SIZE, duplicates: DUPLICATES, pages: PAGES, requests: PAGES });
    expect(spooledDuringRead).toBe(true);
    const expected = Array.from({ length: SIZE }, (_, i) => tokenAt(i) as unknown as CatalogToken)
      .map((token) => [snapshotKey(token), tokenLine(token)] as const)
      .sort((a, b) => compareKeys(a[0], b[0]))
      .map(([, line]) => line);
    expect(readFileSync(context.repo.paths.tokens, "utf8")).toBe(`[\n${expected.join(",\n")}\n]\n`);
    const snapshot = await readSnapshot(context.repo.paths);
    expect(snapshot.status === "ok" && snapshot.meta?.tokenCount).toBe(SIZE);
    expect(readdirSync(context.repo.paths.dir).sort()).toEqual(["tokens.json", "tokens.meta.json"]);
  });

  it("catalog diff stays bounded too, and leaves no scratch folder behind", async () => {
    await sync();
    const scratch = () => readdirSync(tmpdir()).filter((name) => name.startsWith("screenpol-catalog-diff-")).length;
    const before = scratch();
    context.service.answer = endlessCatalog();
    const error = await errorOf(diffCatalog({ client: context.service.client(), paths: context.repo.paths, source: context.service.baseUrl, maxTokens: 300 }));
    expect(error.message).toBe("GET token catalog: more than 300 tokens (--max-tokens) after 4 pages; raise --max-tokens if the catalog is really that large");
    expect(scratch()).toBe(before);
  });
});
