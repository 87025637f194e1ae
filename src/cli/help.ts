/**
 * What `screenpol <command> --help` says after the options: examples a person
 * can copy, and the exit codes that command can end with (toolkit.md, Exit
 * codes), as `gh` and `terraform` print them. One entry per command that runs;
 * test/cli/help.test.ts holds every such command to having one.
 */
import type { Command } from "commander";
import { DOCS_BASE_URL } from "../core/codes.js";
import { installedDocsFile } from "../app/installed-docs.js";

interface CommandHelp {
  /** `$ screenpol ...` lines, each with a comment saying what it does. */
  examples: ReadonlyArray<readonly [command: string, what: string]>;
  /** The codes this command ends with, beyond 0, and what each means for it. */
  exitCodes: ReadonlyArray<readonly [code: number, meaning: string]>;
}

const USAGE: readonly [number, string] = [2, "usage or configuration error (a bad flag, an unreadable config or file)"];
const REMOTE: readonly [number, string] = [4, "remote failure: authentication, permission, not found, or the network after retries"];
const FINDINGS: readonly [number, string] = [1, "the files have errors (or more warnings than --max-warnings)"];
/** The commands that run the weakening check (src/app/weakening.ts, compareSubjects). */
const ENGINES_DISAGREE: readonly [number, string] = [70, "internal error: the weakening check's answer was not what decide() gives; nothing was reported"];

