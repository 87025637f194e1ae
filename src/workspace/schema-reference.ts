/**
 * The `# yaml-language-server: $schema=` target of a file screenpol writes
 * (pull's policies, compare's tests): the repository's schemas/ folder as the
 * sample repository has it, else the installed package's, else the schema's
 * published $id. Relative to the file's folder, `/`-separated, as editors read it.
 */
import { join, relative, sep } from "node:path";
import { pathExists } from "./repository.js";

export async function schemaReference(root: string, fileDir: string, name: string): Promise<string> {
  for (const candidate of [join(root, "schemas", name), join(root, "node_modules", "screenpol", "schemas", name)]) {
    if (await pathExists(candidate)) return relative(fileDir, candidate).split(sep).join("/");
  }
  return `https://screenpol.dev/schemas/${name}`;
}
