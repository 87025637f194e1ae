/**
 * `screenpol lsp --stdio` driven as an editor drives it (issue 28): the built
 * CLI over standard input and output, a vscode-jsonrpc client on the other
 * side. Each answer is checked against what the terminal commands say of the
 * same text: `lint --format json` for diagnostics and hovers, `fmt` for
 * formatting, `lint --fix` for quick fixes.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { CancellationTokenSource } from "vscode-jsonrpc/node.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyEdits, startLspClient, uriOf, type LspClient, type LspDiagnostic, type LspRange, type TextEdit } from "../helpers/lsp-client.js";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";

let repo: TempRepo;
let client: LspClient;
let path: string;
let original: string;

beforeAll(async () => {
  repo = makeTempRepo();
  path = join(repo.dir, POLICY);
  original = readFileSync(path, "utf8");
  client = await startLspClient(repo.dir);
});

afterAll(async () => {
  await client?.stop();
  repo?.remove();
});

/** 0-based line of the first line holding `needle` (after line `from`). */
function lineOf(text: string, needle: string, from = 0): number {
  const index = text.split("\n").findIndex((line, at) => at >= from && line.includes(needle));
  if (index === -1) throw new Error(`no line holds ${needle}`);
  return index;
}

function insertLineAfter(text: string, needle: string, line: string): string {
  const lines = text.split("\n");
  lines.splice(lineOf(text, needle) + 1, 0, line);
  return lines.join("\n");
}

/** `lint --format json` of `text` as the policy file, in a copy of the repository of its own. */
async function lintJson(text: string): Promise<Array<{ file: string; line: number; column: number; endLine: number; endColumn: number; code: string; message: string; severity: string; path: string }>> {
  const other = makeTempRepo();
  try {
    writeFileSync(join(other.dir, POLICY), text);
    // The whole repository, as the server lints a buffer: cross-file findings included.
    const run = await runCli(["lint", "--format", "json"], { cwd: other.dir });
    expect([0, 1], run.stderr).toContain(run.code);
    return (JSON.parse(run.stdout) as { diagnostics: Awaited<ReturnType<typeof lintJson>> }).diagnostics.filter((d) => d.file === POLICY);
  } finally {
    other.remove();
  }
}

/** Opens `text` as the policy's buffer (a new document each time: its own version sequence). */
async function openFresh(text: string): Promise<LspDiagnostic[]> {
  await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri: uriOf(path) } });
  client.open(path, text);
  await client.settle(path);
  return client.diagnostics(path) ?? [];
}