export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  lint: {
    examples: [
      ["screenpol lint", "the config, policies/ and webhooks/"],
      ["screenpol lint policies/sandbox", "one environment's files"],
      ["screenpol lint --staged", "the files as staged in Git (a pre-commit hook)"],
      ["screenpol lint --format sarif -o screenpol.sarif", "SARIF for code scanning to a file, the findings to the terminal"],
      ["screenpol lint --quiet", "errors only"],
      ["screenpol lint --fix", "fix what has one safe fix, then lint"],
      ["screenpol lint --cache", "skip the files unchanged since the last run"],
      ["screenpol lint --show-suppressed", "also the findings suppression comments hide, with their reasons"],
    ],
    exitCodes: [[0, "no errors"], FINDINGS, USAGE],
  },
  test: {
    examples: [
      ["screenpol test", "every *.test.yaml under tests/"],
      ["screenpol test --coverage", "and the share of rules and steps reached, per policy and overall"],
      ["screenpol test --threshold 80", "exit 1 when under 80% of them are reached"],
      ["screenpol test --run 'mixer'", "only the cases whose name matches"],
      ["screenpol test policies/live/vendorAWalletScreening/TRANSACTION.yaml", "the tests of that policy"],
      ["screenpol test --staged", "the staged tests against the staged policies (a Git hook)"],
      ["screenpol test --format junit -o tests.xml", "a CI test report to a file, the results to the terminal"],
    ],
    exitCodes: [[0, "every case passed"], [1, "a case failed, the files have errors, or the coverage is under --threshold"], USAGE],
  },
  watch: {
    examples: [
      ["screenpol watch", "re-lint on every save"],
      ["screenpol watch --plan --env sandbox", "and re-plan against the live copy read at start"],
      ["screenpol watch --no-clear", "append each report, keeping the scrollback"],
    ],
    exitCodes: [[0, "stopped with Ctrl-C"], USAGE, REMOTE],
  },
  decide: {
    examples: [
      ["screenpol decide screening.yaml --env sandbox", "which rule decides it, and why (the vendor and scope read from the screening)"],
      ["screenpol decide screening.yaml --env sandbox --vendor vendorAWalletScreening --scope TRANSACTION", "the policy named in full"],
      ["screenpol decide - --env live --vendor vendorBAddressScreening --scope SIGN_IN --format json", "a screening from standard input"],
      ["screenpol decide screening.yaml --env live --vendor vendorAWalletScreening --scope TRANSACTION --live", "against the policy in force now"],
      ["screenpol decide screening.yaml --env live --vendor vendorAWalletScreening --scope TRANSACTION --ref v1.2 --all-matches", "against a release, and which later rules also match"],
    ],
    exitCodes: [[0, "decided"], [1, "the policy has errors (decided all the same when it can be, its findings listed)"], USAGE, REMOTE],
  },
  schema: {
    examples: [
      ["screenpol schema", "the JSON Schema of a policy file"],
      ["screenpol schema --kind screening --vendor vendorAWalletScreening", "of a screening"],
    ],
    exitCodes: [[0, "printed"], USAGE],
  },
  explain: {
    examples: [
      ["screenpol explain terminal-allow", "what a code catches, why it matters, how to fix it"],
      ["screenpol explain", "every code with its severity and summary"],
    ],
    exitCodes: [[0, "printed"], [2, "not a code (the closest one is named), or its page is not installed"]],
  },
  fmt: {
    examples: [
      ["screenpol fmt", "rewrite every file that is not in canonical form, and name it"],
      ["screenpol fmt --check", "name them and exit 1, writing nothing (CI, a hook)"],
      ["screenpol fmt --diff policies/live", "show what would change"],
    ],
    exitCodes: [[0, "done (or, with --check, every file already canonical)"], [1, "with --check: a file is not in canonical form"], [2, "usage, or a file that could not be read or formatted (left as it was)"]],
  },
  lsp: {
    examples: [["screenpol lsp --stdio", "the language server, as an editor starts it (its setup: the Docs below)"]],
    exitCodes: [
      [0, "the editor asked to shut down, then to exit"],
      [1, "the editor exited, or closed the connection, without asking to shut down (as the protocol prescribes)"],
      [2, "started without --stdio"],
    ],
  },
  init: {
    examples: [
      ["screenpol init", "here: what is missing is created, what exists is kept"],
      ["screenpol init policies --env staging --env production --kind sandbox --kind live", "two environments"],
      ["screenpol init --hooks husky --ci none", "a husky hook and no workflow"],
      ["screenpol init --from-live --env sandbox=ENVIRONMENT_ID", "no examples: the sandbox environment's live policies, pulled"],
    ],
    exitCodes: [[0, "done"], USAGE, [4, "with --from-live: remote failure (authentication, not found, the network); nothing was written"]],
  },
  emulator: {
    examples: [
      ["screenpol emulator", "on 127.0.0.1:4010, seeded; Ctrl-C stops it"],
      ["screenpol emulator --port 0 --json", "any free port, the address and token as JSON"],
    ],
    exitCodes: [[0, "stopped"], USAGE],
  },
  plan: {
    examples: [
      ["screenpol plan", "what a push would change, with diffs"],
      ["screenpol plan --env live --out plan.json", "the reviewed plan, for push --plan"],
      ["screenpol plan --format markdown", "a pull-request comment"],
      ["screenpol plan --detailed-exitcode", "exit 5 while changes are pending"],
    ],
    exitCodes: [[0, "planned"], [1, "the files have errors, or a weakening under --deny-weakening or --deny-live-weakening"], USAGE, REMOTE, [5, "with --detailed-exitcode: changes are pending"], ENGINES_DISAGREE],
  },
  push: {
    examples: [
      ["screenpol push --env sandbox", "plan and push one environment"],
      ["screenpol push --plan plan.json --yes", "exactly the reviewed plan"],
    ],
    exitCodes: [[0, "pushed (or nothing to push)"], [1, "the files have errors, or a weakening of a live environment without --allow-weakening or other than the one the plan approves"], USAGE, [3, "conflict: a live policy changed since the plan; nothing was written over it"], REMOTE, ENGINES_DISAGREE],
  },
  pull: {
    examples: [
      ["screenpol pull --env sandbox", "write the live policies as canonical files"],
      ["screenpol pull --env live --force", "over files with local changes too"],
    ],
    exitCodes: [[0, "written (or nothing to write)"], USAGE, REMOTE],
  },
  demo: {
    examples: [["screenpol demo", "the whole review workflow against an emulator in this process"]],
    exitCodes: [[0, "every step went as it should"], [1, "a step did not"]],
  },
  replay: {
    examples: [
      ["screenpol replay screenings.jsonl.gz --base origin/main", "what the working tree changes against main"],
      ["screenpol replay - --live < screenings.jsonl", "against the live policies"],
      ["screenpol replay 'lake/2026-11/*.parquet' --base origin/main --engine duckdb", "Parquet files, the policy compiled to SQL and run on DuckDB"],
    ],
    exitCodes: [[0, "replayed"], [1, "the policies have errors on either side (replayed as written when they can be decided, the findings listed)"], [2, "usage, or unreadable input (a corrupt gzip, a Parquet file without a required column)"], REMOTE],
  },
  compile: {
    examples: [
      ["screenpol compile --sql --dialect trino --env live --from lake.screenings", "each live policy as one Trino SELECT over lake.screenings"],
      ["screenpol compile --sql --env sandbox --vendor vendorAWalletScreening --scope TRANSACTION --base origin/main", "both versions in one scan, as replay runs them"],
    ],
    exitCodes: [[0, "compiled"], [1, "the policies have errors (on either side)"], [2, "usage, configuration, or an unknown base"]],
  },
  show: {
    examples: [
      ["screenpol show plan.json", "the plan a pull request's check saved, as plan printed it"],
      ["screenpol show plan.json --format markdown", "the same as a pull-request comment"],
    ],
    exitCodes: [[0, "shown"], [2, "the file cannot be read or is not a plan"]],
  },
  compare: {
    examples: [
      ["screenpol compare --base origin/main", "what the working tree weakens against main"],
      ["screenpol compare --base HEAD~1 --deny-weakening", "exit 1 on any weakening"],
      ["screenpol compare --base origin/main --write-tests tests/", "a policy test per weakening"],
    ],
    exitCodes: [[0, "compared"], [1, "the files have errors (compared as written when they can be decided, the findings beside the verdicts), or a weakening under --deny-weakening"], [2, "usage, configuration, or an unknown base"], ENGINES_DISAGREE],
  },
  doctor: {
    examples: [["screenpol doctor", "check the token against every environment of the config"]],
    exitCodes: [[0, "every check passed"], USAGE, [4, "a check failed (the line says which and how to fix it)"]],
  },
  login: {
    examples: [
      ["screenpol login", "sign in to the config's base URL: a code to approve in a browser"],
      ["screenpol login --no-browser --scopes environment.settings.read,environment.settings.write", "only what plan and push need; print the address, open nothing"],
    ],
    exitCodes: [[0, "signed in; the login is stored"], USAGE, [4, "denied, expired, or the service failed (the line says which)"], [130, "cancelled with Ctrl-C; nothing was stored"]],
  },
  logout: {
    examples: [["screenpol logout", "revoke the stored login at the service and delete it here"]],
    exitCodes: [[0, "signed out, or there was no login (also when the server does not revoke such tokens: the line says so)"], USAGE, [4, "deleted here, but the service could not revoke the token"]],
  },
  "auth login": {
    examples: [
      ["screenpol auth login", "the same as screenpol login"],
      ["screenpol auth login --with-token < token.txt", "store a token from standard input, once the server accepts it"],
    ],
    exitCodes: [[0, "signed in; the login is stored"], USAGE, [4, "the server refused the token, denied or expired sign-in, or the service failed"], [130, "cancelled with Ctrl-C; nothing was stored"]],
  },
  "auth token": {
    examples: [["screenpol auth token", "the stored login's token for a script: curl -H \"Authorization: Bearer $(screenpol auth token)\" ..."]],
    exitCodes: [[0, "printed"], [2, "not signed in there"], [4, "the stored login has expired"]],
  },
  "auth status": {
    examples: [
      ["screenpol auth status", "which credential would be sent, whether the server accepts it; who, scopes and expiry of a stored login"],
      ["screenpol auth status --offline", "only what is stored here: no request"],
      ["screenpol auth status --format json", "the same for a script; never the token"],
    ],
    exitCodes: [[0, "a credential the server accepts (with --offline: one is stored)"], [2, "none: not signed in and no API token"], [4, "the stored login has expired, the server refuses the credential (revoked), or could not be asked"]],
  },
  "auth clients": {
    examples: [
      ["screenpol auth clients", "every login of yours the service knows: id, scopes, expiry, valid or revoked"],
      ["screenpol auth clients --format json", "the same for a script"],
    ],
    exitCodes: [[0, "listed"], USAGE, [4, "not signed in there, the login expired or was revoked, or the service failed"]],
  },
  "auth revoke": {
    examples: [["screenpol auth revoke 0b7e4f6a-2c1d-4e8f-9a3b-5c6d7e8f9a0b", "revoke a login left on another machine"]],
    exitCodes: [[0, "revoked"], USAGE, [4, "no such authorized client of yours, or the service failed"]],
  },
  "invite accept": {
    examples: [["screenpol invite accept 7d0c3f1e-2b4a-4c8d-9e6f-0a1b2c3d4e5f", "accept an invite"]],
    exitCodes: [[0, "accepted"], USAGE, REMOTE],
  },
  "invite reject": {
    examples: [["screenpol invite reject 7d0c3f1e-2b4a-4c8d-9e6f-0a1b2c3d4e5f", "reject an invite"]],
    exitCodes: [[0, "rejected"], USAGE, REMOTE],
  },
  "mfa reset": {
    examples: [["screenpol mfa reset 7d0c3f1e-2b4a-4c8d-9e6f-0a1b2c3d4e5f --yes", "remove a user's MFA devices"]],
    exitCodes: [[0, "reset"], USAGE, REMOTE],
  },
  "users list": {
    examples: [
      ["screenpol users list --env sandbox", "the first page"],
      ["screenpol users list --env live --all --json", "every user, as JSON"],
    ],
    exitCodes: [[0, "listed"], USAGE, REMOTE],
  },
  onramps: {
    examples: [["screenpol onramps --env sandbox --chain EVM", "the onramps enabled for EVM"]],
    exitCodes: [[0, "listed"], USAGE, REMOTE],
  },
  "webhooks push": {
    examples: [
      ["screenpol webhooks push --env sandbox --dry-run", "what would change"],
      ["screenpol webhooks push --env live --yes", "apply webhooks/live.yaml"],
    ],
    exitCodes: [[0, "pushed (or nothing to push)"], [1, "webhooks/<env>.yaml has errors"], USAGE, REMOTE],
  },
  "catalog sync": {
    examples: [
      ["screenpol catalog sync", "bring catalog/tokens.json up to date (one request when unchanged)"],
      ["screenpol catalog sync --json", "the outcome as JSON"],
    ],
    exitCodes: [[0, "up to date"], USAGE, REMOTE],
  },
  "catalog diff": {
    examples: [["screenpol catalog diff", "what the last sync changed"]],
    exitCodes: [[0, "printed"], USAGE],
  },
};

