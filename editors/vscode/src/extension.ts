// The screenpol extension: VS Code's client for `screenpol lsp --stdio` (docs/editors.md, "VS Code").
// Everything the editor shows comes from the server; this file only says which files it is for and
// which command to start, so that the extension never lags behind the screenpol the repository pins.
import { isAbsolute, join } from "node:path";
import { type ExtensionContext, window, workspace } from "vscode";
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from "vscode-languageclient/node";

// The repository layout of the config's default `paths` (toolkit.md; src/core/config.ts DEFAULT_PATHS):
// policies and their address entries, policy tests, webhooks, and the config itself. The server
// decides what each file is; a YAML file outside these is left to other extensions.
const DOCUMENTS: LanguageClientOptions["documentSelector"] = [
  { scheme: "file", language: "yaml", pattern: "**/policies/**/*.{yaml,yml}" },
  { scheme: "file", language: "yaml", pattern: "**/tests/**/*.test.{yaml,yml}" },
  { scheme: "file", language: "yaml", pattern: "**/webhooks/*.{yaml,yml}" },
  { scheme: "file", language: "yaml", pattern: "**/screenpol.config.yaml" },
];

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const folder = workspace.workspaceFolders?.[0]?.uri.fsPath;
  const command = screenpolCommand(workspace.getConfiguration("screenpol").get<string>("path", ""), folder);
  // `--stdio` is added by the client for TransportKind.stdio. On Windows node_modules/.bin/screenpol
  // is a .cmd file, which only a shell starts.
  const server: ServerOptions = {
    command,
    args: ["lsp"],
    transport: TransportKind.stdio,
    options: { cwd: folder, shell: process.platform === "win32" },
  };
  client = new LanguageClient("screenpol", "screenpol", server, {
    // No `synchronize.fileEvents`: the server registers its own watcher of the files whose changes
    // re-check the open ones (src/lsp/server.ts), and a second would send each change twice.
    documentSelector: DOCUMENTS,
  });
  context.subscriptions.push(
    workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("screenpol.path")) {
        void window.showInformationMessage("screenpol: reload the window to start the language server with the new screenpol.path.");
      }
    }),
  );
  try {
    await client.start();
  } catch (error) {
    // One readable line, not the client's stack: most often the command is missing
    // (screenpol not installed in the repository and screenpol.path not set).
    void window.showErrorMessage(`screenpol: could not start \`${command} lsp --stdio\`: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}

/** The `screenpol.path` setting resolved against the workspace folder; empty means the repository's own install. */
function screenpolCommand(setting: string, folder: string | undefined): string {
  const bin = process.platform === "win32" ? "screenpol.cmd" : "screenpol";
  if (setting.trim() === "") return folder === undefined ? "screenpol" : join(folder, "node_modules", ".bin", bin);
  if (isAbsolute(setting) || folder === undefined || !/[\\/]/.test(setting)) return setting;
  return join(folder, setting);
}