describe("screenpol lsp --stdio", () => {
  it("answers initialize with incremental sync, quick fixes, formatting, hover, document symbols, definitions and completion", () => {
    expect(client.initialized.capabilities).toEqual({
      textDocumentSync: { openClose: true, change: 2, save: { includeText: false } },
      codeActionProvider: { codeActionKinds: ["quickfix", "refactor"] },
      documentFormattingProvider: true,
      hoverProvider: true,
      documentSymbolProvider: true,
      definitionProvider: true,
      completionProvider: { triggerCharacters: [" ", ":"] },
      codeLensProvider: { resolveProvider: false },
      executeCommandProvider: { commands: ["screenpol.test"] },
    });
    expect(client.initialized.serverInfo?.name).toBe("screenpol");
  });

  it("lints the open buffer, not the file on disk, and re-lints it on each incremental edit", async () => {
    const withCrossVendor = insertLineAfter(original, "riskScore: { gte: 8.5 }", "        riskLevel: { atLeast: high }");
    const line = lineOf(withCrossVendor, "riskLevel: { atLeast: high }");
    const opened = await openFresh(withCrossVendor);
    expect(opened.map((d) => ({ range: d.range, code: d.code, severity: d.severity }))).toEqual([
      { range: { start: { line, character: 8 }, end: { line, character: 17 } }, code: "cross-vendor-field", severity: 1 },
    ]);
    const [lint] = await lintJson(withCrossVendor);
    expect(opened[0]!.message).toBe(lint!.message);
    expect(readFileSync(path, "utf8")).toBe(original);

    // Delete the line: one incremental change, nothing left to report.
    client.change(path, 2, [{ range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: "" }]);
    await client.settle(path);
    expect(client.diagnostics(path)).toEqual([]);

    // Typed back in two pieces: half-typed, then whole.
    client.change(path, 3, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: "        riskLev\n" }]);
    await client.settle(path);
    expect(client.diagnostics(path)!.map((d) => d.code)).toEqual(["yaml-syntax"]);
    client.change(path, 4, [{ range: { start: { line, character: 15 }, end: { line, character: 15 } }, text: "el: { atLeast: high }" }]);
    await client.settle(path);
    expect(client.diagnostics(path)!.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([["cross-vendor-field", line, 8]]);
  });

  it("gives a buffer over 1 MiB lint's read-error for such a file, not a lint of its text", async () => {
    const huge = `${original}# ${"x".repeat(1_200_000)}\n`;
    const diagnostics = await openFresh(huge);
    const lint = await lintJson(huge);
    expect(lint.map((d) => d.code)).toEqual(["read-error"]);
    expect(diagnostics.map((d) => ({ code: d.code, message: d.message, range: d.range }))).toEqual(
      lint.map((d) => ({ code: d.code, message: d.message, range: { start: { line: d.line - 1, character: d.column - 1 }, end: { line: d.endLine - 1, character: d.endColumn - 1 } } })),
    );
    expect(await openFresh(original)).toEqual([]);
  });

  it("offers lint --fix's fix as a quick fix whose edit gives the fixed text", async () => {
    const wrongCase = original.replace("      action: BLOCK\n", "      action: block\n");
    const diagnostics = await openFresh(wrongCase);
    expect(diagnostics.map((d) => d.code)).toEqual(["schema"]);
    const actions = await client.connection.sendRequest<Array<{ title: string; kind: string; edit: { changes: Record<string, TextEdit[]> } }>>("textDocument/codeAction", {
      textDocument: { uri: uriOf(path) },
      range: diagnostics[0]!.range,
      context: { diagnostics },
    });
    // A schema finding is structural: a fix, never a suppression.
    expect(actions.map((action) => [action.title, action.kind])).toEqual([["Change to BLOCK", "quickfix"]]);
    const fixed = applyEdits(wrongCase, actions[0]!.edit.changes[uriOf(path)]!);
    expect(fixed).toBe(original);

    // The same fix `lint --fix` writes.
    const other = makeTempRepo();
    try {
      writeFileSync(join(other.dir, POLICY), wrongCase);
      await runCli(["lint", "--fix", POLICY], { cwd: other.dir });
      expect(readFileSync(join(other.dir, POLICY), "utf8")).toBe(fixed);
    } finally {
      other.remove();
    }
  });

  it("offers a suppression with a reason for an unreachable rule, never for a compliance finding", async () => {
    const unreachable = original.replace(
      "    - id: alert-everything-else-sandbox",
      "    - id: block-severe-again\n      when:\n        riskScore: { gte: 8.5 }\n      action: BLOCK\n\n    - id: alert-everything-else-sandbox",
    );
    const withCrossVendor = insertLineAfter(unreachable, "category: no_kyc_exchange", "        riskLevel: { atLeast: high }");
    const diagnostics = await openFresh(withCrossVendor);
    expect(diagnostics.map((d) => d.code)).toEqual(["cross-vendor-field", "unreachable-rule"]);
    const whole: LspRange = { start: { line: 0, character: 0 }, end: { line: withCrossVendor.split("\n").length, character: 0 } };
    const actions = await client.connection.sendRequest<Array<{ title: string; edit: { changes: Record<string, TextEdit[]> } }>>("textDocument/codeAction", {
      textDocument: { uri: uriOf(path) },
      range: whole,
      context: { diagnostics },
    });
    expect(actions.map((action) => action.title)).toEqual(["Suppress unreachable-rule on this line, with a reason"]);
    const suppressed = applyEdits(withCrossVendor, actions[0]!.edit.changes[uriOf(path)]!);
    expect(suppressed).toBe(withCrossVendor.replace("    - id: block-severe-again", "    # screenpol-disable-next-line unreachable-rule -- reason\n    - id: block-severe-again"));
    client.change(path, 2, [{ text: suppressed }]);
    await client.settle(path);
    expect(client.diagnostics(path)!.map((d) => d.code)).toEqual(["cross-vendor-field"]);
  });

  it("formats as screenpol fmt writes the file, and refuses with fmt's line when fmt refuses", async () => {
    // The sample policy is canonical already: unpad a condition so that there is something to format.
    const messy = original.replace("riskScore: { gte: 0 }", "riskScore: {gte: 0}");
    expect(messy).not.toBe(original);
    await openFresh(messy);
    const edits = await client.connection.sendRequest<TextEdit[]>("textDocument/formatting", { textDocument: { uri: uriOf(path) }, options: { tabSize: 2, insertSpaces: true } });
    const formatted = applyEdits(messy, edits);
    const other = makeTempRepo();
    try {
      writeFileSync(join(other.dir, POLICY), messy);
      const fmt = await runCli(["fmt", POLICY], { cwd: other.dir });
      expect(fmt.code, fmt.stderr).toBe(0);
      expect(formatted).toBe(readFileSync(join(other.dir, POLICY), "utf8"));
      expect(formatted).toBe(original);

      const broken = original.replace("scope: TRANSACTION\n", "scope: TRANSACTION\n  oops: [\n");
      await openFresh(broken);
      writeFileSync(join(other.dir, POLICY), broken);
      const refused = await runCli(["fmt", POLICY], { cwd: other.dir });
      expect(refused.code).toBe(2);
      await expect(client.connection.sendRequest("textDocument/formatting", { textDocument: { uri: uriOf(path) }, options: { tabSize: 2, insertSpaces: true } })).rejects.toThrow(
        refused.stderr.trim(),
      );
    } finally {
      other.remove();
    }
  });

  it("hovers a rule's id with its decision in words and lint's finding of a rule that never decides", async () => {
    const shadowed = original.replace("    - id: block-severe-risk-score", "    - id: alert-any-score\n      when:\n        riskScore: { gte: 0 }\n      action: ALERT\n\n    - id: block-severe-risk-score");
    const diagnostics = await openFresh(shadowed);
    expect(diagnostics.map((d) => d.code)).toContain("shadowed-rule");
    const line = lineOf(shadowed, "- id: block-severe-risk-score");
    const hover = await client.connection.sendRequest<{ contents: { kind: string; value: string }; range: LspRange }>("textDocument/hover", {
      textDocument: { uri: uriOf(path) },
      position: { line, character: 14 },
    });
    const lint = (await lintJson(shadowed)).find((d) => d.code === "shadowed-rule")!;
    expect(hover.contents).toEqual({
      kind: "markdown",
      value: ["**block-severe-risk-score**: rule 2 of 8", "", "BLOCK when riskScore >= 8.5", "", "Vendor risk score of 8.5 or more.", "", `shadowed-rule: ${lint.message}`, "", "No test file tests this policy."].join("\n"),
    });
    expect(hover.range).toEqual({ start: { line, character: 10 }, end: { line, character: 10 + "block-severe-risk-score".length } });

    const reachable = await client.connection.sendRequest<{ contents: { value: string } }>("textDocument/hover", {
      textDocument: { uri: uriOf(path) },
      position: { line: lineOf(shadowed, "- id: alert-obfuscation-with-elevated-score"), character: 12 },
    });
    expect(reachable.contents.value).toBe(
      [
        "**alert-obfuscation-with-elevated-score**: rule 5 of 8",
        "",
        "ALERT when riskScore >= 4 and any of: exposure mixer any >= 15%; cluster = privacy_wallet",
        "",
        "Mixer or privacy wallet involvement on a counterparty that already scores 4 or more.",
        "",
        "No earlier rule shadows it or leaves it unreachable (lint).",
        "",
        "No test file tests this policy.",
      ].join("\n"),
    );
    // Off a rule id: nothing to say.
    expect(await client.connection.sendRequest("textDocument/hover", { textDocument: { uri: uriOf(path) }, position: { line: 0, character: 0 } })).toBeNull();
  });

  it("hovers a condition's threshold with the same signal's thresholds in every rule, lowest first", async () => {
    await openFresh(original);
    const line = lineOf(original, "riskScore: { gte: 8.5 }");
    const character = original.split("\n")[line]!.indexOf("8.5");
    const hover = await client.connection.sendRequest<{ contents: { value: string }; range: LspRange }>("textDocument/hover", { textDocument: { uri: uriOf(path) }, position: { line, character: character + 1 } });
    expect(hover.contents.value).toBe(
      [
        "**riskScore gte** in this policy's rules, lowest first:",
        "",
        "- 0: alert-everything-else-sandbox (ALERT)",
        "- 4: alert-obfuscation-with-elevated-score (ALERT)",
        "- **8.5: block-severe-risk-score (BLOCK)** (here)",
      ].join("\n"),
    );
    expect(hover.range).toEqual({ start: { line, character }, end: { line, character: character + 3 } });
    const mixer = lineOf(original, "category: mixer");
    const percent = await client.connection.sendRequest<{ contents: { value: string } }>("textDocument/hover", {
      textDocument: { uri: uriOf(path) },
      position: { line: mixer, character: original.split("\n")[mixer]!.indexOf("minPercent: 15") + 13 },
    });
    expect(percent.contents.value).toBe(["**exposure mixer any minPercent** in this policy's rules, lowest first:", "", "- **15%: alert-obfuscation-with-elevated-score (ALERT)** (here)"].join("\n"));
  });

  it("hovers an address entry's address with its action, where it applies and its expiry in days", async () => {
    const addressesPath = join(repo.dir, "policies/live/vendorAWalletScreening/addresses.yaml");
    const text = readFileSync(addressesPath, "utf8");
    client.open(addressesPath, text);
    await client.settle(addressesPath);
    const line = lineOf(text, "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
    const before = Date.now();
    const hover = await client.connection.sendRequest<{ contents: { value: string } }>("textDocument/hover", { textDocument: { uri: uriOf(addressesPath) }, position: { line, character: 16 } });
    const daysAt = (at: number) => Math.floor((Date.parse("2027-12-31T23:59:59Z") - at) / 86_400_000);
    const days = [daysAt(before), daysAt(Date.now())];
    expect(days.map((count) =>
      [
        "**bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq** (BTC): ALLOW in TRANSACTION only",
        "",
        `Expires in ${count} days (2027-12-31T23:59:59Z).`,
        "",
        "Custody provider BTC settlement address, due diligence COMP-1144; renew with the contract",
      ].join("\n"),
    )).toContain(hover.contents.value);
    const both = await client.connection.sendRequest<{ contents: { value: string } }>("textDocument/hover", { textDocument: { uri: uriOf(addressesPath) }, position: { line: lineOf(text, "0x293cCC84a99fcbD790367AeDf45495e35A9833AB"), character: 20 } });
    expect(both.contents.value.split("\n").slice(0, 3)).toEqual(["**0x293cCC84a99fcbD790367AeDf45495e35A9833AB** (EVM): ALLOW in both scopes (SIGN_IN and TRANSACTION)", "", "No expiry."]);
    await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri: uriOf(addressesPath) } });
  });

  it("lists the rules as document symbols, by id, with their actions", async () => {
    await openFresh(original);
    const symbols = await client.connection.sendRequest<Array<{ name: string; detail: string; range: LspRange }>>("textDocument/documentSymbol", { textDocument: { uri: uriOf(path) } });
    // A rule's symbol spans the rule: from its `id` to the end of its last member, `action: BLOCK`.
    const first = lineOf(original, "- id: block-severe-risk-score");
    const action = lineOf(original, "action: BLOCK", first);
    expect(symbols[0]!.range).toEqual({ start: { line: first, character: 6 }, end: { line: action, character: "      action: BLOCK".length } });
    expect(symbols.map((symbol) => `${symbol.name} ${symbol.detail}`)).toEqual([
      "block-severe-risk-score BLOCK",
      "block-illicit-cluster BLOCK",
      "block-direct-illicit-proceeds BLOCK",
      "alert-obfuscation-with-elevated-score ALERT",
      "alert-no-kyc-exchange ALERT",
      "allow-low-risk-gambling ALLOW",
      "alert-everything-else-sandbox ALERT",
    ]);
  });

  it("checks across files: an unsaved buffer against the files on disk, again when the client's watcher reports a change", async () => {
    await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri: uriOf(path) } });
    const twinFile = POLICY.replace(/\.yaml$/, ".yml");
    const twin = join(repo.dir, twinFile);
    // Both files claim one policy: lint names it in the second.
    const other = makeTempRepo();
    let expected: string[];
    try {
      writeFileSync(join(other.dir, twinFile), original);
      const run = await runCli(["lint", "--format", "json"], { cwd: other.dir });
      expected = (JSON.parse(run.stdout) as { diagnostics: Array<{ file: string; code: string; message: string }> }).diagnostics.filter((d) => d.file === twinFile).map((d) => `${d.code}: ${d.message}`);
    } finally {
      other.remove();
    }
    expect(expected).toEqual([expect.stringMatching(/^duplicate-policy: /)]);

    // A new buffer, never saved, against the file on disk.
    client.open(twin, original);
    await client.settle(twin);
    expect(client.diagnostics(twin)!.map((d) => `${d.code}: ${d.message}`)).toEqual(expected);

    // The file on disk deleted, then written back, by something else: the client's watcher says so.
    rmSync(path);
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uriOf(path), type: 3 }] });
    await client.settle(twin);
    expect(client.diagnostics(twin)).toEqual([]);
    writeFileSync(path, original);
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uriOf(path), type: 1 }] });
    await client.settle(twin);
    expect(client.diagnostics(twin)!.map((d) => `${d.code}: ${d.message}`)).toEqual(expected);
    await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri: uriOf(twin) } });
  });

  it("checks a test file's policy against the policy files on disk and the open buffers", async () => {
    const testFile = "tests/sandbox/vendorAWalletScreening/TRANSACTION.test.yaml";
    const testPath = join(repo.dir, testFile);
    const testText = readFileSync(join(PROJECT_ROOT, testFile), "utf8");
    await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri: uriOf(path) } });
    client.open(testPath, testText);
    await client.settle(testPath);
    expect(client.diagnostics(testPath)).toEqual([]);

    // The policy deleted on disk: lint's unknown-policy, word for word.
    rmSync(path);
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uriOf(path), type: 3 }] });
    await client.settle(testPath);
    const other = makeTempRepo();
    let expected: string[];
    try {
      rmSync(join(other.dir, POLICY));
      other.write(testFile, testText);
      const run = await runCli(["lint", "--format", "json"], { cwd: other.dir });
      expected = (JSON.parse(run.stdout) as { diagnostics: Array<{ file: string; code: string; message: string }> }).diagnostics.filter((d) => d.file === testFile).map((d) => `${d.code}: ${d.message}`);
    } finally {
      other.remove();
    }
    expect(expected).toEqual([expect.stringMatching(/^unknown-policy: /)]);
    expect(client.diagnostics(testPath)!.map((d) => `${d.code}: ${d.message}`)).toEqual(expected);

    // The policy open in a buffer, not yet saved: the test file names a policy that exists in the editor.
    client.open(path, original);
    await client.settle(testPath);
    expect(client.diagnostics(testPath)).toEqual([]);
    writeFileSync(path, original);
    await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri: uriOf(testPath) } });
  });

  it("goes from a test case's by: to the rule, from the header to the policy, and completes by: with the rule ids", async () => {
    const testFile = "tests/sandbox/vendorAWalletScreening/TRANSACTION.test.yaml";
    const testPath = join(repo.dir, testFile);
    const testText = readFileSync(join(PROJECT_ROOT, testFile), "utf8");
    await openFresh(original);
    client.open(testPath, testText);
    await client.settle(testPath);
    const byLine = lineOf(testText, "by: block-severe-risk-score");
    const character = testText.split("\n")[byLine]!.indexOf("block-severe-risk-score") + 3;
    const definition = await client.connection.sendRequest("textDocument/definition", { textDocument: { uri: uriOf(testPath) }, position: { line: byLine, character } });
    const ruleLine = lineOf(original, "- id: block-severe-risk-score");
    expect(definition).toEqual({ uri: uriOf(path), range: { start: { line: ruleLine, character: 10 }, end: { line: ruleLine, character: 10 + "block-severe-risk-score".length } } });
    // The policy as its buffer has it, not as the file on disk: a rule moved down in the editor is found where it now is.
    client.change(path, 2, [{ range: { start: { line: ruleLine, character: 0 }, end: { line: ruleLine, character: 0 } }, text: "\n\n" }]);
    const moved = await client.connection.sendRequest<{ range: LspRange }>("textDocument/definition", { textDocument: { uri: uriOf(testPath) }, position: { line: byLine, character } });
    expect(moved.range.start.line).toBe(ruleLine + 2);

    const header = await client.connection.sendRequest("textDocument/definition", { textDocument: { uri: uriOf(testPath) }, position: { line: lineOf(testText, "scope: TRANSACTION"), character: 9 } });
    expect(header).toEqual({ uri: uriOf(path), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
    // A step is not a rule: nowhere to go.
    const stepLine = lineOf(testText, "by: sanctions-floor");
    expect(await client.connection.sendRequest("textDocument/definition", { textDocument: { uri: uriOf(testPath) }, position: { line: stepLine, character: testText.split("\n")[stepLine]!.indexOf("sanctions-floor") + 2 } })).toBeNull();

    // Typing a new case's `by: `.
    const typed = `${testText}\n  - name: typed\n    screening: { chain: EVM, address: "0x52908400098527886E0F7030069857D2E4169EE7" }\n    expect: { action: BLOCK, by: `;
    client.change(testPath, 2, [{ text: typed }]);
    const lines = typed.split("\n");
    const items = await client.connection.sendRequest<Array<{ label: string }>>("textDocument/completion", {
      textDocument: { uri: uriOf(testPath) },
      position: { line: lines.length - 1, character: lines.at(-1)!.length },
    });
    expect(items.map((item) => item.label)).toEqual([
      "block-severe-risk-score",
      "block-illicit-cluster",
      "block-direct-illicit-proceeds",
      "alert-obfuscation-with-elevated-score",
      "alert-no-kyc-exchange",
      "allow-low-risk-gambling",
      "alert-everything-else-sandbox",
      "sanctions-floor",
      "address-entry",
      "policy-disabled",
      "pre-screen",
      "terminal-allow",
    ]);
    await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri: uriOf(testPath) } });
  });

  it("re-checks the open files when the config's buffer changes what they mean (severity:)", async () => {
    const unreachable = original.replace(
      "    - id: alert-everything-else-sandbox",
      "    - id: block-severe-again\n      when:\n        riskScore: { gte: 8.5 }\n      action: BLOCK\n\n    - id: alert-everything-else-sandbox",
    );
    expect((await openFresh(unreachable)).map((d) => d.code)).toEqual(["unreachable-rule"]);
    const configPath = join(repo.dir, "screenpol.config.yaml");
    const config = readFileSync(configPath, "utf8");
    client.open(configPath, `${config}\nseverity:\n  unreachable-rule: off\n`);
    await client.settle(path);
    expect(client.diagnostics(path)).toEqual([]);
    expect(client.diagnostics(configPath)).toEqual([]);
    // Closed unsaved: the config on disk decides again.
    await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri: uriOf(configPath) } });
    await client.settle(path);
    expect(client.diagnostics(path)!.map((d) => d.code)).toEqual(["unreachable-rule"]);
  });

  it("hovers a test case's name with what screenpol test says of it: passes, or fails and why", async () => {
    const testFile = "tests/sandbox/vendorAWalletScreening/TRANSACTION.test.yaml";
    const testPath = join(repo.dir, testFile);
    const testText = readFileSync(join(PROJECT_ROOT, testFile), "utf8");
    await openFresh(original);
    const name = "a transfer to the INC-2291 wallet drainer, address in lower case, is blocked by its address entry";
    const failing = testText.replace("      action: BLOCK\n      by: block-severe-risk-score\n", "      action: ALERT\n      by: block-severe-risk-score\n");
    expect(failing).not.toBe(testText);
    client.open(testPath, failing);
    await client.settle(testPath);
    const hoverOn = (needle: string) =>
      client.connection.sendRequest<{ contents: { value: string } } | null>("textDocument/hover", {
        textDocument: { uri: uriOf(testPath) },
        position: { line: lineOf(failing, needle), character: failing.split("\n")[lineOf(failing, needle)]!.indexOf(needle) + 2 },
      });
    expect((await hoverOn(name))!.contents.value).toBe("**passes**: decided BLOCK by address-entry");

    const failingName = failing
      .split("\n")
      .slice(0, lineOf(failing, "by: block-severe-risk-score"))
      .findLast((line) => line.startsWith("  - name: "))!;
    expect(failingName).toMatch(/^ {2}- name: /);
    const hover = (await hoverOn(failingName.replace(/^ {2}- name: /, "")))!.contents.value.split("\n");
    expect(hover[0]).toBe("**fails**: expected ALERT by block-severe-risk-score, decided BLOCK by block-severe-risk-score");
    // The same words as `screenpol test` prints for that case.
    const other = makeTempRepo();
    try {
      other.write(testFile, failing);
      const run = await runCli(["test", testFile], { cwd: other.dir });
      expect(run.code).toBe(1);
      const why = hover.slice(2).map((line) => line.trim());
      expect(why.length).toBeGreaterThan(0);
      for (const line of why) expect(run.stdout).toContain(line);
    } finally {
      other.remove();
    }
    await client.connection.sendNotification("textDocument/didClose", { textDocument: { uri: uriOf(testPath) } });
  });

  it("shows per rule how many test cases it decides, in a lens and in its hover, and the lens's command runs the tests", async () => {
    const testFile = "tests/sandbox/vendorAWalletScreening/TRANSACTION.test.yaml";
    const testPath = join(repo.dir, testFile);
    const testText = readFileSync(join(PROJECT_ROOT, testFile), "utf8");
    await openFresh(original);
    // On disk, not open: the lenses read it as lint does.
    mkdirSync(join(repo.dir, "tests/sandbox/vendorAWalletScreening"), { recursive: true });
    writeFileSync(testPath, testText);
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uriOf(testPath), type: 1 }] });
    await client.settle(path);
    // Every case of the sample suite passes: a rule decides the cases that expect it.
    const expectedBy = (id: string) => testText.split("\n").filter((line) => line.trimEnd().endsWith(` by: ${id}`) || line.includes(`by: ${id} }`)).length;
    const lenses = await client.connection.sendRequest<Array<{ range: LspRange; command: { title: string; command: string; arguments: unknown[] } }>>("textDocument/codeLens", { textDocument: { uri: uriOf(path) } });
    const ids = ["block-severe-risk-score", "block-illicit-cluster", "block-direct-illicit-proceeds", "alert-obfuscation-with-elevated-score", "alert-no-kyc-exchange", "allow-low-risk-gambling", "alert-everything-else-sandbox"];
    expect(lenses.map((lens) => [lens.range.start.line, lens.command.title])).toEqual(
      ids.map((id) => [lineOf(original, `- id: ${id}`), `${expectedBy(id)} test case${expectedBy(id) === 1 ? "" : "s"}`]),
    );
    expect(expectedBy("alert-everything-else-sandbox")).toBeGreaterThan(1);
    const run = await runCli(["test", testFile], { cwd: repo.dir });
    expect(run.code, run.stdout).toBe(0);
    const cases = testText.split("\n").filter((line) => line.startsWith("  - name: ")).length;
    const summary = await client.connection.sendRequest("workspace/executeCommand", { command: lenses[0]!.command.command, arguments: lenses[0]!.command.arguments });
    expect(summary).toBe(`screenpol test: ${cases} passed, 0 failed in ${testFile}`);
    const hover = await client.connection.sendRequest<{ contents: { value: string } }>("textDocument/hover", {
      textDocument: { uri: uriOf(path) },
      position: { line: lineOf(original, "- id: alert-everything-else-sandbox"), character: 12 },
    });
    expect(hover.contents.value.split("\n").at(-1)).toBe(`${expectedBy("alert-everything-else-sandbox")} test cases of ${testFile} reach it.`);
    rmSync(join(repo.dir, "tests"), { recursive: true });
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uriOf(testPath), type: 3 }] });
    await client.settle(path);
  });

  it("offers, on a rule's id, a test case pinning what the rule decides; screenpol test passes it", async () => {
    const testFile = "tests/sandbox/vendorAWalletScreening/TRANSACTION.test.yaml";
    const testPath = join(repo.dir, testFile);
    const testText = readFileSync(join(PROJECT_ROOT, testFile), "utf8");
    await openFresh(original);
    mkdirSync(join(repo.dir, "tests/sandbox/vendorAWalletScreening"), { recursive: true });
    writeFileSync(testPath, testText);
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uriOf(testPath), type: 1 }] });
    await client.settle(path);
    const cases = testText.split("\n").filter((line) => line.startsWith("  - name: ")).length;
    try {
      for (const id of ["block-illicit-cluster", "alert-obfuscation-with-elevated-score", "allow-low-risk-gambling"]) {
        const line = lineOf(original, `- id: ${id}`);
        const actions = await client.connection.sendRequest<Array<{ title: string; kind: string; edit: { changes: Record<string, TextEdit[]> } }>>("textDocument/codeAction", {
          textDocument: { uri: uriOf(path) },
          range: { start: { line, character: 12 }, end: { line, character: 12 } },
          context: { diagnostics: [] },
        });
        const action = original.split("\n")[lineOf(original, "action: ", line)]!;
        expect(actions.map((one) => [one.title, one.kind]), action).toEqual([[`Add a test case pinning this decision (${/action: (\w+)/.exec(action)![1]} by ${id}) to ${testFile}`, "refactor"]]);
        const pinned = applyEdits(testText, actions[0]!.edit.changes[uriOf(testPath)]!);
        const other = makeTempRepo();
        try {
          other.write(testFile, pinned);
          const run = await runCli(["test", testFile], { cwd: other.dir });
          expect(run.code, `${id}\n${run.stdout}${run.stderr}`).toBe(0);
          expect(run.stdout).toContain(`${cases + 1} passed`);
        } finally {
          other.remove();
        }
      }
    } finally {
      rmSync(join(repo.dir, "tests"), { recursive: true });
      await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uriOf(testPath), type: 3 }] });
      await client.settle(path);
    }
  });

  it("answers a cancelled request, with its result or RequestCancelled, and goes on", async () => {
    await openFresh(original);
    const line = lineOf(original, "- id: block-severe-risk-score");
    const answers: string[] = [];
    for (let round = 0; round < 20; round++) {
      client.change(path, round + 2, [{ text: round % 2 === 0 ? original.replace("action: BLOCK", "action: block") : original }]);
      const source = new CancellationTokenSource();
      const hover = client.connection.sendRequest("textDocument/hover", { textDocument: { uri: uriOf(path) }, position: { line, character: 12 } }, source.token);
      source.cancel();
      answers.push(await hover.then(() => "answered", (error: { code?: number }) => (error.code === -32800 ? "cancelled" : `error ${error.code}`)));
    }
    expect(answers.filter((answer) => answer !== "answered" && answer !== "cancelled")).toEqual([]);
    await client.settle(path);
    expect(client.diagnostics(path)).toEqual([]);
    const hover = await client.connection.sendRequest<{ contents: { value: string } }>("textDocument/hover", { textDocument: { uri: uriOf(path) }, position: { line, character: 12 } });
    expect(hover.contents.value).toContain("BLOCK when riskScore >= 8.5");
  });

  it("checks nothing outside a repository: no screenpol.config.yaml above the file", async () => {
    const outside = mkdtempSync(join(tmpdir(), "screenpol-lsp-outside-"));
    try {
      const file = join(outside, "TRANSACTION.yaml");
      client.open(file, "providerType: nope\n");
      await client.settle(file);
      expect(client.diagnostics(file)).toEqual([]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("survives random edits, half-typed YAML included, answering every request; its last diagnostics are lint's", { timeout: 120_000 }, async () => {
    let text = original;
    let version = 1;
    await openFresh(text);
    const alphabet = fc.constantFrom("a", "Z", "0", "9", ".", ":", " ", "  ", "-", "- ", "\n", "\n  ", "{", "}", "[", "]", ",", "#", "'", '"', "\t", "*", "&", "|", ">", "!", "%", "@", "riskLevel", "action: ", "BLOCK", "é");
    const edit = fc.record({ at: fc.nat(), length: fc.nat({ max: 12 }), insert: fc.array(alphabet, { maxLength: 6 }).map((parts) => parts.join("")), request: fc.nat({ max: 7 }) });
    const requests = ["textDocument/hover", "textDocument/codeAction", "textDocument/formatting", "textDocument/documentSymbol", "textDocument/definition", "textDocument/completion", "textDocument/codeLens"];
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(edit, async ({ at, length, insert, request }) => {
        const start = at % (text.length + 1);
        const end = Math.min(text.length, start + length);
        const position = (offset: number) => {
          const before = text.slice(0, offset).split("\n");
          return { line: before.length - 1, character: before.at(-1)!.length };
        };
        const range = { start: position(start), end: position(end) };
        text = text.slice(0, start) + insert + text.slice(end);
        client.change(path, ++version, [{ range, text: insert }]);
        if (request < requests.length) {
          const method = requests[request]!;
          const params = { textDocument: { uri: uriOf(path) }, position: range.start, range: { start: range.start, end: range.start }, context: { diagnostics: [] }, options: { tabSize: 2, insertSpaces: true } };
          // An answer, result or refusal (fmt refuses a file that does not parse), never silence or a crash.
          await client.connection.sendRequest(method, params).then(
            () => undefined,
            (error: { code?: number }) => expect(error.code).toBe(-32803),
          );
          answered++;
        }
      }),
      { numRuns: 300, seed: 28, interruptAfterTimeLimit: 90_000 },
    );
    expect(answered).toBeGreaterThan(100);
    await client.settle(path);
    const published = client.diagnostics(path)!.map((d) => ({ code: d.code, message: d.message, range: d.range }));
    const lint = (await lintJson(text)).map((d) => ({
      code: d.code,
      message: d.message,
      range: { start: { line: d.line - 1, character: d.column - 1 }, end: { line: d.endLine - 1, character: d.endColumn - 1 } },
    }));
    expect(published).toEqual(lint);
    expect(client.stderr()).toBe("");
  });
});

describe("screenpol lsp exits", () => {
  it("0 after shutdown and exit, 1 on exit without shutdown (LSP 3.17), 2 without --stdio", async () => {
    const other = makeTempRepo();
    try {
      const polite = await startLspClient(other.dir);
      expect(await polite.stop()).toBe(0);
      const abrupt = await startLspClient(other.dir);
      await abrupt.connection.sendNotification("exit");
      expect(await abrupt.exited).toBe(1);
      abrupt.connection.dispose();
      const run = await runCli(["lsp"], { cwd: other.dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe("screenpol: screenpol lsp speaks the Language Server Protocol on standard input and output only: run `screenpol lsp --stdio` from the editor (`screenpol lsp --help` names the setup page)\n");
    } finally {
      other.remove();
    }
  });
});
