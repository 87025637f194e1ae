/**
 * `lint --format github` end to end: a finding whose message holds `%`, `:` and
 * `,`, in a file whose path holds `,`, `:`, `%`, CR and LF, comes out of the
 * built CLI as workflow commands that the runner's own parser (ported below from
 * actions/runner, src/Runner.Common/ActionCommand.cs, TryParseV2) decodes back to
 * exactly the file and message `--format json` reports.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

// Outside the layout, so it is linted as what its content says (webhooks), under this exact name.
// Linux allows CR and LF in a file name: the one place a raw CR/LF reaches a command (messages quote values as JSON).
const ODD_FILE = "odd, name: 100%/hooks,\r\nv2: 50%.yaml";
// A double-quoted YAML string: the event name really holds CR and LF.
const ODD_EVENT = "50% done,\\r\\nnext: %0A %25 %3A %2C::";
const DECODED_EVENT = "50% done,\r\nnext: %0A %25 %3A %2C::";
const WEBHOOKS = `webhooks:
  - webhookId: 0b7e4f6a-2c1d-4e8f-9a3b-5c6d7e8f9a0b
    url: https://hooks.example.com/screening
    events: [user.created, "${ODD_EVENT}"]
    isEnabled: true
`;

interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  data: string;
}

/** The runner's parsing of `::command k=v,k=v::data` (ActionCommand.TryParseV2), replacements in its order. */
function parseWorkflowCommand(line: string): WorkflowCommand | undefined {
  const message = line.trimStart();
  if (!message.startsWith("::")) return undefined;
  const end = message.indexOf("::", 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(" ");
  const command = space < 0 ? info : info.slice(0, space);
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const property of info.slice(space + 1).trim().split(",").filter((p) => p !== "")) {
      const at = property.indexOf("=");
      if (at <= 0 || at === property.length - 1) continue;
      properties[property.slice(0, at)] = unescape(property.slice(at + 1), PROPERTY_MAPPINGS);
    }
  }
  return { command, properties, data: unescape(message.slice(end + 2), DATA_MAPPINGS) };
}

const DATA_MAPPINGS: Array<[token: string, replacement: string]> = [["\r", "%0D"], ["\n", "%0A"], ["%", "%25"]];
const PROPERTY_MAPPINGS: Array<[token: string, replacement: string]> = [["\r", "%0D"], ["\n", "%0A"], [":", "%3A"], [",", "%2C"], ["%", "%25"]];

function unescape(text: string, mappings: ReadonlyArray<[string, string]>): string {
  let out = text;
  for (const [token, replacement] of mappings) out = out.split(replacement).join(token);
  return out;
}

describe("lint --format github, decoded as the Actions runner decodes it", () => {
  let repo: TempRepo;
  let github: string;
  let json: { diagnostics: Array<{ file: string; line: number; column: number; endLine: number; endColumn: number; severity: string; code: string; message: string }> };

  beforeAll(async () => {
    repo = makeTempRepo();
    repo.write(ODD_FILE, WEBHOOKS);
    const githubRun = await runCli(["lint", "--format", "github", ODD_FILE], { cwd: repo.dir });
    const jsonRun = await runCli(["lint", "--format", "json", ODD_FILE], { cwd: repo.dir });
    expect(githubRun.code).toBe(1);
    expect(jsonRun.code).toBe(1);
    github = githubRun.stdout;
    json = JSON.parse(jsonRun.stdout);
  });
  afterAll(() => repo.remove());

  it("has a finding whose message and file hold every character that needs escaping", () => {
    const odd = json.diagnostics.find((d) => d.code === "webhook-event");
    expect(odd?.file).toBe(ODD_FILE);
    for (const c of ["%", "\r", "\n", ":", ","]) expect(odd?.file).toContain(c);
    for (const c of ["%", ":", ","]) expect(odd?.message).toContain(c);
    // The event name itself is quoted as JSON in the message, its CR and LF as \r and \n.
    expect(odd?.message).toContain(JSON.stringify(DECODED_EVENT));
  });

  it("writes one command per line, with no raw CR or LF inside a command", () => {
    const lines = github.split("\n").filter((line) => line !== "");
    expect(lines).toHaveLength(json.diagnostics.length);
    for (const line of lines) {
      expect(line).not.toContain("\r");
      expect(line).toMatch(/^::(error|warning) file=/);
    }
  });

  it("decodes to the file, position, code and message of --format json", () => {
    const decoded = github
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => parseWorkflowCommand(line)!);
    expect(decoded.map((c) => c.command)).toEqual(json.diagnostics.map((d) => d.severity));
    decoded.forEach((command, index) => {
      const d = json.diagnostics[index]!;
      expect(command.data).toBe(d.message);
      expect(command.properties).toEqual({
        file: d.file,
        line: String(d.line),
        ...(d.line === d.endLine ? { col: String(d.column), endColumn: String(d.endColumn) } : {}),
        endLine: String(d.endLine),
        title: d.code,
      });
    });
  });

  it("escapes a property value so that `,` and `:` in it cannot start another property", () => {
    const line = github.split("\n").find((l) => l.includes("webhook-event"))!;
    const properties = line.slice(line.indexOf(" ") + 1, line.indexOf("::", 2));
    expect(properties.startsWith("file=odd%2C name%3A 100%25/hooks%2C%0D%0Av2%3A 50%25.yaml,line=")).toBe(true);
    // Raw separators are only the ones between properties.
    expect(properties.split(",").map((p) => p.split("=")[0])).toEqual(["file", "line", "col", "endLine", "endColumn", "title"]);
  });
});
