// dist/core/source.js
/**
* Bytes of a file -> text, or the reason it cannot be linted. Pure: the caller
* reads the bytes.
*/
/** 1 MiB: a policy is a few kilobytes; anything this large is not one (toolkit.md, lint). */
const MAX_FILE_BYTES = 1048576;
const strictUtf8 = new TextDecoder("utf-8", {
	fatal: true,
	ignoreBOM: true
});
function decodeSource(bytes) {
	if (bytes.byteLength > 1048576) return {
		ok: false,
		reason: `file is ${formatSize(bytes.byteLength)}, over the 1 MiB limit for a policy file; not read`
	};
	if (bytes.indexOf(0) !== -1) return {
		ok: false,
		reason: "file holds NUL bytes: it is binary, not YAML"
	};
	try {
		return {
			ok: true,
			text: strictUtf8.decode(bytes)
		};
	} catch {
		return {
			ok: false,
			reason: "file is not valid UTF-8 text"
		};
	}
}
function formatSize(bytes) {
	return `${(bytes / 1048576).toFixed(1)} MiB`;
}
// dist/core/diagnostic.js
/**
* Every diagnostic code of policy-language.md, plus `read-error` for a file that
* cannot be read as text at all (missing, a directory, binary, over 1 MiB): the
* spec names no code for it and a linter still has to say something at file:1:1.
*/
const CODES = [
	"read-error",
	"yaml-syntax",
	"duplicate-key",
	"schema",
	"unknown-schema-version",
	"cross-vendor-field",
	"sanctions-floor",
	"terminal-allow",
	"unreachable-rule",
	"server-managed-field",
	"path-mismatch",
	"duplicate-policy",
	"duplicate-rule-id",
	"scope-field",
	"token-by-symbol",
	"unknown-token",
	"address-format",
	"duplicate-address-entry",
	"expired-address-entry",
	"webhook-url",
	"webhook-event",
	"secret-in-file"
];
/** Renders `["rules","postScreen",2,"when"]` as `rules.postScreen[2].when`. */
function formatPath(path) {
	let out = "";
	for (const segment of path) if (typeof segment === "number") out += `[${segment}]`;
	else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out === "" ? segment : `.${segment}`;
	else out += `[${JSON.stringify(segment)}]`;
	return out;
}
/** Stable order: by file, then position, then code, so every format and test sees the same sequence. */
function compareDiagnostics(a, b) {
	if (a.file !== b.file) return a.file < b.file ? -1 : 1;
	return a.line - b.line || a.column - b.column || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}
