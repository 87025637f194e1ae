import type { Code, Severity } from "./diagnostic.js";
import { GITHUB_REPOSITORY, PACKAGE_VERSION } from "./generated/release.js";

/** What a reader needs to know about one diagnostic code, wherever it is shown. */
export interface CodeInfo {
  /** Severity a finding of this code gets unless configured otherwise. */
  severity: Severity;
  /** A few words naming the problem (SARIF `shortDescription`). */
  title: string;
  /** One sentence: what the check catches (SARIF `fullDescription`). */
  summary: string;
  /** Why it matters for compliance and how to fix it (SARIF `help`). */
  help: string;
}

/**
 * The registry of every code in `CODES`: typed as a full `Record` so that adding a
 * code to diagnostic.ts without describing it here fails to compile.
 * Severities follow policy-language.md: of the checks of a policy, only
 * `unreachable-rule` (section 5.3) and `expired-address-entry` (section 6) are
 * warnings; besides them `placeholder-environment-id` (a scaffold not yet
 * pointed at the service) and `unused-suppression` are.
 */
export const CODE_INFO: Record<Code, CodeInfo> = {
  "read-error": {
    severity: "error",
    title: "Unreadable file",
    summary: "A file given to the linter cannot be read as text: it is missing, a directory, binary, or larger than 1 MiB.",
    help:
      "A policy that cannot be read cannot be checked, so screenpol reports it instead of skipping it silently. " +
      "Check the path and permissions, save the file as UTF-8 text, and keep policy files under 1 MiB.",
  },
  "yaml-syntax": {
    severity: "error",
    title: "Invalid YAML",
    summary: "The file is not well-formed YAML.",
    help:
      "Until the file parses, none of the compliance checks can run on it. " +
      "Fix the syntax at the reported position; the usual causes are wrong indentation, a tab used for indentation, " +
      "or an unquoted value containing `: ` or ` #`.",
  },
  "duplicate-key": {
    severity: "error",
    title: "Duplicate key",
    summary: "A mapping holds the same key twice.",
    help:
      "YAML tools disagree on which occurrence wins, so the policy approved in review may not be the policy the service applies. " +
      "Keep one occurrence and merge the intended content into it.",
  },
  schema: {
    severity: "error",
    title: "Schema violation",
    summary:
      "A value does not match the rule schema of its vendor and schema version: a missing or unknown field, a wrong type, or a value out of range.",
    help:
      "The service rejects a policy that does not match its vendor's rule schema, so a push would fail or a field would not mean what its author intended. " +
      "Correct the value as the message says; `screenpol schema` prints the JSON Schema for editor completion.",
  },
  "unknown-schema-version": {
    severity: "error",
    title: "Unknown schemaVersion",
    summary: "The policy's `schemaVersion` is neither 1 nor 2.",
    help:
      "The schema version selects the rule schema the policy is checked against, so a policy with an unknown version cannot be validated at all. " +
      "Use 1, or 2 when a `when` needs `anyOf`.",
  },
  "cross-vendor-field": {
    severity: "error",
    title: "Field of the other vendor",
    summary: "A field or category value belongs to the other screening vendor's rule schema.",
    help:
      "The two vendors name their signals differently: the service rejects such a policy, and a rule written in the other vendor's terms would never match what this vendor returns. " +
      "Use this vendor's field or category; the message names the equivalent where one exists (for example `mixing_service` becomes `mixer`).",
  },
  "sanctions-floor": {
    severity: "error",
    title: "Attempt to express the sanctions floor",
    summary: "The policy names the sanctions floor, a sanctions category or provider, or blocks on sanctions.",
    help:
      "The sanctions floor runs under every policy, generated from code on every screen; it is never stored, edited or weakened, and writing it down suggests it can be. " +
      "Remove the key, value or rule: sanctioned addresses are blocked already. Free text such as `description` or `reason` may still mention sanctions.",
  },
  "terminal-allow": {
    severity: "error",
    title: "Catch-all ALLOW",
    summary: "A rule whose `when` is empty, or matches every address the vendor returns a risk score (level) for, has action ALLOW.",
    help:
      "When no rule matches the service allows, and that final ALLOW is generated from code; a written catch-all ALLOW also silently disables the rules after it for every address it matches. " +
      "Remove the rule, or give it conditions that match only the addresses meant to be allowed.",
  },
  "unreachable-rule": {
    severity: "warning",
    title: "Unreachable rule",
    summary: "A rule follows a rule that matches every screening, repeats an earlier rule's conditions, or has conditions no screening meets, so it never runs.",
    help:
      "The first matching rule decides, so a rule after a `when: {}` BLOCK or ALERT never runs and the policy does less than its reviewers think. " +
      "Move the rule before the catch-all, fix conditions that contradict each other (gte above lte), or delete it.",
  },
  "shadowed-rule": {
    severity: "error",
    title: "Rule shadowed by a weaker rule",
    summary: "A BLOCK or ALERT rule never decides because an earlier rule with a weaker action matches every screening it matches.",
    help:
      "The first matching rule decides, so addresses the later rule was written to block are only alerted, or allowed, and nothing in the output shows it. " +
      "Move the stricter rule above the weaker one, or narrow the earlier rule's conditions.",
  },
  "server-managed-field": {
    severity: "error",
    title: "Server-managed field",
    summary: "The file sets `revision`, `addressEntryCount` or `updatedAt`, which only the service sets.",
    help:
      "The revision travels in the plan as the precondition of a push and the other two are derived by the service, so a copy in the file goes stale and misleads reviewers. " +
      "Delete the field; `screenpol pull` writes files without them.",
  },
  "path-mismatch": {
    severity: "error",
    title: "Content disagrees with path",
    summary: "The `providerType` or `scope` in the file differs from the one its path names.",
    help:
      "The path `policies/<environment>/<providerType>/<scope>.yaml` is the policy's identity; when the content disagrees, it is unclear which live policy a push would replace. " +
      "Move the file or correct the field so that both name the same vendor and scope.",
  },
  "duplicate-policy": {
    severity: "error",
    title: "Duplicate policy",
    summary: "Two files define the policy of the same environment, vendor and scope.",
    help:
      "An environment holds at most one policy per vendor and scope, so one file would silently overwrite the other on push. " +
      "Keep one file and merge the rules into it.",
  },
  "duplicate-rule-id": {
    severity: "error",
    title: "Duplicate rule id",
    summary: "Two `postScreen` rules of one policy share an `id`.",
    help:
      "Rule ids identify rules in diffs, reviews and audit trails; a repeated id makes it ambiguous which rule decided a screen. " +
      "Give each rule a unique id.",
  },
  "scope-field": {
    severity: "error",
    title: "Field not valid for the scope",
    summary: "A SIGN_IN policy sets `minAmountUsd` or `tokens`, which apply to transactions only.",
    help:
      "There is no amount or token at sign-in, so these fields would never take effect and suggest a limit that does not exist. " +
      "Remove them, or move them to the TRANSACTION policy of the same vendor.",
  },
  "token-by-symbol": {
    severity: "error",
    title: "Token referenced by symbol",
    summary: "A token reference uses `symbol` instead of `chain`, `networkId` and `contractAddress`.",
    help:
      "Symbols are not unique: anyone can deploy a token named after another one, so a rule keyed on a symbol can screen the wrong asset. " +
      "Identify the token by `chain`, `networkId` and `contractAddress`.",
  },
  "unknown-token": {
    severity: "error",
    title: "Token not in the catalog",
    summary: "A token reference is not in the synced token catalog snapshot.",
    help:
      "A reference to a token the service does not list never matches a transfer, so transfers of the intended token would bypass the vendor check. " +
      "Correct the chain, network or contract address, or run `screenpol catalog sync` if the snapshot is out of date.",
  },
  "address-format": {
    severity: "error",
    title: "Malformed address",
    summary:
      "An address entry's address is not valid for its chain (EVM hex with a valid EIP-55 checksum, Solana base58, Bitcoin bech32 or base58).",
    help:
      "A mistyped address never matches, so an intended BLOCK blocks nothing and an intended ALLOW allows nothing; a failing checksum is the usual sign of a typo. " +
      "Copy the address again from a trusted source and check that its chain is right.",
  },
  "duplicate-address-entry": {
    severity: "error",
    title: "Duplicate address entry",
    summary: "The same address and chain appear in two entries.",
    help:
      "Two entries for one address can disagree on action, scope or expiry, and a reviewer cannot tell which one the service applies. " +
      "Keep one entry with the intended action, scope and reason.",
  },
  "expired-address-entry": {
    severity: "warning",
    title: "Expired address entry",
    summary: "An address entry's `expiresAt` is in the past.",
    help:
      "An expiry records when a reviewed exception stops being justified; an entry kept past it is an exception nobody has re-reviewed. " +
      "Review the entry again and move `expiresAt`, or remove the entry.",
  },
  "webhook-url": {
    severity: "error",
    title: "Invalid webhook URL",
    summary: "A webhook's `url` is neither an https address with a public host name nor an SNS topic ARN.",
    help:
      "The service rejects any other address, and a webhook pointed at the wrong place delivers its events to nobody, or to someone unintended. " +
      "Use an `https://` URL with a full host name, or an ARN of the form `arn:<partition>:sns:<region>:<12-digit account>:<topic>`.",
  },
  "webhook-event": {
    severity: "error",
    title: "Malformed webhook event name",
    summary: "An event name is not of the form `<resource>.<action>` in lowercase letters, digits and underscores.",
    help:
      "A malformed name matches no event kind, so the webhook never fires for it and whoever relies on those notifications misses them. " +
      "Use names such as `user.created` or `wallet.linked`.",
  },
  "placeholder-environment-id": {
    severity: "warning",
    title: "Placeholder environment id",
    summary: "An environment in screenpol.config.yaml still has the placeholder id `screenpol init` wrote.",
    help:
      "No environment has the placeholder, so `plan` and `push` fail with 404 until it is replaced, and a review cannot tell which environment the policies are for. " +
      "Replace it with the environment's id from the dashboard (`screenpol doctor` then confirms it); set `severity: { placeholder-environment-id: error }` to make CI fail until it is done.",
  },
  "secret-in-file": {
    severity: "error",
    title: "Secret in a file",
    summary: "A string looks like a bearer token or an API token.",
    help:
      "Files in the repository are read by everyone with access and stay in Git history, and an admin token lets its holder change screening policies. " +
      "Remove the value, revoke the token, and supply tokens through `SCREENPOL_API_TOKEN` or `--token-file` only.",
  },
  "unknown-policy": {
    severity: "error",
    title: "Test of a policy that does not exist",
    summary: "A policy test file names an environment the config does not declare, or a policy whose file does not exist.",
    help:
      "A test of a missing policy would pass or fail against the policy-disabled step (no policy: ALLOW) and say nothing about the policy its author meant. " +
      "Fix the header (environment, providerType, scope) so that it names an existing policy file, or create that policy.",
  },
  "duplicate-case-name": {
    severity: "error",
    title: "Two test cases with one name",
    summary: "Two cases of one policy test file have the same name.",
    help:
      "A failure is reported by its case name, in the terminal, in JUnit reports and in CI history: with two cases of one name nobody can tell which one failed. " +
      "Give each case a name that says what it shows.",
  },
  "too-many-findings": {
    severity: "error",
    title: "Too many findings in one file",
    summary: "A file has more findings than screenpol shows for one file (100); this one finding says how many more there are.",
    help:
      "A file with hundreds of findings is usually not a policy at all (generated, pasted or corrupted content), and thousands of lines of output would bury the findings of every other file. " +
      "Fix the findings shown, or the file as a whole, and lint again: the rest appear as the first ones go. It is an error when any finding not shown is one.",
  },
  "invalid-suppression": {
    severity: "error",
    title: "Invalid suppression",
    summary:
      "A `# screenpol-disable-next-line` or `# screenpol-disable-file` comment gives no reason, names no known code, or names a finding that cannot be suppressed: a compliance finding, or one of a file that has no meaning yet.",
    help:
      "A suppression hides a finding from the exit code, so a reviewer must read why: the reason after ` -- ` is mandatory. " +
      "sanctions-floor, terminal-allow, cross-vendor-field and secret-in-file are never suppressed: fix the file. " +
      "Neither are read-error, yaml-syntax, duplicate-key, schema, unknown-schema-version, path-mismatch, duplicate-policy and unknown-policy: " +
      "a file that does not parse, validate and name one policy has no meaning to accept, and no command decides from it. " +
      "Write `# screenpol-disable-next-line CODE -- reason`.",
  },
  "unused-suppression": {
    severity: "warning",
    title: "Unused suppression",
    summary: "A suppression comment names a code that no finding on its line (or in its file) has.",
    help:
      "A suppression left behind after the finding was fixed would silently hide the next finding of that code at the same place. " +
      "Remove the comment, or correct the code or the line it sits above.",
  },
  "policy-weakened": {
    severity: "error",
    title: "Policy weakened",
    summary:
      "Under `--deny-weakening`, a change decides some screening less strictly than the base version did (weaker, mixed, or a removed policy), or the check could not prove within its time limit that it does not.",
    help:
      "A weakening lets through a screening that was blocked or alerted before, which a compliance reviewer must approve knowingly. " +
      "Read the counterexample: if the change is a mistake, restore the stricter rule; if it is intended, get it reviewed and merge without `--deny-weakening`, and push to a live environment with `--allow-weakening`. " +
      "Pin the reviewed behaviour with `screenpol compare --write-tests`.",
  },
};

/** Where the documentation page of a code lives, relative to the package root (package.json "files" ships docs/). */
export function docsPath(code: Code): string {
  return `docs/codes/${code}.md`;
}

/** The repository's home page (SARIF `informationUri`). */
export const REPOSITORY_URL = `https://github.com/${GITHUB_REPOSITORY}`;

/**
 * Prefix that turns a package-relative docs path into a browsable URL (SARIF
 * `helpUri`): the tree of this version's tag, not `main`, so that a link says
 * what the installed screenpol checks, and still does after `main` moves on.
 */
export const DOCS_BASE_URL = `${REPOSITORY_URL}/blob/v${PACKAGE_VERSION}/`;

/**
 * The public page of a code, as every output links it (pretty, JUnit, SARIF,
 * Markdown): a reader of a CI log has no checkout of screenpol to open a path in.
 * Offline, `screenpol explain <code>` prints the same page from the installed package.
 */
export function docsUrl(code: Code): string {
  return `${DOCS_BASE_URL}${docsPath(code)}`;
}