const SEMANTICS = "docs/semantics.md";
const REVIEW_WORKFLOW = "docs/review-workflow.md";
const SIGN_IN = "docs/sign-in.md";
const ADMIN_COMMANDS = "docs/admin-commands.md";
/** The index of the codes' pages: a command whose findings end with a code. */
const CODES_INDEX = "docs/codes/README.md";

/**
 * The page of docs/ that tells the whole of a command. The package ships docs/
 * (package.json "files"), so --help names the page where it is installed, which
 * an air-gapped machine has, and at this version's tag online, which says what
 * this version does after `main` has moved on.
 */
export const COMMAND_DOCS: Readonly<Record<string, string>> = {
  lint: CODES_INDEX,
  explain: CODES_INDEX,
  decide: SEMANTICS,
  test: SEMANTICS,
  replay: SEMANTICS,
  compile: "docs/replay.md",
  compare: SEMANTICS,
  plan: REVIEW_WORKFLOW,
  push: REVIEW_WORKFLOW,
  show: REVIEW_WORKFLOW,
  pull: REVIEW_WORKFLOW,
  init: "docs/integrations.md",
  emulator: "docs/emulator.md",
  lsp: "docs/editors.md",
  "catalog sync": "docs/catalog.md",
  "catalog diff": "docs/catalog.md",
  login: SIGN_IN,
  logout: SIGN_IN,
  "auth status": SIGN_IN,
  "auth clients": SIGN_IN,
  "auth revoke": SIGN_IN,
  doctor: ADMIN_COMMANDS,
  "invite accept": ADMIN_COMMANDS,
  "invite reject": ADMIN_COMMANDS,
  "mfa reset": ADMIN_COMMANDS,
  "users list": ADMIN_COMMANDS,
  onramps: ADMIN_COMMANDS,
  "webhooks push": ADMIN_COMMANDS,
};

