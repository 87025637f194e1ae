/**
 * The commander program. Each command's module is imported when it runs, so
 * `screenpol lint` never loads undici, diff or chokidar (cold start matters: it
 * runs on every commit).
 */
import { Command, Option } from "commander";
import { FORMAT_NAMES } from "../core/formats/index.js";
import type { ExitCode } from "./exit-codes.js";
import type { CliIo } from "./io.js";
import { VERSION } from "./version.js";

/** Builds the program; the chosen command's exit code lands in `result.code`. */
export function buildProgram(io: CliIo, result: { code: ExitCode }): Command {
  const program = new Command("screenpol")
    .description("Address-screening policies as code: lint, plan and push ScreeningPolicies.")
    .version(VERSION, "-v, --version")
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(`screenpol: ${text.replace(/^error: /, "")}`),
    });

  program
    .command("lint")
    .description("validate policies, address entries, webhooks and the config offline")
    .argument("[paths...]", "files or folders (default: the config, policies/ and webhooks/)")
    .addOption(new Option("-f, --format <name>", "output format").choices(FORMAT_NAMES).default("pretty"))
    .option("--staged", "lint the files as staged in the Git index (pre-commit)")
    .option("--max-warnings <n>", "exit 1 when there are more warnings than this")
    .action(async (paths: string[], flags) => {
      const { lintCommand } = await import("./commands/lint.js");
      result.code = await lintCommand(paths, flags, io);
    });

  program
    .command("watch")
    .description("re-lint on every save and redraw the findings")
    .argument("[paths...]", "files or folders (default: the config, policies/ and webhooks/)")
    .action(async (paths: string[]) => {
      const { watchCommand } = await import("./commands/watch.js");
      result.code = await watchCommand(paths, io);
    });

  program
    .command("schema")
    .description("print the JSON Schema of a policy file, for editors (yaml-language-server)")
    .option("--vendor <providerType>", "vendorAWalletScreening or vendorBAddressScreening", "vendorAWalletScreening")
    .option("--schema-version <n>", "rule language version, 1 or 2", "2")
    .option("--kind <kind>", "policy, addresses, webhooks or config", "policy")
    .action(async (flags) => {
      const { schemaCommand } = await import("./commands/schema.js");
      result.code = schemaCommand(flags, io);
    });

  program
    .command("emulator")
    .description("run the local emulator of the admin service on loopback (Ctrl-C stops it)")
    .option("--port <port>", "TCP port, 0 for any free one", "4010")
    .option("--host <host>", "loopback address to listen on: 127.0.0.1, ::1 or localhost", "127.0.0.1")
    .option("--state <file>", "JSON state file, loaded on start and written atomically after every write (default .screenpol-emulator.json)")
    .option("--in-memory", "keep the state in memory only")
    .option("--reset", "start from the seed, replacing the state file")
    .option("--catalog-size <n>", "tokens in the seeded token catalog", "3000")
    .option("--token <value=scopes>", "accept another API token with these comma-separated scopes (repeatable)", collect, [])
    .option("--fault <spec>", 'inject a fault, e.g. "GET /tokenCatalog=503x3" (repeatable)', collect, [])
    .option("--json", "print the base URL and tokens as one JSON object")
    .action(async (flags) => {
      const { emulatorCommand } = await import("./commands/emulator.js");
      result.code = await emulatorCommand(flags, io);
    });

  return program;
}

/** commander's accumulator for a repeatable option. */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
