/**
 * The worker thread of a parallel lint (app/lint-parallel.ts): one chunk of
 * files in, their per-file results out. Started from the library's dist/app/
 * and, as its own entry point, from the CLI bundle's dist/bin/.
 */
import { parentPort } from "node:worker_threads";
import { lintFile, type FileLint } from "../core/lint.js";
import type { TokenCatalogIndex } from "../core/catalog.js";
import { loadLintCatalog } from "./catalog-load.js";
import type { LintChunkReply, LintChunkRequest } from "./lint-parallel.js";

parentPort?.once("message", (request: LintChunkRequest) => {
  lintChunk(request).then(
    (results): void => reply({ ok: true, results }),
    (error: unknown): void => reply({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});

async function lintChunk(request: LintChunkRequest): Promise<FileLint[]> {
  let catalog: TokenCatalogIndex | undefined;
  if (request.catalog) {
    const loaded = await loadLintCatalog(request.catalog.root, request.config);
    if (loaded.status !== "loaded" || loaded.version !== request.catalog.version || loaded.index.size !== request.catalog.size) {
      throw new Error("the token catalog snapshot changed while linting");
    }
    catalog = loaded.index;
  }
  const options = { config: request.config, now: request.now, catalog };
  return request.sources.map((source) => lintFile(source, options));
}

function reply(message: LintChunkReply): void {
  parentPort?.postMessage(message);
}