// dist/core/formats/report.js
/** Counts findings by severity. */
function countBySeverity(diagnostics) {
	let errors = 0;
	let warnings = 0;
	for (const d of diagnostics) if (d.severity === "error") errors++;
	else warnings++;
	return {
		errors,
		warnings
	};
}
/** A sorted copy, so that every format prints findings in the same order whatever the caller passed. */
function sortDiagnostics(diagnostics) {
	return [...diagnostics].sort(compareDiagnostics);
}
// dist/core/codes.js
/**
* The registry of every code in `CODES`: typed as a full `Record` so that adding a
* code to diagnostic.ts without describing it here fails to compile.
* Severities follow policy-language.md: only `unreachable-rule` (section 5.3) and
* `expired-address-entry` (section 6) are warnings.
*/
const CODE_INFO = {
	"read-error": {
		severity: "error",
		title: "Unreadable file",
		summary: "A file given to the linter cannot be read as text: it is missing, a directory, binary, or larger than 1 MiB.",
		help: "A policy that cannot be read cannot be checked, so screenpol reports it instead of skipping it silently. Check the path and permissions, save the file as UTF-8 text, and keep policy files under 1 MiB."
	},
	"yaml-syntax": {
		severity: "error",
		title: "Invalid YAML",
		summary: "The file is not well-formed YAML.",
		help: "Until the file parses, none of the compliance checks can run on it. Fix the syntax at the reported position; the usual causes are wrong indentation, a tab used for indentation, or an unquoted value containing `: ` or ` #`."
	},
	"duplicate-key": {
		severity: "error",
		title: "Duplicate key",
		summary: "A mapping holds the same key twice.",
		help: "YAML tools disagree on which occurrence wins, so the policy approved in review may not be the policy the service applies. Keep one occurrence and merge the intended content into it."
	},
	schema: {
		severity: "error",
		title: "Schema violation",
		summary: "A value does not match the rule schema of its vendor and schema version: a missing or unknown field, a wrong type, or a value out of range.",
		help: "The service rejects a policy that does not match its vendor's rule schema, so a push would fail or a field would not mean what its author intended. Correct the value as the message says; `screenpol schema` prints the JSON Schema for editor completion."
	},
	"unknown-schema-version": {
		severity: "error",
		title: "Unknown schemaVersion",
		summary: "The policy's `schemaVersion` is neither 1 nor 2.",
		help: "The schema version selects the rule schema the policy is checked against, so a policy with an unknown version cannot be validated at all. Use 1, or 2 when a `when` needs `anyOf`."
	},
	"cross-vendor-field": {
		severity: "error",
		title: "Field of the other vendor",
		summary: "A field or category value belongs to the other screening vendor's rule schema.",
		help: "The two vendors name their signals differently: the service rejects such a policy, and a rule written in the other vendor's terms would never match what this vendor returns. Use this vendor's field or category; the message names the equivalent where one exists (for example `mixing_service` becomes `mixer`)."
	},
	"sanctions-floor": {
		severity: "error",
		title: "Attempt to express the sanctions floor",
		summary: "The policy names the sanctions floor, a sanctions category or provider, or blocks on sanctions.",
		help: "The sanctions floor runs under every policy, generated from code on every screen; it is never stored, edited or weakened, and writing it down suggests it can be. Remove the key, value or rule: sanctioned addresses are blocked already. Free text such as `description` or `reason` may still mention sanctions."
	},
	"terminal-allow": {
		severity: "error",
		title: "Catch-all ALLOW",
		summary: "A rule whose `when` is empty or matches everything has action ALLOW.",
		help: "When no rule matches the service allows, and that final ALLOW is generated from code; a written catch-all ALLOW also silently disables every rule after it. Remove the rule, or give it conditions that match only the addresses meant to be allowed."
	},
	"unreachable-rule": {
		severity: "warning",
		title: "Unreachable rule",
		summary: "A rule follows a catch-all rule, so it can never match.",
		help: "The first matching rule decides, so a rule after a catch-all BLOCK or ALERT never runs and the policy does less than its reviewers think. Move the rule before the catch-all, or delete it."
	},
	"server-managed-field": {
		severity: "error",
		title: "Server-managed field",
		summary: "The file sets `revision`, `addressEntryCount` or `updatedAt`, which only the service sets.",
		help: "The revision travels in the plan as the precondition of a push and the other two are derived by the service, so a copy in the file goes stale and misleads reviewers. Delete the field; `screenpol pull` writes files without them."
	},
	"path-mismatch": {
		severity: "error",
		title: "Content disagrees with path",
		summary: "The `providerType` or `scope` in the file differs from the one its path names.",
		help: "The path `policies/<environment>/<providerType>/<scope>.yaml` is the policy's identity; when the content disagrees, it is unclear which live policy a push would replace. Move the file or correct the field so that both name the same vendor and scope."
	},
	"duplicate-policy": {
		severity: "error",
		title: "Duplicate policy",
		summary: "Two files define the policy of the same environment, vendor and scope.",
		help: "An environment holds at most one policy per vendor and scope, so one file would silently overwrite the other on push. Keep one file and merge the rules into it."
	},
	"duplicate-rule-id": {
		severity: "error",
		title: "Duplicate rule id",
		summary: "Two `postScreen` rules of one policy share an `id`.",
		help: "Rule ids identify rules in diffs, reviews and audit trails; a repeated id makes it ambiguous which rule decided a screen. Give each rule a unique id."
	},
	"scope-field": {
		severity: "error",
		title: "Field not valid for the scope",
		summary: "A SIGN_IN policy sets `minAmountUsd` or `tokens`, which apply to transactions only.",
		help: "There is no amount or token at sign-in, so these fields would never take effect and suggest a limit that does not exist. Remove them, or move them to the TRANSACTION policy of the same vendor."
	},
	"token-by-symbol": {
		severity: "error",
		title: "Token referenced by symbol",
		summary: "A token reference uses `symbol` instead of `chain`, `networkId` and `contractAddress`.",
		help: "Symbols are not unique: anyone can deploy a token named after another one, so a rule keyed on a symbol can screen the wrong asset. Identify the token by `chain`, `networkId` and `contractAddress`."
	},
	"unknown-token": {
		severity: "error",
		title: "Token not in the catalog",
		summary: "A token reference is not in the synced token catalog snapshot.",
		help: "A reference to a token the service does not list never matches a transfer, so transfers of the intended token would bypass the vendor check. Correct the chain, network or contract address, or run `screenpol catalog sync` if the snapshot is out of date."
	},
	"address-format": {
		severity: "error",
		title: "Malformed address",
		summary: "An address entry's address is not valid for its chain (EVM hex with a valid EIP-55 checksum, Solana base58, Bitcoin bech32 or base58).",
		help: "A mistyped address never matches, so an intended BLOCK blocks nothing and an intended ALLOW allows nothing; a failing checksum is the usual sign of a typo. Copy the address again from a trusted source and check that its chain is right."
	},
	"duplicate-address-entry": {
		severity: "error",
		title: "Duplicate address entry",
		summary: "The same address and chain appear in two entries.",
		help: "Two entries for one address can disagree on action, scope or expiry, and a reviewer cannot tell which one the service applies. Keep one entry with the intended action, scope and reason."
	},
	"expired-address-entry": {
		severity: "warning",
		title: "Expired address entry",
		summary: "An address entry's `expiresAt` is in the past.",
		help: "An expiry records when a reviewed exception stops being justified; an entry kept past it is an exception nobody has re-reviewed. Review the entry again and move `expiresAt`, or remove the entry."
	},
	"webhook-url": {
		severity: "error",
		title: "Invalid webhook URL",
		summary: "A webhook's `url` is neither an https address with a public host name nor an SNS topic ARN.",
		help: "The service rejects any other address, and a webhook pointed at the wrong place delivers its events to nobody, or to someone unintended. Use an `https://` URL with a full host name, or an ARN of the form `arn:<partition>:sns:<region>:<12-digit account>:<topic>`."
	},
	"webhook-event": {
		severity: "error",
		title: "Malformed webhook event name",
		summary: "An event name is not of the form `<resource>.<action>` in lowercase letters, digits and underscores.",
		help: "A malformed name matches no event kind, so the webhook never fires for it and whoever relies on those notifications misses them. Use names such as `user.created` or `wallet.linked`."
	},
	"secret-in-file": {
		severity: "error",
		title: "Secret in a file",
		summary: "A string looks like a bearer token or an API token.",
		help: "Files in the repository are read by everyone with access and stay in Git history, and an admin token lets its holder change screening policies. Remove the value, revoke the token, and supply tokens through `SCREENPOL_API_TOKEN` or `--token-file` only."
	}
};
/** Where the documentation page of a code lives, relative to the repository root. */
function docsPath(code) {
	return `docs/codes/${code}.md`;
}
/** Prefix that turns a repository-relative docs path into a browsable URL (SARIF `helpUri`). */
const DOCS_BASE_URL = "https://github.com/screenpol/screenpol/blob/main/";
// dist/core/formats/pretty.js
const CONTEXT_ABOVE = 2;
const CONTEXT_BELOW = 1;
const FRAME_WIDTH = 120;
const FRAME_LEAD = 40;
const ELLIPSIS = "…";
/** The ESLint-like terminal format: a header, a code frame and a docs path per finding, then a summary. */
function formatPretty(report, options) {
	const paint = createPainter(options.color);
	const diagnostics = sortDiagnostics(report.diagnostics);
	const frames = createFrameSource(report);
	const blocks = diagnostics.map((d) => renderFinding(d, frames, paint));
	blocks.push(renderSummary(report.filesLinted, diagnostics, paint));
	return `${blocks.join("\n\n")}\n`;
}
/**
* Whether to colour output: a non-empty `NO_COLOR` disables (no-color.org) and wins
* over everything, so a user who opts out never gets escapes in a log;
* `FORCE_COLOR` of `0` or `false` disables and any other value enables (as Node and
* supports-color read it); otherwise colour only on a terminal that is not `dumb`.
*/
function shouldUseColor(env, isTTY) {
	if (env.NO_COLOR !== void 0 && env.NO_COLOR !== "") return false;
	const force = env.FORCE_COLOR;
	if (force !== void 0) return force !== "0" && force.toLowerCase() !== "false";
	return isTTY && env.TERM !== "dumb";
}
function createPainter(color) {
	const wrap = (open, text) => color && text !== "" ? `\x1b[${open}m${text}\x1b[0m` : text;
	const severityColor = (s) => s === "error" ? "31" : "33";
	return {
		file: (text) => wrap("1", text),
		severity: (s, text) => wrap(severityColor(s), text),
		gutter: (text) => wrap("2", text),
		code: (text) => wrap("2", text),
		summary: (tone, text) => wrap(tone === "error" ? "1;31" : tone === "warning" ? "1;33" : "32", text)
	};
}
function createFrameSource(report) {
	const lines = /* @__PURE__ */ new Map();
	const secrets = secretRangesByFile(report.diagnostics);
	return {
		linesOf(file) {
			const source = report.sources.get(file);
			if (source === void 0) return void 0;
			let split = lines.get(file);
			if (split === void 0) lines.set(file, split = splitSourceLines(source));
			return split;
		},
		secretsOf: (file) => secrets.get(file) ?? []
	};
}
function renderFinding(d, frames, paint) {
	const lines = [[
		paint.file(`${printable(d.file)}:${d.line}:${d.column}`),
		paint.severity(d.severity, d.severity),
		printable(d.message),
		paint.code(d.code)
	].join("  ")];
	const sourceLines = frames.linesOf(d.file);
	if (sourceLines !== void 0) lines.push(...renderCodeFrame(d, sourceLines, frames.secretsOf(d.file), paint));
	lines.push(`  ${paint.gutter(docsPath(d.code))}`);
	return lines.join("\n");
}
function renderSummary(filesLinted, diagnostics, paint) {
	const { errors, warnings } = countBySeverity(diagnostics);
	if (errors + warnings === 0) return paint.summary("ok", `✔ ${plural(filesLinted, "file")} linted, no problems`);
	const text = `✖ ${plural(errors + warnings, "problem")} (${plural(errors, "error")}, ${plural(warnings, "warning")})`;
	return paint.summary(errors > 0 ? "error" : "warning", text);
}
function plural(count, noun) {
	return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
function secretRangesByFile(diagnostics) {
	const byFile = /* @__PURE__ */ new Map();
	for (const d of diagnostics) {
		if (d.code !== "secret-in-file") continue;
		const ranges = byFile.get(d.file) ?? [];
		ranges.push(d);
		byFile.set(d.file, ranges);
	}
	return byFile;
}
function renderCodeFrame(d, sourceLines, secrets, paint) {
	if (d.line < 1 || d.line > sourceLines.length) return [];
	const lastRealLine = sourceLines.length > 1 && sourceLines.at(-1) === "" ? sourceLines.length - 1 : sourceLines.length;
	const first = Math.max(1, d.line - CONTEXT_ABOVE);
	const last = Math.max(d.line, Math.min(lastRealLine, d.line + CONTEXT_BELOW));
	const gutterWidth = String(last).length;
	const offending = sourceLines[d.line - 1] ?? "";
	const marked = markedSpan(d, offending.length);
	const windowStart = offending.length > FRAME_WIDTH ? Math.max(0, Math.min(marked.from - FRAME_LEAD, offending.length - FRAME_WIDTH)) : 0;
	const out = [];
	for (let n = first; n <= last; n++) {
		const text = cutToWindow(maskSecrets(sourceLines[n - 1] ?? "", n, secrets), windowStart);
		const pointer = n === d.line ? ">" : " ";
		out.push(withGutter(`${pointer} ${String(n).padStart(gutterWidth)} |`, text, paint));
		if (n === d.line) {
			const head = windowStart > 0 ? 1 : 0;
			const from = head + marked.from - windowStart;
			const to = head + Math.min(marked.to - windowStart, 121);
			const carets = paint.severity(d.severity, "^".repeat(Math.max(1, to - from)));
			out.push(withGutter(`  ${" ".repeat(gutterWidth)} |`, `${" ".repeat(from)}${carets}`, paint));
		}
	}
	return out;
}
function splitSourceLines(source) {
	return (source.startsWith("﻿") ? source.slice(1) : source).split(/\r?\n/);
}
/**
* Columns (0-based, end-exclusive) to underline on the offending line: the range on
* that line, up to the line end when it continues below, clamped to the line, and
* at least one caret (an empty range or one at the line end still gets a pointer).
*/
function markedSpan(d, lineLength) {
	const from = clamp(d.column - 1, 0, lineLength);
	const end = d.endLine > d.line ? lineLength : clamp(d.endColumn - 1, from, lineLength);
	return {
		from,
		to: Math.max(end, from + 1)
	};
}
function maskSecrets(line, lineNumber, secrets) {
	let out = line;
	for (const s of secrets) {
		if (lineNumber < s.line || lineNumber > s.endLine) continue;
		const from = lineNumber === s.line ? clamp(s.column - 1, 0, out.length) : 0;
		const to = lineNumber === s.endLine ? clamp(s.endColumn - 1, from, out.length) : out.length;
		out = out.slice(0, from) + "*".repeat(to - from) + out.slice(to);
	}
	return out;
}
function cutToWindow(line, windowStart) {
	const cut = line.slice(windowStart, windowStart + FRAME_WIDTH);
	const head = windowStart > 0 && line.length > 0 ? ELLIPSIS : "";
	const tail = line.length > windowStart + FRAME_WIDTH ? ELLIPSIS : "";
	return head + printable(cut) + tail;
}
/**
* Makes text safe to print on a terminal without moving the caret alignment: each
* replacement is one code unit for one. A tab becomes a space (its width depends
* on the terminal); other control characters, which could also be escape sequences
* planted in a file, and surrogate halves left by a cut become U+FFFD.
*/
function printable(text) {
	return text.replace(/\t/g, " ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "�").replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "�");
}
function withGutter(gutter, text, paint) {
	return text === "" ? paint.gutter(gutter) : `${paint.gutter(gutter)} ${text}`;
}
function clamp(value, min, max) {
	return Math.min(Math.max(value, min), max);
}
export { docsPath as a, CODES as c, MAX_FILE_BYTES as d, decodeSource as f, DOCS_BASE_URL as i, compareDiagnostics as l, shouldUseColor as n, countBySeverity as o, CODE_INFO as r, sortDiagnostics as s, formatPretty as t, formatPath as u };
