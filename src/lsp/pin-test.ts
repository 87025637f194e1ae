/**
 * "Add a test case pinning this decision" on a rule (issue 28, code actions):
 * a screening the rule decides, found among the small screenings its `when`
 * admits (core/rule-cover.ts examples, as shadowed-rule finds them), checked
 * with `decide` against the policy and its address entries as the editor has
 * them, and appended as a case to the policy's test file. Offered only when
 * `decide` says the rule takes that screening and the policy has a test file.
 * The case is written in flow style, one member a line; `Format document`
 * (fmt) puts it in the canonical form.
 */
import type { CodeAction } from "vscode-languageserver/node.js";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { EditorLint } from "../app/editor-workspace.js";
import { isRecord } from "../core/config.js";
import type { FileRole } from "../core/layout.js";
import { addressesPathOf } from "../core/layout.js";
import { examples, readWhen } from "../core/rule-cover.js";
import { decide } from "../core/semantics/decide.js";
import type { Screening } from "../core/semantics/signals.js";
import type { AddressEntryDocument, PolicyDocument } from "../core/semantics/subject.js";
import type { PlacedItem } from "./rules.js";
import { policyTests } from "./test-reach.js";

/** Addresses to screen, by chain family, that no sample or scaffold entry names. */
const ADDRESS_BY_CHAIN: Readonly<Record<string, string>> = {
  EVM: "0x000000000000000000000000000000000000dEaD",
  SOL: "11111111111111111111111111111111",
  BTC: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
};

export function pinTestAction(file: string, role: FileRole, root: string, lint: EditorLint, rule: PlacedItem, now: Date): CodeAction | undefined {
  const policy = lint.result.data.get(file);
  const id = rule.value.id;
  if (!isRecord(policy) || typeof id !== "string" || role.environment === undefined || !role.providerType || !role.scope) return undefined;
  const tests = policyTests(lint, file, now);
  const testFile = tests.files[0];
  const testText = testFile === undefined ? undefined : lint.result.sources.get(testFile);
  if (testFile === undefined || testText === undefined) return undefined;
  const cover = readWhen(rule.value.when, role.providerType);
  if (!cover) return undefined;
  const addresses = lint.result.data.get(addressesPathOf(lint.config, role.environment, role.providerType));
  const subject = {
    providerType: role.providerType,
    scope: role.scope,
    policy: policy as unknown as PolicyDocument,
    addressEntries: isRecord(addresses) && Array.isArray(addresses.entries) ? (addresses.entries as AddressEntryDocument[]) : [],
  };
  const screening = examples(cover, role.providerType)
    .map((signals) => ({ ...baseScreening(policy, role.scope === "TRANSACTION"), signals }))
    .find((candidate) => {
      const decision = decide(subject, candidate, { now });
      return decision.by === id;
    });
  if (!screening) return undefined;
  const action = String(rule.value.action);
  const newline = testText.includes("\r\n") ? "\r\n" : "\n";
  const lines = [
    `  - name: ${JSON.stringify(`${id} decides ${action} (pinned from the editor)`)}`,
    "    screening:",
    ...Object.entries(screening).map(([key, value]) => `      ${key}: ${JSON.stringify(value)}`),
    `    expect: { action: ${action}, by: ${id} }`,
  ];
  const ending = testText.length === 0 || testText.endsWith("\n") ? "" : newline;
  const at = endPosition(testText);
  return {
    title: `Add a test case pinning this decision (${action} by ${id}) to ${testFile}`,
    kind: "refactor",
    edit: { changes: { [pathToFileURL(join(root, testFile)).href]: [{ range: { start: at, end: at }, newText: `${ending}${newline}${lines.join(newline)}${newline}` }] } },
  };
}

/** A screening the pre-screen lets through to the vendor: a listed chain and token, at least the minimum amount. */
function baseScreening(policy: Record<string, unknown>, transfer: boolean): Screening {
  const preScreen = isRecord(policy.rules) && isRecord(policy.rules.preScreen) ? policy.rules.preScreen : {};
  const tokens = Array.isArray(preScreen.tokens) ? preScreen.tokens.filter(isRecord) : [];
  const token = tokens[0];
  const chains = Array.isArray(preScreen.chains) ? preScreen.chains.filter((chain): chain is string => typeof chain === "string") : [];
  const chain = typeof token?.chain === "string" ? token.chain : (chains[0] ?? "EVM");
  const screening: Screening = { chain, address: ADDRESS_BY_CHAIN[chain] ?? ADDRESS_BY_CHAIN.EVM! };
  if (transfer) {
    const minimum = typeof preScreen.minAmountUsd === "number" ? preScreen.minAmountUsd : 0;
    screening.transfer = { amountUsd: Math.max(minimum, 1000), ...(token ? { token: { chain: String(token.chain), networkId: Number(token.networkId), contractAddress: String(token.contractAddress) } } : {}) };
  }
  return screening;
}

function endPosition(text: string): { line: number; character: number } {
  const lines = text.split("\n");
  return { line: lines.length - 1, character: lines.at(-1)!.length };
}
