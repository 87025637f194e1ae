/**
 * The weakening lens of `screenpol lsp --stdio` (issue 28, docs/editors.md):
 * on save, the policy's first code lens says what `compare --base HEAD` says
 * of the saved file, computed in a child process that the next edit cancels.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCommittedRepo } from "../helpers/committed-repo.js";
import { startLspClient, uriOf, type LspClient } from "../helpers/lsp-client.js";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const THRESHOLD = "riskScore: { gte: 8.5 }";
const RAISED = "riskScore: { gte: 9.5 }";

let repo: TempRepo;
let client: LspClient;
let path: string;
let original: string;
let version = 1;
const logs: string[] = [];
let refreshes = 0;

beforeAll(async () => {
  repo = makeCommittedRepo().repo;
  path = join(repo.dir, POLICY);
  original = readFileSync(path, "utf8");
  // A client that can refresh lenses: the server asks it to whenever the weakening lens changes.
  client = await startLspClient(repo.dir, { capabilities: { workspace: { codeLens: { refreshSupport: true } } } });
  client.connection.onNotification("window/logMessage", (params: { message: string }) => logs.push(params.message));
  client.connection.onRequest("workspace/codeLens/refresh", () => {
    refreshes++;
    return null;
  });
  client.open(path, original);
  await client.settle(path);
});

afterAll(async () => {
  await client?.stop();
  repo?.remove();
});

interface Lens {
  range: { start: { line: number; character: number } };
  command: { title: string; command: string };
}

async function lenses(): Promise<Lens[]> {
  return client.connection.sendRequest<Lens[]>("textDocument/codeLens", { textDocument: { uri: uriOf(path) } });
}

/** The weakening lens (line 0, before the rules' lenses) once its comparison is over; polled, at most 600 times. */
async function settledWeakeningLens(): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const [first] = await lenses();
    if (first !== undefined && !first.command.title.endsWith("computing...")) return first.command.title;
    await sleep(100);
  }
  throw new Error("the weakening lens never settled");
}

/** The buffer replaced by `text`, written to disk, and saved, as an editor saves. */
async function editAndSave(text: string): Promise<void> {
  client.change(path, ++version, [{ text }]);
  writeFileSync(path, text);
  await client.connection.sendNotification("textDocument/didSave", { textDocument: { uri: uriOf(path) } });
}

describe("the weakening lens", () => {
  it("is absent before the first save, says weaker with compare's causes after a save that raises a threshold, equivalent after the save that takes it back", { timeout: 120_000 }, async () => {
    expect((await lenses()).every((lens) => !lens.command.title.startsWith("compared with HEAD"))).toBe(true);

    const raised = original.replace(THRESHOLD, RAISED);
    expect(raised).not.toBe(original);
    await editAndSave(raised);
    const compared = await runCli(["compare", "--base", "HEAD", "--format", "json", POLICY], { cwd: repo.dir });
    const [policy] = (JSON.parse(compared.stdout) as { policies: Array<{ verdict: string; causes: unknown[] }> }).policies;
    expect(policy!.verdict).toBe("weaker");
    const causes = policy!.causes.length;
    const [lens] = await lenses();
    expect(lens!.range.start).toEqual({ line: 0, character: 0 });
    expect(await settledWeakeningLens()).toBe(`compared with HEAD: weaker (${causes} cause${causes === 1 ? "" : "s"})`);
    // Asked to refresh when the comparison started and when it ended.
    expect(refreshes).toBeGreaterThanOrEqual(2);
    // The rules' "N test cases" lenses stay after it.
    expect((await lenses()).slice(1).every((rule) => / test cases?$/.test(rule.command.title))).toBe(true);

    await editAndSave(original);
    expect(await settledWeakeningLens()).toBe("compared with HEAD: equivalent (the file is as in HEAD)");
  });

  it("is cancelled by an edit while it computes: the comparison's child is killed, diagnostics still come, and the next save compares again", { timeout: 120_000 }, async () => {
    const raised = original.replace(THRESHOLD, RAISED);
    await editAndSave(raised);
    // The edit reaches the server long before a child Node process could start, lint both versions and run the solver.
    client.change(path, ++version, [{ text: `${raised}\n` }]);
    await client.settle(path);
    expect((await lenses())[0]!.command.title).toBe("compared with HEAD: cancelled by an edit; save to compare again");
    expect(logs).toContain(`screenpol: the comparison with HEAD of ${uriOf(path)} was cancelled by an edit`);
    expect(client.diagnostics(path)).toBeDefined();

    await editAndSave(raised);
    expect(await settledWeakeningLens()).toMatch(/^compared with HEAD: weaker \(\d+ causes?\)$/);
    await editAndSave(original);
    expect(await settledWeakeningLens()).toBe("compared with HEAD: equivalent (the file is as in HEAD)");
  });
});

describe("the weakening lens outside Git", () => {
  it("says compare's own line when there is no HEAD to compare with", { timeout: 120_000 }, async () => {
    const plain = makeTempRepo();
    const other = await startLspClient(plain.dir);
    try {
      const file = join(plain.dir, POLICY);
      other.open(file, readFileSync(file, "utf8"));
      await other.connection.sendNotification("textDocument/didSave", { textDocument: { uri: uriOf(file) } });
      const compared = await runCli(["compare", "--base", "HEAD", "--format", "json", POLICY], { cwd: plain.dir });
      expect(compared.code).toBe(2);
      let title = "";
      for (let attempt = 0; attempt < 600 && !title.startsWith("compared with HEAD: not"); attempt++) {
        const [first] = await other.connection.sendRequest<Lens[]>("textDocument/codeLens", { textDocument: { uri: uriOf(file) } });
        title = first?.command.title ?? "";
        await sleep(100);
      }
      expect(title).toBe(`compared with HEAD: not compared (${compared.stderr.trim().replace(/^screenpol: /, "")})`);
    } finally {
      await other.stop();
      plain.remove();
    }
  });
});
