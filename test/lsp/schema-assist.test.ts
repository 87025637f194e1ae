/**
 * Completion and hover from the file's own vendor's schema (issue 28, items 5
 * and 7): the keys, enum values and categories of schemas/policy-<vendor>-v2,
 * never the other vendor's; token references from the catalog snapshot;
 * environment names of the config in a test file. The expected values are read
 * from the schema files and the snapshot themselves.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLspClient, uriOf, type LspClient } from "../helpers/lsp-client.js";
import { PROJECT_ROOT } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const TEST_FILE = "tests/sandbox/vendorAWalletScreening/TRANSACTION.test.yaml";

type Schema = { definitions: Record<string, { enum?: string[]; description?: string; properties?: Record<string, { description?: string }> }> };
const schemaOf = (vendor: string): Schema => JSON.parse(readFileSync(join(PROJECT_ROOT, `schemas/policy-${vendor}-v2.schema.json`), "utf8")) as Schema;
const vendorA = schemaOf("vendorAWalletScreening");
const vendorB = schemaOf("vendorBAddressScreening");

let repo: TempRepo;
let client: LspClient;
let opened = 0;

beforeAll(async () => {
  repo = makeTempRepo({ extra: ["catalog", "tests"] });
  client = await startLspClient(repo.dir);
});

afterAll(async () => {
  await client?.stop();
  repo?.remove();
});

/** `text` as the buffer of `file` (opened afresh), and the labels completion offers at `line` (0-based) and `character`. */
async function completions(file: string, text: string, line: number, character: number): Promise<Array<{ label: string; insertText?: string }>> {
  const path = join(repo.dir, file);
  if (opened++ > 0) await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri: uriOf(path) } });
  client.open(path, text);
  await client.settle(path);
  return client.connection.sendRequest("textDocument/completion", { textDocument: { uri: uriOf(path) }, position: { line, character } });
}

async function hover(file: string, text: string, line: number, character: number): Promise<string | undefined> {
  const path = join(repo.dir, file);
  await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri: uriOf(path) } });
  client.open(path, text);
  await client.settle(path);
  const answer = await client.connection.sendRequest<{ contents: { value: string } } | null>("textDocument/hover", { textDocument: { uri: uriOf(path) }, position: { line, character } });
  return answer?.contents.value;
}

/** The text with `line` inserted after the first line holding `after`; the new line's 0-based index. */
function withLine(text: string, after: string, line: string): { text: string; at: number } {
  const lines = text.split("\n");
  const at = lines.findIndex((candidate) => candidate.includes(after)) + 1;
  expect(at).toBeGreaterThan(0);
  lines.splice(at, 0, line);
  return { text: lines.join("\n"), at };
}

const policyText = (): string => readFileSync(join(repo.dir, POLICY), "utf8");

describe("completion by the file's vendor", () => {
  it("offers vendorA's condition keys in a vendorA rule's when, and none of vendorB's", async () => {
    const { text, at } = withLine(policyText(), "riskScore: { gte: 8.5 }", "        ");
    const labels = (await completions(POLICY, text, at, 8)).map((item) => item.label);
    expect(labels.sort()).toEqual(Object.keys(vendorA.definitions.when!.properties!).sort());
    for (const key of Object.keys(vendorB.definitions.when!.properties!).filter((key) => key !== "anyOf")) expect(labels).not.toContain(key);
  });

  it("offers vendorA's categories inside an exposure condition, none of vendorB's, and the directions after direction:", async () => {
    const line = "        exposure: { category: ";
    const { text, at } = withLine(policyText(), "riskScore: { gte: 8.5 }", line);
    const labels = (await completions(POLICY, text, at, line.length)).map((item) => item.label);
    expect(labels).toEqual(vendorA.definitions.category!.enum);
    for (const category of vendorB.definitions.category!.enum!.filter((category) => !vendorA.definitions.category!.enum!.includes(category))) expect(labels).not.toContain(category);

    const direction = "        exposure: { category: mixer, direction: ";
    const second = withLine(policyText(), "riskScore: { gte: 8.5 }", direction);
    expect((await completions(POLICY, second.text, second.at, direction.length)).map((item) => item.label)).toEqual(["direct", "indirect", "any"]);
  });

  it("offers the actions after a rule's action:", async () => {
    const original = policyText();
    const actionLine = original.split("\n").findIndex((line) => line.includes("action: BLOCK"));
    const character = original.split("\n")[actionLine]!.indexOf("BLOCK");
    const text = original.replace("action: BLOCK", "action: ");
    expect((await completions(POLICY, text, actionLine, character)).map((item) => item.label)).toEqual(["BLOCK", "ALERT", "ALLOW"]);
  });

  it("offers each token of the catalog snapshot by symbol as a whole reference in preScreen.tokens", async () => {
    const { text, at } = withLine(policyText(), "    tokens:", "      - ");
    const items = await completions(POLICY, text, at, 8);
    const usdc = items.find((item) => item.label === "USDC" && item.insertText?.includes("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"));
    expect(usdc?.insertText).toBe('{ chain: EVM, networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" }');
    const catalog = JSON.parse(readFileSync(join(repo.dir, "catalog/tokens.json"), "utf8")) as unknown[] | { tokens: unknown[] };
    const tokens = Array.isArray(catalog) ? catalog : catalog.tokens;
    expect(items.filter((item) => item.insertText?.startsWith("{ chain:"))).toHaveLength(tokens.length);
    // And the keys of a reference.
    expect(items.map((item) => item.label)).toEqual(expect.arrayContaining(["chain", "networkId", "contractAddress"]));
  });

  it("offers the config's environments after a test file's environment:", async () => {
    const original = readFileSync(join(repo.dir, TEST_FILE), "utf8");
    const text = original.replace(/^environment: sandbox$/m, "environment: ");
    const line = text.split("\n").findIndex((candidate) => candidate === "environment: ");
    expect((await completions(TEST_FILE, text, line, "environment: ".length)).map((item) => item.label)).toEqual(["sandbox", "live"]);
  });
});

describe("hover by the file's vendor", () => {
  it("on a condition key says the vendor schema's description; on a category, the category's", async () => {
    const text = policyText();
    const lines = text.split("\n");
    const scoreLine = lines.findIndex((line) => line.includes("riskScore: { gte: 8.5 }"));
    expect(await hover(POLICY, text, scoreLine, lines[scoreLine]!.indexOf("riskScore") + 2)).toBe(`**riskScore** (vendorAWalletScreening)\n\n${vendorA.definitions.riskScore!.description}`);
    const mixerLine = lines.findIndex((line) => line.includes("category: mixer"));
    expect(await hover(POLICY, text, mixerLine, lines[mixerLine]!.indexOf("mixer") + 1)).toBe(`**mixer**: ${vendorA.definitions.category!.description}`);
  });

  it("on a token reference's contractAddress says its catalog entry", async () => {
    const text = policyText();
    const lines = text.split("\n");
    const at = lines.findIndex((line) => line.includes("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"));
    expect(await hover(POLICY, text, at, lines[at]!.indexOf("0xA0b8") + 4)).toBe("**USDC**: USD Coin\n\nEVM network 1, 6 decimals, tokenId d80a3b6d-5359-5f62-aa00-0ddff5d6c34a");
  });
});
