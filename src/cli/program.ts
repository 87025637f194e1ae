/**
 * The commander program. Each command's module is imported when it runs, so
 * `screenpol lint` never loads undici, diff or chokidar (cold start matters: it
 * runs on every commit).
 */
import { Command, Option } from "commander";
import { CATALOG_LIMIT, MAX_SECONDS_RANGE, MAX_TOKENS_RANGE } from "../core/catalog-bounds.js";
import { SCHEMA_VERSIONS, SCOPES, VENDORS } from "../core/vendors.js";
import { DEFAULT_SAMPLES, REPLAY_ENGINE_NAMES, SAMPLES_RANGE } from "../core/replay/sample-bounds.js";
import { SQL_DIALECTS } from "../core/semantics/sql/dialect.js";
import { CATALOG_SIZE_RANGE, PORT_RANGE } from "../emulator/bounds.js";
import { COMPARE_FORMAT_NAMES, FORMAT_NAMES, TEST_FORMAT_NAMES } from "../core/formats/index.js";
import { isoDateTime } from "./date-time.js";
import { skippedBound } from "./max-skipped.js";
import type { ExitCode } from "./exit-codes.js";
import type { CliIo } from "./io.js";
import { addRemoteOptions } from "./remote-options.js";
import { readSolverTimeout, SOLVER_TIMEOUT_FLAG, SOLVER_TIMEOUT_HELP } from "./solver-timeout.js";
import { addCommandHelp } from "./help.js";
import { VERSION } from "./version.js";
import { wholeNumber } from "./whole-number.js";

