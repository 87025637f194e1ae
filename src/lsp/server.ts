/**
 * `screenpol lsp --stdio`: the language server, a second front end beside
 * cli/ (style.md, `lsp/`): the protocol in, app and core out. Each open buffer
 * is linted as `screenpol lint` lints its file, with every other file of the
 * repository as it is on disk (or in its own open buffer); the findings,
 * their quick fixes, fmt, a rule's decision in words and an outline are served
 * from that one lint.
 *
 * Edits are applied one at a time, in order; the edits that arrive while a
 * lint runs are linted together after it, so a fast typist never queues a
 * lint per keystroke. A request that reads the lint (code actions, hover)
 * waits for the edits before it, so it never answers about an older text.
 */
import { fileURLToPath } from "node:url";
import { dirname, sep } from "node:path";
import {
  AbstractMessageWriter,
  createProtocolConnection,
  type CancellationToken,
  DidChangeWatchedFilesNotification,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  CodeLensRefreshRequest,
  StreamMessageReader,
  TextDocuments,
  type InitializeResult,
  type Message,
  type MessageWriter,
} from "vscode-languageserver/node.js";
import { createConnection, type WatchDog } from "vscode-languageserver/lib/common/server.js";
import { TextDocument } from "vscode-languageserver-textdocument";
import { findEditorRoot, openEditorWorkspace, type EditorWorkspace } from "../app/editor-workspace.js";
import { formatFile, type FormattableKind } from "../core/fmt/format-file.js";
import { PACKAGE_VERSION } from "../core/generated/release.js";
import { codeActionsFor, minimalEdit } from "./code-actions.js";
import { toLspDiagnostic } from "./diagnostics.js";
import { hoverAt } from "./hover.js";
import { testCaseHover } from "./test-hover.js";
import { casesReaching, policyTests, testSummary } from "./test-reach.js";
import { contains, parsedDocument, placedItems } from "./rules.js";
import { pinTestAction } from "./pin-test.js";
import { completionsAt, definitionAt } from "./navigation.js";
import { documentSymbols } from "./symbols.js";
import { schemaCompletions, schemaHover } from "./schema-assist.js";
import { LENS_LIMIT_MS, LENS_TITLE_PREFIX, WeakeningLenses } from "./weakening-lens.js";

export interface LanguageServerStreams {
  /** The client's messages (standard input). */
  input: NodeJS.ReadableStream;
  /** Where the messages to the client go (standard output): each write is one whole message, header and body. */
  output: { write(chunk: string): unknown };
  /** How long a weakening lens's comparison may take before it is stopped and says `unknown` (default {@link LENS_LIMIT_MS}). */
  lensLimitMs?: number;
}

/** A message to a client that is gone (the connection closed under a pending publish) has no one to tell. */
const ignoreClosed = (): undefined => undefined;

/** LSP's TextDocumentSyncKind.Incremental: the client sends each edit, not the whole text. */
const INCREMENTAL_SYNC = 2;

/** The command of the rules' lenses: runs the policy's tests over the open buffers and files on disk, and says the counts. */
const RUN_TESTS_COMMAND = "screenpol.test";

const FORMATTABLE: ReadonlySet<string> = new Set<FormattableKind>(["policy", "addresses", "webhooks", "policy-test"]);

/** Where an open document belongs: its repository and its path there; undefined outside any repository. */
interface Place {
  workspace: EditorWorkspace;
  file: string;
}

/**
 * Serves until the client's `exit` (or until the input ends). Resolves with the
 * exit code the protocol prescribes: 0 after a `shutdown` request, else 1
 * (LSP 3.17, "Exit Notification").
 */
