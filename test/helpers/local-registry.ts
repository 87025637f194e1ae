/**
 * An npm registry on 127.0.0.1 for the install tests: every package of this
 * repository's package-lock.json, served from the exact tarballs npm already
 * has in its cache (found by their integrity; `npm ci` put them there), with
 * packuments built from the lockfile. So `npm install` from a clean cache
 * folder runs as on a clean machine, without the network. A package whose
 * tarball is not in the cache (another platform's optional build) is left out.
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";
import { PROJECT_ROOT } from "./run-cli.js";

interface LockEntry {
  version: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, unknown>;
  bin?: Record<string, string> | string;
  engines?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  license?: string;
}

export interface LocalRegistry {
  url: string;
  /** Tarballs served, by package name: what an install really fetched. */
  served: string[];
  close(): Promise<void>;
}

/** The npm cache folder: `npm_config_cache`, else npm's default. */
function npmCache(): string {
  return process.env.npm_config_cache ?? join(homedir(), ".npm");
}

function cachedTarball(integrity: string): string | undefined {
  const [algorithm, digest] = integrity.split("-");
  if (!algorithm || !digest) return undefined;
  const hex = Buffer.from(digest, "base64").toString("hex");
  const path = join(npmCache(), "_cacache", "content-v2", algorithm, hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
  return existsSync(path) ? path : undefined;
}

export async function startLocalRegistry(): Promise<LocalRegistry> {
  const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  /** name -> version -> entry and tarball path. */
  const packages = new Map<string, Map<string, { entry: LockEntry; tarball: string }>>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key.includes("node_modules/") || !entry.integrity) continue;
    const tarball = cachedTarball(entry.integrity);
    if (!tarball) continue;
    const name = key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
    if (!packages.has(name)) packages.set(name, new Map());
    packages.get(name)!.set(entry.version, { entry, tarball });
  }
  const served: string[] = [];
  let base = "";
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? "/").split("?")[0]!.slice(1));
    const tarballMatch = /^(.+)\/-\/[^/]+-(\d[^/]*)\.tgz$/.exec(path);
    if (tarballMatch) {
      const found = packages.get(tarballMatch[1]!)?.get(tarballMatch[2]!);
      if (!found) return void response.writeHead(404).end();
      served.push(tarballMatch[1]!);
      response.writeHead(200, { "content-type": "application/octet-stream" }).end(readFileSync(found.tarball));
      return;
    }
    const versions = packages.get(path);
    if (!versions) return void response.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
    const sorted = [...versions.keys()];
    const packument = {
      name: path,
      "dist-tags": { latest: sorted.at(-1) },
      versions: Object.fromEntries(
        [...versions].map(([version, { entry }]) => {
          const file = `${path.split("/").at(-1)}-${version}.tgz`;
          const { integrity, ...manifest } = entry;
          return [version, { ...manifest, name: path, version, dist: { tarball: `${base}/${path}/-/${file}`, integrity } }];
        }),
      ),
    };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(packument));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    served,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // npm keeps its connections alive; close() alone waits for them to time out (a 30 s hook timeout under load).
        server.closeAllConnections();
      }),
  };
}
