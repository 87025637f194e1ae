/**
 * Editors: `screenpol schema` as the real yaml-language-server uses it. The
 * server runs over stdio as an editor starts it, is configured through its
 * `workspace/configuration` requests with the settings of docs/integrations.md,
 * and is asked for diagnostics and completions of an open policy.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN } from "../helpers/run-cli.js";
import { snippet } from "./support/docs.js";
import { gitEnv } from "./support/git.js";
import { fileUri, LspClient, type Message } from "./support/lsp.js";

const SERVER = createRequire(import.meta.url).resolve("yaml-language-server/bin/yaml-language-server");
const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";

// A vendorA policy with a wrong type (line 4) and vendorB's riskLevel (line 11).
const BAD_POLICY = `providerType: vendorAWalletScreening
scope: TRANSACTION
schemaVersion: 2
enabled: "yes"
rules:
  preScreen:
    chains: [EVM]
  postScreen:
    - id: block-high
      when:
        riskLevel: { atLeast: high }
      action: BLOCK
`;

// The same policy, correct, with the cursor to be placed after `action: ` (line 12, 0-based 11).
const COMPLETION_POLICY = `providerType: vendorAWalletScreening
scope: TRANSACTION
schemaVersion: 2
enabled: true
rules:
  preScreen:
    chains: [EVM]
  postScreen:
    - id: block-high
      when:
        riskScore: { gte: 8 }
      action: 
`;

describe("yaml-language-server with screenpol's schemas", () => {
  let dir: string;
  let client: LspClient;
  let settings: Record<string, unknown>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "screenpol-editor-"));
    const env = gitEnv();
    // The shell snippet of the docs, with `npx screenpol` pointing at this checkout.
    const script = snippet("editor-schemas").replaceAll("npx screenpol", `"${process.execPath}" "${BIN}"`);
    execFileSync("bash", ["-euo", "pipefail", "-c", script], { cwd: dir, env });
    settings = JSON.parse(snippet("vscode-settings")) as Record<string, unknown>;

    client = new LspClient(process.execPath, [SERVER, "--stdio"], { cwd: dir, env }, (method, params) => {
      if (method === "workspace/configuration") {
        // One answer per requested section, as VS Code does.
        return (params.items as Array<{ section?: string }>).map((item) => configurationSection(item.section ?? "", settings));
      }
      return null; // client/registerCapability, window/workDoneProgress/create, ...
    });
    await client.request("initialize", {
      processId: process.pid,
      rootUri: fileUri(dir),
      workspaceFolders: [{ uri: fileUri(dir), name: "policies" }],
      capabilities: {
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: {
          publishDiagnostics: { relatedInformation: true },
          completion: { completionItem: { snippetSupport: true, documentationFormat: ["markdown", "plaintext"] } },
        },
      },
      initializationOptions: {},
    });
    client.notify("initialized", {});
    // Settings reach the server as VS Code sends them: a change notification, then its pull.
    client.notify("workspace/didChangeConfiguration", { settings: { yaml: yamlSection(settings) } });
  }, 30_000);

  afterAll(async () => {
    await client?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reports the wrong type and the other vendor's field at their lines", async () => {
    const uri = fileUri(join(dir, POLICY));
    client.notify("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text: BAD_POLICY } });
    const published = await client.waitForNotification(
      (m) => m.method === "textDocument/publishDiagnostics" && m.params.uri === uri && m.params.diagnostics.length > 0,
      20_000,
      "diagnostics for the policy",
    );
    const diagnostics = published.params.diagnostics as Array<{ range: { start: { line: number; character: number } }; message: string }>;
    const at = (line: number) => diagnostics.filter((d) => d.range.start.line === line - 1);
    // Line 4: `enabled: "yes"` is a string where the schema wants a boolean.
    expect(at(4).map((d) => d.message).join("\n")).toMatch(/boolean/i);
    expect(at(4)[0]!.range.start.character).toBe(9);
    // Line 11: riskLevel is not a vendorA condition.
    expect(at(11).map((d) => d.message).join("\n")).toMatch(/riskLevel.*not allowed|not allowed.*riskLevel|Property riskLevel/i);
    expect(at(11)[0]!.range.start.character).toBe(8);
    // Nothing anywhere else: the rest of the policy is valid.
    expect(diagnostics.every((d) => [3, 10].includes(d.range.start.line)), JSON.stringify(diagnostics, null, 2)).toBe(true);
    // The findings come from the schema the settings mapped, not from a catalogue.
    expect(JSON.stringify(published.params.diagnostics)).toContain(".schemas/policy-vendorAWalletScreening.schema.json");
  }, 30_000);

  it("offers BLOCK, ALERT and ALLOW after action:", async () => {
    const uri = fileUri(join(dir, "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml"));
    const text = COMPLETION_POLICY.replace("scope: TRANSACTION", "scope: SIGN_IN");
    client.notify("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text } });
    const line = text.split("\n").findIndex((l) => l.startsWith("      action:"));
    const result = await client.request<{ items: Array<{ label: string }> } | Array<{ label: string }>>("textDocument/completion", {
      textDocument: { uri },
      position: { line, character: "      action: ".length },
    });
    const items = Array.isArray(result) ? result : result.items;
    const labels = items.map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(["BLOCK", "ALERT", "ALLOW"]));
    expect(labels).toHaveLength(3);
  }, 30_000);

  it("checks a schemaVersion 1 policy by its own version, with or without a modeline", async () => {
    const text = `${snippet("v1-modeline")}providerType: vendorBAddressScreening
scope: SIGN_IN
schemaVersion: 1
enabled: true
rules:
  preScreen:
    includeIndirect: false
  postScreen:
    - id: block-severe
      when:
        riskLevel: { atLeast: severe }
      action: BLOCK
`;
    const withModeline = fileUri(join(dir, "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml"));
    const withoutModeline = fileUri(join(dir, "policies/live/vendorBAddressScreening/SIGN_IN.yaml"));
    client.notify("textDocument/didOpen", { textDocument: { uri: withModeline, languageId: "yaml", version: 1, text } });
    client.notify("textDocument/didOpen", { textDocument: { uri: withoutModeline, languageId: "yaml", version: 1, text: text.split("\n").slice(1).join("\n") } });
    const mapped = await client.waitForNotification((m) => m.method === "textDocument/publishDiagnostics" && m.params.uri === withoutModeline, 20_000);
    const modeline = await client.waitForNotification((m) => m.method === "textDocument/publishDiagnostics" && m.params.uri === withModeline, 20_000);
    expect(modeline.params.diagnostics).toEqual([]);
    // The mapped schema follows the file's own schemaVersion: a valid version 1 policy is clean without a modeline too.
    expect(mapped.params.diagnostics).toEqual([]);
  }, 30_000);

  it("asked for its settings and never for a schema over the network", () => {
    const configurationRequests = client.serverRequests.filter((m: Message) => m.method === "workspace/configuration");
    expect(configurationRequests.length).toBeGreaterThan(0);
    // yaml-language-server fetches http(s) schemas itself; every schema here is a file: URI.
    expect(client.stderr).not.toMatch(/https?:\/\/(?!json-schema\.org)/);
    expect(client.notifications.filter((m) => m.method === "window/showMessage" && m.params.type === 1)).toEqual([]);
  });
});

/** The `yaml` settings of the editor, keyed as the server reads them (`schemas`, `validate`, ...). */
function yamlSection(settings: Record<string, unknown>): Record<string, unknown> {
  const yaml: Record<string, any> = { validate: true, completion: true, hover: true, format: { enable: false } };
  for (const [key, value] of Object.entries(settings)) {
    if (!key.startsWith("yaml.")) continue;
    const path = key.slice("yaml.".length).split(".");
    let target = yaml;
    for (const part of path.slice(0, -1)) target = target[part] ??= {};
    target[path.at(-1)!] = value;
  }
  return yaml;
}

/** One section of the configuration, as `workspace/configuration` asks for it. */
function configurationSection(section: string, settings: Record<string, unknown>): unknown {
  const all: Record<string, unknown> = { yaml: yamlSection(settings), http: { proxy: "", proxyStrictSSL: true }, "[yaml]": {}, editor: { tabSize: 2 }, files: {} };
  if (section === "") return all;
  let value: any = all;
  for (const part of section.split(".")) value = value?.[part];
  return value ?? null;
}