export function runLanguageServer(streams: LanguageServerStreams): Promise<number> {
  return new Promise((resolve) => {
    let shutdownReceived = false;
    let ended = false;
    const watchDog: WatchDog = {
      get shutdownReceived() {
        return shutdownReceived;
      },
      set shutdownReceived(value) {
        shutdownReceived = value;
      },
      // The editor's process id is not polled: the editor going away closes standard input, which ends the server too.
      initialize: () => undefined,
      exit: (code) => finish(code),
    };
    const connection = createConnection((logger) => createProtocolConnection(new StreamMessageReader(streams.input), new FrameWriter(streams.output), logger), watchDog);
    const finish = (code: number): void => {
      if (ended) return;
      ended = true;
      lenses.dispose();
      connection.dispose();
      // The reader left standard input flowing: stopped, the process can end once the command returns.
      streams.input.pause();
      if ("destroy" in streams.input && typeof streams.input.destroy === "function") streams.input.destroy();
      resolve(code);
    };
    streams.input.on("end", () => finish(shutdownReceived ? 0 : 1));
    streams.input.on("close", () => finish(shutdownReceived ? 0 : 1));

    const documents = new TextDocuments(TextDocument);
    const roots = new Map<string, Promise<string | undefined>>();
    const workspaces = new Map<string, Promise<EditorWorkspace>>();
    const places = new Map<string, Place | undefined>();
    /** What was last published per document, so that an unchanged list is not sent again. */
    const published = new Map<string, string>();
    const logged = new Set<string>();
    const logOnce = (line: string): void => {
      if (logged.has(line)) return;
      logged.add(line);
      connection.console.info(line);
    };

    const placeOf = async (uri: string): Promise<Place | undefined> => {
      if (!uri.startsWith("file:")) return undefined;
      const path = fileURLToPath(uri);
      const folder = dirname(path);
      if (!roots.has(folder)) roots.set(folder, findEditorRoot(folder));
      const root = await roots.get(folder);
      if (root === undefined) {
        logOnce(`screenpol: no screenpol.config.yaml in ${folder} or any parent folder; its files are not checked`);
        return undefined;
      }
      if (!workspaces.has(root)) workspaces.set(root, openEditorWorkspace(root));
      const workspace = await workspaces.get(root)!;
      const file = await workspace.fileOf(path);
      return file === undefined ? undefined : { workspace, file };
    };

    // One chain of edits, applied in order; `pending` gathers the documents edited while the chain is busy.
    let chain: Promise<void> = Promise.resolve();
    const pending = new Map<string, "open" | "close">();
    const enqueue = (uri: string, kind: "open" | "close"): void => {
      const idle = pending.size === 0;
      pending.set(uri, kind);
      if (idle) chain = chain.then(applyPending).catch(logFailure);
    };
    /** A lint that failed (a file system error) is one line in the editor's log; the server goes on. */
    const logFailure = (error: unknown): void => connection.console.error(`screenpol: ${error instanceof Error ? error.message : String(error)}`);
    const applyPending = async (): Promise<void> => {
      const batch = [...pending];
      pending.clear();
      const touched = new Set<EditorWorkspace>();
      for (const [uri, kind] of batch) {
        if (kind === "close") {
          const place = places.get(uri);
          places.delete(uri);
          published.delete(uri);
          void connection.sendDiagnostics({ uri, diagnostics: [] }).catch(ignoreClosed);
          if (place) {
            await place.workspace.closeBuffer(place.file);
            touched.add(place.workspace);
          }
          continue;
        }
        const document = documents.get(uri);
        if (!document) continue;
        if (!places.has(uri)) places.set(uri, await placeOf(uri));
        const place = places.get(uri);
        if (!place) {
          void publish(uri, "[]", []);
          continue;
        }
        await place.workspace.setBuffer(place.file, document.getText());
        touched.add(place.workspace);
      }
      publishAll(touched);
    };
    /** The findings of every open document of these repositories: a cross-file finding (duplicate-policy) may come or go in any of them. */
    const publishAll = (touched: ReadonlySet<EditorWorkspace>): void => {
      for (const [uri, place] of places) {
        if (!place || !touched.has(place.workspace)) continue;
        const diagnostics = place.workspace.lint().result.diagnostics.filter((d) => d.file === place.file).map(toLspDiagnostic);
        void publish(uri, JSON.stringify(diagnostics), diagnostics);
      }
    };
    const publish = (uri: string, key: string, diagnostics: ReturnType<typeof toLspDiagnostic>[]): Promise<void> | undefined => {
      if (published.get(uri) === key) return undefined;
      published.set(uri, key);
      return connection.sendDiagnostics({ uri, diagnostics }).catch(ignoreClosed);
    };
    /** The document's place once every edit before this request is linted. */
    /**
     * A request cancelled while it waited for the edits before it is answered
     * RequestCancelled (LSP 3.17, "Cancellation Support"): the editor moved on,
     * and its next request reads the newer text.
     */
    const settledPlace = async (uri: string, token: CancellationToken): Promise<Place | undefined> => {
      while (pending.size > 0) await chain;
      await chain;
      if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, "cancelled by the client");
      return places.get(uri);
    };

    documents.onDidOpen((event) => {
      enqueue(event.document.uri, "open");
      // A policy is open: its first save will find the comparison process started, z3 loaded.
      void placeOf(event.document.uri)
        .then((place) => {
          if (place && place.workspace.roleOf(place.file).kind === "policy") lenses.prepare();
        })
        .catch(() => undefined);
    });
    documents.onDidChangeContent((event) => {
      saves.set(event.document.uri, (saves.get(event.document.uri) ?? 0) + 1);
      lenses.cancel(event.document.uri, "an edit");
      enqueue(event.document.uri, "open");
    });
    documents.onDidClose((event) => {
      lenses.forget(event.document.uri);
      enqueue(event.document.uri, "close");
    });

    // The weakening lens: the saved policy compared with HEAD in the comparison process, never on the chain of edits.
    let refreshesLenses = false;
    const lenses = new WeakeningLenses(
      () => {
        if (refreshesLenses) void connection.sendRequest(CodeLensRefreshRequest.type).catch(ignoreClosed);
      },
      (line) => connection.console.info(line),
      streams.lensLimitMs ?? LENS_LIMIT_MS,
    );
    /** Counts the edits and saves of each document, so that a save whose place resolves after a newer edit starts nothing. */
    const saves = new Map<string, number>();
    documents.onDidSave(async (event) => {
      const uri = event.document.uri;
      const generation = (saves.get(uri) ?? 0) + 1;
      saves.set(uri, generation);
      const place = await placeOf(uri).catch(() => undefined);
      if (!place || saves.get(uri) !== generation || place.workspace.roleOf(place.file).kind !== "policy") return;
      lenses.start(uri, place.workspace.root, place.file);
    });

    let watchesFiles = false;
    connection.onInitialize((params): InitializeResult => {
      watchesFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
      refreshesLenses = params.capabilities.workspace?.codeLens?.refreshSupport === true;
      return {
        capabilities: {
          textDocumentSync: { openClose: true, change: INCREMENTAL_SYNC, save: { includeText: false } },
          codeActionProvider: { codeActionKinds: ["quickfix", "refactor"] },
          documentFormattingProvider: true,
          hoverProvider: true,
          documentSymbolProvider: true,
          definitionProvider: true,
          codeLensProvider: { resolveProvider: false },
          executeCommandProvider: { commands: [RUN_TESTS_COMMAND] },
          completionProvider: { triggerCharacters: [" ", ":"] },
        },
        serverInfo: { name: "screenpol", version: PACKAGE_VERSION },
      };
    });

    // Files changed outside the editor (a checkout, `catalog sync`) re-check the open files they affect: the client watches them when it can.
    connection.onInitialized(() => {
      if (watchesFiles) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: "**/*.{yaml,yml,json}" }] }).catch(logFailure);
    });

    // Chained at once, so that a request after this notification waits for its re-reads.
    connection.onDidChangeWatchedFiles((params) => {
      chain = chain
        .then(async () => {
          const byWorkspace = new Map<EditorWorkspace, string[]>();
          for (const change of params.changes) {
            if (!change.uri.startsWith("file:")) continue;
            const path = fileURLToPath(change.uri);
            for (const [root, opening] of workspaces) {
              if (!path.startsWith(`${root}${sep}`)) continue;
              const workspace = await opening;
              byWorkspace.set(workspace, [...(byWorkspace.get(workspace) ?? []), path]);
            }
          }
          for (const [workspace, paths] of byWorkspace) await workspace.filesChanged(paths);
          publishAll(new Set(byWorkspace.keys()));
        })
        .catch(logFailure);
    });

    connection.onCodeAction(async (params, token) => {
      const place = await settledPlace(params.textDocument.uri, token);
      const document = documents.get(params.textDocument.uri);
      if (!place || !document) return [];
      const role = place.workspace.roleOf(place.file);
      const lint = place.workspace.lint();
      const actions = codeActionsFor(document, place.file, role, lint, params.range);
      // On a rule's id: a test case that pins what the rule decides.
      const parsed = role.kind === "policy" ? parsedDocument(document.getText()) : undefined;
      const rule = parsed ? placedItems(parsed, ["rules", "postScreen"], "id").find((item) => Object.hasOwn(item.value, "id") && contains(item.nameRange, params.range.start)) : undefined;
      const pin = rule ? pinTestAction(place.file, role, place.workspace.root, lint, rule, new Date()) : undefined;
      return pin ? [...actions, pin] : actions;
    });

    connection.onDocumentFormatting(async (params, token) => {
      const place = await settledPlace(params.textDocument.uri, token);
      const document = documents.get(params.textDocument.uri);
      if (!place || !document) return [];
      const kind = place.workspace.roleOf(place.file).kind;
      // fmt formats these kinds only (app/fmt.ts); any other file is left as it is, as `screenpol fmt` leaves it.
      if (!FORMATTABLE.has(kind)) return [];
      const text = document.getText();
      const outcome = formatFile(text, kind as FormattableKind);
      // The line `screenpol fmt` prints for the file it leaves as it is (cli/commands/fmt.ts).
      if (!outcome.ok) throw new ResponseError(LSPErrorCodes.RequestFailed, `screenpol: fmt: ${place.file}: ${outcome.reason}`);
      return outcome.text === text ? [] : [minimalEdit(document, text, outcome.text)];
    });

    connection.onHover(async (params, token) => {
      const place = await settledPlace(params.textDocument.uri, token);
      const document = documents.get(params.textDocument.uri);
      if (!place || !document) return null;
      const role = place.workspace.roleOf(place.file);
      const lint = place.workspace.lint();
      if (role.kind === "policy-test") return testCaseHover(document.getText(), place.file, role, lint, params.position, new Date());
      return hoverAt(document.getText(), place.file, role, lint, params.position, new Date()) ?? schemaHover(document.getText(), role, lint, params.position);
    });

    connection.onDocumentSymbol(async (params, token) => {
      const place = await settledPlace(params.textDocument.uri, token);
      const document = documents.get(params.textDocument.uri);
      if (!place || !document) return [];
      return documentSymbols(document.getText(), place.workspace.roleOf(place.file));
    });

    connection.onDefinition(async (params, token) => {
      const place = await settledPlace(params.textDocument.uri, token);
      const document = documents.get(params.textDocument.uri);
      if (!place || !document) return null;
      return definitionAt(document.getText(), place.workspace.roleOf(place.file), place.workspace.root, place.workspace.lint(), params.position);
    });

    connection.onCompletion(async (params, token) => {
      const place = await settledPlace(params.textDocument.uri, token);
      const document = documents.get(params.textDocument.uri);
      if (!place || !document) return [];
      const role = place.workspace.roleOf(place.file);
      const lint = place.workspace.lint();
      return [...completionsAt(document.getText(), role, lint, params.position), ...schemaCompletions(document.getText(), role, lint, params.position)];
    });

    // Per rule of a policy: how many test cases it decides, with the command that runs the policy's tests.
    connection.onCodeLens(async (params, token) => {
      const place = await settledPlace(params.textDocument.uri, token);
      const document = documents.get(params.textDocument.uri);
      if (!place || !document || place.workspace.roleOf(place.file).kind !== "policy") return [];
      const weakening = lenses.stateOf(params.textDocument.uri);
      // Not clickable: a lens with an empty command is a label (LSP 3.17, "Code Lens Request").
      const weakeningLens = weakening === undefined ? [] : [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, command: { title: weakening.kind === "computing" ? `${LENS_TITLE_PREFIX}: computing...` : weakening.title, command: "" } }];
      const parsed = parsedDocument(document.getText());
      if (!parsed) return weakeningLens;
      const reaching = casesReaching(policyTests(place.workspace.lint(), place.file, new Date()).tests);
      return [...weakeningLens, ...placedItems(parsed, ["rules", "postScreen"], "id")
        .filter((rule) => typeof rule.value.id === "string")
        .map((rule) => {
          const count = reaching.get(rule.value.id as string) ?? 0;
          return { range: rule.nameRange, command: { title: `${count} test case${count === 1 ? "" : "s"}`, command: RUN_TESTS_COMMAND, arguments: [params.textDocument.uri] } };
        })];
    });

    connection.onExecuteCommand(async (params, token) => {
      const [uri] = params.arguments ?? [];
      if (params.command !== RUN_TESTS_COMMAND || typeof uri !== "string") return null;
      const place = await settledPlace(uri, token);
      if (!place) return null;
      const summary = testSummary(place.file, policyTests(place.workspace.lint(), place.file, new Date()));
      // A notification, not showMessageRequest: nothing to wait for, and a client without that request cannot fail it.
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: summary }).catch(ignoreClosed);
      return summary;
    });

    documents.listen(connection);
    connection.listen();
  });
}

/**
 * Writes each message as one string, header and body together: the output is
 * the command's standard output, which takes whole writes (cli/io.ts).
 */
class FrameWriter extends AbstractMessageWriter implements MessageWriter {
  constructor(private readonly output: LanguageServerStreams["output"]) {
    super();
  }

  write(message: Message): Promise<void> {
    const body = JSON.stringify(message);
    try {
      this.output.write(`Content-Length: ${Buffer.byteLength(body, "utf8")}\r\n\r\n${body}`);
      return Promise.resolve();
    } catch (error) {
      this.fireError(error, message, 0);
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  end(): void {}
}
