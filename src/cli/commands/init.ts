import { initRepository } from "../../app/init.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { VERSION } from "../version.js";
import { resolve } from "node:path";

/** `screenpol init [directory]`: scaffold a policy repository that lints clean as written. */
export async function initCommand(directory: string | undefined, io: CliIo): Promise<ExitCode> {
  const { created } = await initRepository({ directory: resolve(io.cwd, directory ?? "."), version: VERSION });
  const lines = [
    ...created.map((path) => `created  ${path}`),
    "",
    "Next:",
    "  1. replace the placeholder environment id in screenpol.config.yaml with your sandbox's id",
    "  2. screenpol lint                    # passes as scaffolded",
    "  3. pre-commit install                # lint every commit (or see docs/integrations.md for husky, lefthook)",
    "  4. commit and open a pull request    # .github/workflows/screenpol.yml lints it and comments the plan",
  ];
  io.stdout.write(`${lines.join("\n")}\n`);
  return EXIT.ok;
}