/** Users per page (admin-api.md, operation 7; the client checks the same bound). */
const USERS_LIMIT = { min: 1, max: 100 } as const;
/** A device sign-in's polling interval: at least 1 s (RFC 8628 gives none; oauth4webapi refuses 0), at most 5 minutes. */
const POLL_INTERVAL_RANGE = { min: 1, max: 300 } as const;
/** `--base-url` of login and logout, which need no config. */
const SIGN_IN_BASE_URL_HELP = "admin API base URL (default: SCREENPOL_BASE_URL, the config's baseUrl, or the emulator's)";
/** `--format pretty|json`, of the commands whose output is a report or one JSON document. */
const prettyOrJson = (): Option => new Option("-f, --format <name>", "output format").choices(["pretty", "json"]).default("pretty");
/** Counts with no bound of their own: any safe whole number from 0. */
const ANY_COUNT = { min: 0, max: Number.MAX_SAFE_INTEGER } as const;

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
    .option("-o, --output-file <file>", "write the report in --format to this file; the terminal gets the readable report")
    .option("-q, --quiet", "errors only: warnings are neither reported nor counted by --max-warnings")
    .option("--show-suppressed", "also list the findings suppression comments hide, with their reasons (pretty)")
    .option("--suppress-all", "accept today's findings: write them, per file and code, to screenpol-suppressions.json with a reason to fill in (never the compliance and structural ones)")
    .option("--fix", "fix the findings that have one safe fix (enum case, providerType and scope from the path, a token by its only symbol, a key one letter off), comments kept")
    .option("--fix-dry-run", "print the fixes as diffs; write nothing")
    .option("--cache", "reuse the results of files unchanged since the last run with the same config, schemas and catalog (.screenpol-cache)")
    .option("--cache-location <path>", "the cache file, or a folder to keep .screenpol-cache in (implies --cache)")
    .addOption(new Option("--max-warnings <n>", "exit 1 when there are more warnings than this").argParser(wholeNumber(ANY_COUNT)))
    .action(async (paths: string[], flags) => {
      const { lintCommand } = await import("./commands/lint.js");
      result.code = await lintCommand(paths, flags, io);
    });

  program
    .command("test")
    .description("run the policy test files: each case's screening decided against the local policy")
    .argument("[paths...]", "test files or folders (default: the config's tests/ folder, *.test.yaml)")
    .addOption(new Option("-f, --format <name>", "output format").choices(TEST_FORMAT_NAMES).default("pretty"))
    .option("-o, --output-file <file>", "write the report in --format to this file; the terminal gets the readable report")
    .option("--coverage", "per policy, the share of rules and steps some case reached and those none reached; untested policies at 0%")
    .option("--threshold <percent>", "exit 1 when the overall coverage is under this percentage (0 to 100); implies --coverage")
    .option("--run <regex>", "run only the cases whose name matches this regular expression")
    .option("--staged", "read the test files, policies and address entries as staged in the Git index (a hook)")
    .addOption(new Option("--now <date-time>", "the clock for address entries' expiresAt, ISO 8601 (default: now)").argParser(isoDateTime))
    .action(async (paths: string[], flags) => {
      const { testCommand } = await import("./commands/test.js");
      result.code = await testCommand(paths, flags, io);
    });

  addRemoteOptions(
    program
      .command("watch")
      .description("re-lint on every save and redraw the findings")
      .argument("[paths...]", "files or folders (default: the config, policies/ and webhooks/)")
      .option("--plan", "also re-plan on every save, against the live copy read once at start")
      .option("--env <name>", "with --plan: environment to plan (repeatable; default: every one)", collect)
      .option("--no-test", "do not re-run the policy tests of the saved files")
      .option("--no-clear", "append each report below the last, keeping the scrollback, instead of redrawing the screen"),
  ).action(async (paths: string[], flags: { plan?: boolean; env?: string[]; test?: boolean; clear?: boolean; tokenFile?: string; baseUrl?: string }) => {
    if (flags.plan) {
      const { watchPlanCommand } = await import("./commands/watch-plan.js");
      result.code = await watchPlanCommand(paths, flags, io);
      return;
    }
    const { watchCommand } = await import("./commands/watch.js");
    result.code = await watchCommand(paths, flags, io);
  });

  addRemoteOptions(
    program
      .command("decide")
      .description("decide one screening against the policy and address entries (local, at a Git revision, or live), and say why ")
      .argument("<screening>", "a screening as YAML or JSON (its shape: screenpol schema --kind screening), or - for standard input")
      .requiredOption("--env <name>", "environment whose files decide")
      .addOption(new Option("--vendor <providerType>", "the policy's vendor (default: the vendor whose signals the screening names)").choices(VENDORS))
      .addOption(new Option("--scope <scope>", "the policy's scope (default: the screening's scope, or TRANSACTION for one with a transfer)").choices(SCOPES))
      .addOption(prettyOrJson())
      .addOption(new Option("--now <date-time>", "the clock for address entries' expiresAt, ISO 8601 (default: now)").argParser(isoDateTime))
      .option("--ref <git-rev>", "decide against the files as of this Git revision (offline)")
      .option("--live", "decide against the live policy and address entries")
      .option("--all-matches", "also list the later rules whose conditions hold (which would have matched)"),
  ).action(async (input: string, flags) => {
    const { decideCommand } = await import("./commands/decide.js");
    result.code = await decideCommand(input, flags, io);
  });

  program
    .command("schema")
    .description("print the JSON Schema of a policy file or a screening, for editors (yaml-language-server)")
    .option("--vendor <providerType>", "vendorAWalletScreening or vendorBAddressScreening", "vendorAWalletScreening")
    .addOption(
      new Option("--schema-version <n>", "only this rule language version, 1 or 2 (default: whichever each file declares)").argParser(
        wholeNumber({ min: Math.min(...SCHEMA_VERSIONS), max: Math.max(...SCHEMA_VERSIONS) }),
      ),
    )
    .option("--kind <kind>", "policy, screening, addresses, webhooks, config or test", "policy")
    .action(async (flags) => {
      const { schemaCommand } = await import("./commands/schema.js");
      result.code = schemaCommand(flags, io);
    });

  program
    .command("explain")
    .description("print the page of a finding's code from the docs installed with screenpol (offline); without a code, list the codes")
    .argument("[code]", "a diagnostic code, as a finding ends with it (e.g. terminal-allow)")
    .action(async (code: string | undefined) => {
      const { explainCommand } = await import("./commands/explain.js");
      result.code = await explainCommand(code, io);
    });

  program
    .command("fmt")
    .description("rewrite policy, address-entry, webhook and test files in the canonical form pull writes, comments kept")
    .argument("[paths...]", "files or folders (default: policies/, webhooks/ and the test files)")
    .option("--check", "write nothing; list the files that are not in canonical form and exit 1 when there is one")
    .option("--diff", "write nothing; print a unified diff of each change")
    .action(async (paths: string[], flags) => {
      const { fmtCommand } = await import("./commands/fmt.js");
      result.code = await fmtCommand(paths, flags, io);
    });

  program
    .command("lsp")
    .description("the language server for editors: lint's findings, their fixes, fmt and rules' decisions as you type")
    .option("--stdio", "speak the Language Server Protocol on standard input and output")
    .action(async (flags) => {
      const { lspCommand } = await import("./commands/lsp.js");
      result.code = await lspCommand(flags, io);
    });

  addRemoteOptions(
    program
      .command("init")
      .description("scaffold a policy repository, or add what is missing to one: config, example policies (or, --from-live, what is live), hook, CI workflows")
      .argument("[directory]", "folder to scaffold (default: the current folder)")
      .option("--env <name>", "an environment to configure, with example policies (repeatable; default: sandbox); with --from-live NAME=ID, its id from the dashboard", collect)
      .option("--kind <kind>", "sandbox or live: the kind of the --env before it (repeatable; default: sandbox)", collect)
      .option("--from-live", "no examples: pull every environment's live policies and address entries (--env NAME=ID, or the existing config's environments)")
      .addOption(new Option("--hooks <manager>", "the commit hook to write, or add to an existing configuration").choices(["pre-commit", "husky", "lefthook", "none"]).default("pre-commit"))
      .addOption(new Option("--ci <provider>", "the CI workflows to write (pull requests, and apply on merge)").choices(["github", "none"]).default("github"))
      .option("--force", "overwrite existing files instead of keeping them"),
  ).action(async (directory: string | undefined, flags) => {
    const { initCommand } = await import("./commands/init.js");
    result.code = await initCommand(directory, flags, io);
  });

  program
    .command("emulator")
    .description("run the local emulator of the admin service on loopback (Ctrl-C stops it)")
    .addOption(new Option("--port <port>", "TCP port, 0 for any free one (default 4010)").argParser(wholeNumber(PORT_RANGE)))
    .option("--host <host>", "loopback address to listen on: 127.0.0.1, ::1 or localhost", "127.0.0.1")
    .option("--state <file>", "JSON state file, loaded on start and written atomically after every write (default .screenpol-emulator.json)")
    .option("--in-memory", "keep the state in memory only")
    .option("--reset", "start from the seed, replacing the state file")
    .addOption(new Option("--catalog-size <n>", "tokens in the seeded token catalog (default 3000)").argParser(wholeNumber(CATALOG_SIZE_RANGE)))
    .option("--token <value=scopes>", "accept another API token with these comma-separated scopes (repeatable)", collect)
    .option("--fault <spec>", 'inject a fault, e.g. "GET /tokenCatalog=503x3" (repeatable)', collect)
    .option("--approve-device-codes", "approve every device sign-in (screenpol login) when it is first polled, with no browser: for scripts and tests")
    .addOption(new Option("--device-poll-interval <seconds>", "the polling interval device sign-ins are given (default 5)").argParser(wholeNumber(POLL_INTERVAL_RANGE)))
    .option("--json", "print the base URL and tokens as one JSON object")
    .action(async (flags) => {
      const { emulatorCommand } = await import("./commands/emulator.js");
      result.code = await emulatorCommand(flags, io);
    });

  // Review workflow: plan, push, pull, demo (docs/review-workflow.md).
  addRemoteOptions(
    program
      .command("plan")
      .description("lint, then diff the files against the live policies: what a push would change")
      .argument("[paths...]", "files or folders (default: every policy of the chosen environments)")
      .option("--env <name>", "environment to plan (repeatable; default: every one in the config)", collect)
      .option("--out <file>", "write the plan as JSON (base revisions, bodies and their hashes) for `push --plan`")
      .addOption(new Option("-f, --format <name>", "output format").choices(["pretty", "markdown", "json"]).default("pretty"))
      .option("-o, --output-file <file>", "write the report in --format to this file; the terminal gets the readable report (--out writes plan.json)")
      .option("--detailed-exitcode", "exit 5 when changes are pending, 0 when there are none")
      .option("--show-unchanged", "list every unchanged policy and address-entries file, not only their count")
      .option("--summary", "with --format markdown: counts, names and verdicts only, no diffs, thresholds or addresses (a public repository's comment)")
      .option("--deny-weakening", "exit 1 when a planned policy is weaker, mixed or not decided within the time limit")
      .option("--deny-live-weakening", "exit 1 when a planned policy of a live environment is weaker, mixed or not decided: what `push --plan` refuses without an approval")
      .option("--allow-weakening", "approve every weakening of a live environment: the plan records it, and `push --plan` pushes exactly it without --allow-weakening")
      .addOption(new Option(SOLVER_TIMEOUT_FLAG, SOLVER_TIMEOUT_HELP).argParser(readSolverTimeout))
      .option("--no-weakening-check", "skip the weakening check (z3 is not loaded); push checks a live environment itself")
      .option("--traffic <file>", "recorded screenings of the planned policy (JSON lines, .gz, - for standard input, as replay reads them): how many each cause of a weakening affects"),
  ).action(async (paths: string[], flags) => {
    const { planCommand } = await import("./commands/plan.js");
    result.code = await planCommand(paths, flags, io);
  });

  program
    .command("show")
    .description("a saved plan (from `plan --out`) shown as plan printed it, for a second reviewer: no request, nothing recomputed")
    .argument("<plan>", "the plan file, e.g. plan.json")
    .addOption(new Option("-f, --format <name>", "output format").choices(["pretty", "markdown", "json"]).default("pretty"))
    .option("--show-unchanged", "list every unchanged policy and address-entries file, not only their count")
    .action(async (file: string, flags) => {
      const { showCommand } = await import("./commands/show.js");
      result.code = await showCommand(file, flags, io);
    });

  addRemoteOptions(
    program
      .command("push")
      .description("apply: send each changed policy with the live revision it was planned against")
      .option("--env <name>", "environment to push (repeatable; default: every one in the config or the plan)", collect)
      .option("--plan <file>", "push exactly this reviewed plan (from `plan --out`); refused if a file changed since")
      .option("-y, --yes", "confirm pushing to a live environment without asking")
      .option("--allow-weakening", "push to a live environment even when a policy is weaker, mixed or not decided (it is still reported)")
      .option("--allow-dirty", "with --yes: push to a live environment though the policies or config have uncommitted changes, or HEAD is off the default branch")
      .addOption(new Option(SOLVER_TIMEOUT_FLAG, SOLVER_TIMEOUT_HELP).argParser(readSolverTimeout)),
  ).action(async (flags) => {
    const { pushCommand } = await import("./commands/push.js");
    result.code = await pushCommand(flags, io);
  });

  addRemoteOptions(
    program
      .command("pull")
      .description("write the live policies and address entries of an environment into files, in canonical form")
      .option("--env <name>", "environment to pull (required when the config declares more than one)")
      .option("--force", "overwrite files with local changes"),
  ).action(async (flags) => {
    const { pullCommand } = await import("./commands/pull.js");
    result.code = await pullCommand(flags, io);
  });

  program
    .command("demo")
    .description("lint, test, plan, push (a weakening of live refused, then allowed) and plan again against an emulator started in this process (npm start)")
    .action(async () => {
      const { demoCommand } = await import("./commands/demo.js");
      result.code = await demoCommand(io);
    });

  addRemoteOptions(
    program
      .command("replay")
      .description("run recorded screenings (JSON lines) through the working tree's policy and another version: what changes")
      .argument("<file>", "JSON lines, one screening each; .gz is read as gzip; - for standard input; with --engine duckdb also Parquet and CSV, a folder or a glob")
      .option("--env <name>", "only screenings of this environment (and the environment of a line that names none)")
      .addOption(new Option("--vendor <providerType>", "only screenings of this vendor (and the vendor of a line whose providerType is missing)").choices(VENDORS))
      .addOption(new Option("--scope <scope>", "only screenings of this scope (and the scope of a line that names none)").choices(SCOPES))
      .option("--base <git-ref>", "compare with the files as of this Git revision (offline)")
      .option("--live", "compare with the live policies and address entries (read once per policy, whatever the input's size)")
      .addOption(prettyOrJson())
      .addOption(new Option("--samples <n>", "changed screenings listed per policy and transition, weaker first").argParser(wholeNumber(SAMPLES_RANGE)).default(DEFAULT_SAMPLES))
      .option("--strict", "a category the vendor's list does not have makes its line bad (default: it matches no rule, and is reported)")
      .addOption(new Option("--max-skipped <n|p%>", "exit 1 when more lines than this (a count, or a share like 0.5%) are skipped as bad").argParser(skippedBound))
      .option("--changed-out <file>", "write every changed screening with both decisions to this file, one JSON line each")
      .option("--now <iso>", "the time address entries' expiresAt is read against (default: now)")
      .addOption(new Option("--engine <name>", "what decides: js (the reference, streams any input) or duckdb (the policy compiled to SQL, run embedded in this process)").choices(REPLAY_ENGINE_NAMES).default("js"))
      .option("--memory-limit <size>", "with --engine duckdb: DuckDB's memory limit, e.g. 2GB; beyond it, it spills to a temporary folder (default 1GB)"),
  ).action(async (file: string, flags) => {
    const { replayCommand } = await import("./commands/replay.js");
    result.code = await replayCommand(file, flags, io);
  });

  program
    .command("compile")
    .description("each policy compiled to one SQL SELECT over a relation of screenings, deciding as `screenpol decide` does")
    .option("--sql", "compile to SQL")
    .addOption(new Option("--dialect <name>", "the SQL dialect").choices(SQL_DIALECTS).default("duckdb"))
    .option("--env <name>", "only this environment (default: every one in the config)")
    .addOption(new Option("--vendor <providerType>", "only this vendor").choices(VENDORS))
    .addOption(new Option("--scope <scope>", "only this scope").choices(SCOPES))
    .option("--from <relation>", "the screenings relation the SELECT reads, written as given", "screenings")
    .option("--base <git-ref>", "compile this Git revision and the working tree into one scan (base_* and head_* columns), as replay runs them")
    .addOption(new Option("--now <iso>", "the time address entries' expiresAt is read against, fixed in the SQL (default: now)").argParser(isoDateTime))
    .action(async (flags) => {
      const { compileCommand } = await import("./commands/compile.js");
      result.code = await compileCommand(flags, io);
    });

  program
    .command("compare")
    .description("the weakening check, offline: every policy changed between two Git revisions, compared over every possible screening")
    .argument("[paths...]", "files or folders to limit the comparison to (default: the policies folder)")
    .requiredOption("--base <git-ref>", "the earlier version: the files as of this Git revision")
    .option("--head <git-ref>", "the later version (default: the working tree)")
    .addOption(new Option("-f, --format <name>", "output format (markdown: a pull request comment; github, sarif: one policy-weakened finding per weakening)").choices(COMPARE_FORMAT_NAMES).default("pretty"))
    .option("-o, --output-file <file>", "write the report in --format to this file; the terminal gets the readable report")
    .option("--summary", "with --format markdown: names and verdicts only, no example screenings (a public repository's comment)")
    .option("--deny-weakening", "exit 1 when a policy is weaker, mixed or not decided within the time limit (each one a policy-weakened finding)")
    .option("--write-tests <dir>", "write a policy test file per weakened policy into this folder, pinning head's decision of each weakening's example; never overwrites a file")
    .addOption(new Option(SOLVER_TIMEOUT_FLAG, SOLVER_TIMEOUT_HELP).argParser(readSolverTimeout))
    .option("--now <iso>", "the time address entries' expiresAt is read against (default: now)")
    .option("--traffic <file>", "recorded screenings of the changed policy (JSON lines, .gz, - for standard input, as replay reads them): how many each cause affects")
    .action(async (paths: string[], flags) => {
      const { compareCommand } = await import("./commands/compare.js");
      result.code = await compareCommand(paths, flags, io);
    });

  // Admin commands: the remaining operations of admin-api.md (docs/admin-commands.md).
  addRemoteOptions(
    program
      .command("doctor")
      .description("check the token and the environment ids by reading each environment once (write access cannot be verified without writing)")
      .option("--env <name>", "environment to check (repeatable; default: every one in the config)", collect),
  ).action(async (flags) => {
    const { doctorCommand } = await import("./commands/doctor.js");
    result.code = await doctorCommand(flags, io);
  });

  // Sign-in (docs/sign-in.md): the device authorization grant, the login in the OS keyring.
  const loginOptions = (command: Command): Command =>
    command
      .option("--base-url <url>", SIGN_IN_BASE_URL_HELP)
      .option("--issuer <url>", "the sign-in server (OAuth authorization server), when it is not the base URL: its RFC 8414 or OpenID Connect metadata names the endpoints")
      .option("--scopes <list>", "comma-separated scopes to ask for (default: every scope screenpol uses)")
      .option("--no-browser", "only print the address and the code; do not open a browser");
  loginOptions(program.command("login").description("sign in from this terminal: a code to approve in a browser, then a login kept in the OS keyring")).action(async (flags) => {
    const { loginCommand } = await import("./commands/login.js");
    result.code = await loginCommand(flags, io);
  });

  program
    .command("logout")
    .description("revoke the stored login at the service and delete it here")
    .option("--base-url <url>", SIGN_IN_BASE_URL_HELP)
    .action(async (flags) => {
      const { logoutCommand } = await import("./commands/login.js");
      result.code = await logoutCommand(flags, io);
    });

  const auth = program.command("auth").description("the credential screenpol sends");
  // `auth login` as gh has it: the same sign-in, and `--with-token` for a token on standard input.
  loginOptions(auth.command("login").description("sign in (as screenpol login), or with --with-token store a token read from standard input"))
    .option("--with-token", "read the token from standard input (at most 16 KiB), check it at the server, and store it as the login")
    .action(async (flags) => {
      const { loginCommand } = await import("./commands/login.js");
      result.code = await loginCommand(flags, io);
    });
  auth
    .command("token")
    .description("print the stored login's token on stdout, for scripts (it is a secret: never into a log)")
    .option("--base-url <url>", SIGN_IN_BASE_URL_HELP)
    .action(async (flags) => {
      const { authTokenCommand } = await import("./commands/login.js");
      result.code = await authTokenCommand(flags, io);
    });
  addRemoteOptions(
    auth
      .command("status")
      .description("which credential a remote command would send, whether the server accepts it (asked at once), and for a stored login who, the scopes and the expiry (never the token)")
      .option("--offline", "only what is stored here: no request to the server")
      .addOption(prettyOrJson()),
  ).action(async (flags) => {
    const { authStatusCommand } = await import("./commands/login.js");
    result.code = await authStatusCommand(flags, io);
  });
  addRemoteOptions(
    auth
      .command("clients")
      .description("list your authorized clients at the service: every login's token not yet expired, valid or revoked")
      .addOption(prettyOrJson()),
  ).action(async (flags) => {
    const { authClientsCommand } = await import("./commands/login.js");
    result.code = await authClientsCommand(flags, io);
  });
  addRemoteOptions(auth.command("revoke").description("revoke one of your authorized clients (see auth clients); its token gets 401 from then on").argument("<authorizedClientId>", "the id auth clients lists (UUID)")).action(
    async (authorizedClientId: string, flags) => {
      const { authRevokeCommand } = await import("./commands/login.js");
      result.code = await authRevokeCommand(authorizedClientId, flags, io);
    },
  );

  const invite = program.command("invite").description("accept or reject an invite to an environment");
  for (const decision of ["accept", "reject"] as const) {
    addRemoteOptions(invite.command(decision).description(`${decision} an invite`).argument("<inviteId>", "invite id (UUID)")).action(
      async (inviteId: string, flags) => {
        const { inviteCommand } = await import("./commands/invite.js");
        result.code = await inviteCommand(decision, inviteId, flags, io);
      },
    );
  }

  const mfa = program.command("mfa").description("multi-factor authentication of users");
  addRemoteOptions(
    mfa
      .command("reset")
      .description("delete all MFA devices of a user (asks first on a terminal)")
      .argument("<userId>", "user id (UUID)")
      .option("-y, --yes", "do not ask; required without a terminal"),
  ).action(async (userId: string, flags) => {
    const { mfaResetCommand } = await import("./commands/mfa.js");
    result.code = await mfaResetCommand(userId, flags, io);
  });

  const users = program.command("users").description("users of an environment");
  addRemoteOptions(
    users
      .command("list")
      .description("list the users of an environment: one page, or every page with --all")
      .option("--env <name>", "environment (required when the config declares several)")
      .option(
        "--filter <column=value>",
        "only users whose column contains the value, e.g. email=example.com; columns: all, id, walletPublicKey, email, alias, firstName, lastName, phoneNumber, jobTitle, wallet, username, accountId",
      )
      .option("--order-by <column[:asc|:desc]>", "sort by id, email, alias, firstName, lastName, username, firstVisit or lastVisit")
      .addOption(new Option("--limit <n>", "users per page, 1 to 100").argParser(wholeNumber(USERS_LIMIT)))
      .addOption(new Option("--offset <n>", "users to skip").argParser(wholeNumber(ANY_COUNT)))
      .option("--all", "read every page (bounded)")
      .option("--json", "print one JSON document instead of a table"),
  ).action(async (flags) => {
    const { usersListCommand } = await import("./commands/users.js");
    result.code = await usersListCommand(flags, io);
  });

  addRemoteOptions(
    program
      .command("onramps")
      .description("list the onramps enabled in an environment")
      .option("--env <name>", "environment (required when the config declares several)")
      .option("--merchant-name <name>", "merchant display name, appended to provider URLs where supported")
      .option("--wallet-address <address>", "wallet address to prefill")
      .option("--chain <chain>", "chain to prefill")
      .option("--network-id <id>", "network id to prefill")
      .option("--crypto-token <token>", "token (asset) to buy; not the API token")
      .option("--token-amount <n>", "amount of the token to buy, e.g. 0.5")
      .option("--include-disabled", "also list onramps that are configured but disabled")
      .option("--currency <code>", "fiat currency to prefill")
      .option("--json", "print one JSON document instead of a table"),
  ).action(async (flags) => {
    const { onrampsCommand } = await import("./commands/onramps.js");
    result.code = await onrampsCommand(flags, io);
  });

  const webhooks = program.command("webhooks").description("webhooks of an environment, from webhooks/<env>.yaml");
  addRemoteOptions(
    webhooks
      .command("push")
      .description("lint webhooks/<env>.yaml, then update every webhook it lists")
      .option("--env <name>", "environment (required when the config declares several)")
      .option("-y, --yes", "do not ask before updating a live environment; required without a terminal")
      .option("--dry-run", "lint and show what would be sent; send nothing"),
  ).action(async (flags) => {
    const { webhooksPushCommand } = await import("./commands/webhooks.js");
    result.code = await webhooksPushCommand(flags, io);
  });

  const catalog = program.command("catalog").description("the token catalog snapshot: sync it from the service, or see what changed");
  addRemoteOptions(
    catalog
      .command("sync")
      .description("poll the token catalog (If-None-Match) and replace catalog/tokens.json and its meta when it changed")
      .addOption(new Option("--limit <n>", "page size, 1 to 100 (default: the snapshot's, else 100)").argParser(wholeNumber(CATALOG_LIMIT)))
      .addOption(
        new Option("--max-tokens <n>", "fail (exit 4) when the catalog holds more tokens than this (default 1000000)").argParser(wholeNumber(MAX_TOKENS_RANGE)),
      )
      .addOption(
        new Option("--max-seconds <n>", "fail (exit 4) when reading the catalog takes longer than this (default 600)").argParser(wholeNumber(MAX_SECONDS_RANGE)),
      )
      .option("--json", "print the result as one JSON object"),
  ).action(async (flags) => {
    const { catalogSyncCommand } = await import("./commands/catalog.js");
    result.code = await catalogSyncCommand(flags, io);
  });
  addRemoteOptions(
    catalog
      .command("diff")
      .description("show the tokens added, removed and changed between the snapshot and the live catalog")
      .addOption(new Option("--limit <n>", "page size, 1 to 100 (default: the snapshot's, else 100)").argParser(wholeNumber(CATALOG_LIMIT)))
      .addOption(
        new Option("--max-tokens <n>", "fail (exit 4) when the catalog holds more tokens than this (default 1000000)").argParser(wholeNumber(MAX_TOKENS_RANGE)),
      )
      .addOption(
        new Option("--max-seconds <n>", "fail (exit 4) when reading the catalog takes longer than this (default 600)").argParser(wholeNumber(MAX_SECONDS_RANGE)),
      )
      .option("--json", "print the differences as one JSON object"),
  ).action(async (flags) => {
    const { catalogDiffCommand } = await import("./commands/catalog.js");
    result.code = await catalogDiffCommand(flags, io);
  });

  addCommandHelp(program);
  program.addHelpText(
    "after",
    "\nExit codes: 0 success, 1 findings, 2 usage or configuration, 3 conflict, 4 remote failure, 5 changes pending (plan --detailed-exitcode).\n" +
      "Run `screenpol <command> --help` for a command's options, examples and exit codes.\n",
  );
  return program;
}

/** commander's accumulator for a repeatable option. */
/**
 * A repeatable option's parser. No default value: commander would print it as
 * `(default: [])` in --help; a command reads an absent one as none.
 */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