/** The full name of a command: `catalog sync` for a subcommand. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(" ");
}

/**
 * Adds the examples, exit codes and docs page after each command's options, for
 * every command that has an entry. The docs lines are made when help is shown:
 * finding the installed package reads files, which a command that runs should not pay for.
 */
export function addCommandHelp(program: Command): void {
  const visit = (command: Command): void => {
    for (const sub of command.commands) {
      const path = commandPath(sub);
      const help = COMMAND_HELP[path];
      const docs = COMMAND_DOCS[path];
      if (help) sub.addHelpText("after", () => renderCommandHelp(help) + (docs === undefined ? "" : renderDocsHelp(docs, installedDocsFile(docs))));
      visit(sub);
    }
  };
  visit(program);
}

/**
 * `Docs:` lines: the page in the installed package (when it is there) and online at
 * this version's tag; for the codes' index, the command that prints one code's page.
 */
function renderDocsHelp(docsPath: string, installed: string | undefined): string {
  const lines: string[] = [];
  if (docsPath === CODES_INDEX) lines.push("screenpol explain <code>   the page of a finding's code, offline");
  if (installed !== undefined) lines.push(installed);
  lines.push(`${DOCS_BASE_URL}${docsPath}`);
  return `\nDocs:\n${lines.map((line) => `  ${line}`).join("\n")}\n`;
}

export function renderCommandHelp(help: CommandHelp): string {
  const width = Math.max(...help.examples.map(([command]) => command.length));
  const examples = help.examples.map(([command, what]) => `  $ ${command.padEnd(width)}  # ${what}`);
  const codes = help.exitCodes.map(([code, meaning]) => `  ${code}  ${meaning}`);
  return `\nExamples:\n${examples.join("\n")}\n\nExit codes:\n${codes.join("\n")}\n`;
}
