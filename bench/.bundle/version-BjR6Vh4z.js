import { a as docsPath, c as CODES, i as DOCS_BASE_URL, o as countBySeverity, r as CODE_INFO, s as sortDiagnostics, t as formatPretty } from "./pretty-qiufIhOH.js";
import { createRequire } from "node:module";
import { execFile, spawn } from "node:child_process";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
// dist/workspace/git-index.js
/**
* Reads files as they are staged in the Git index, not as they are in the
* working tree: a pre-commit hook must judge what will be committed, and a
* partially staged file is linted as staged.
*/
const run = promisify(execFile);
/** `git ls-files` of a large repository fits comfortably; more is not a policy repository. */
const MAX_GIT_OUTPUT = 67108864;
var GitError = class extends Error {
	name = "GitError";
};
async function git(cwd, args) {
	try {
		const { stdout } = await run("git", args, {
			cwd,
			maxBuffer: MAX_GIT_OUTPUT,
			encoding: "utf8"
		});
		return stdout;
	} catch (error) {
		const stderr = String(error.stderr ?? "").trim().split("\n")[0];
		throw new GitError(`cannot read the Git index: ${error.code === "ENOENT" ? "git is not installed" : stderr || "git failed"}`, { cause: error });
	}
}
/**
* Staged content of the files under `root` that the lint covers.
* `selection` decides which index paths (repository-relative to `root`) to read.
*/
async function readStagedSources(root, selection) {
	const top = (await git(root, ["rev-parse", "--show-toplevel"])).trim();
	const listing = await git(top, [
		"ls-files",
		"--stage",
		"-z",
		"--",
		toGitPath(top, root) || "."
	]);
	const entries = [];
	const conflicted = /* @__PURE__ */ new Set();
	for (const record of listing.split("\0")) {
		if (record === "") continue;
		const match = /^(\d+) ([0-9a-f]+) (\d)\t(.*)$/s.exec(record);
		if (!match) continue;
		const [, mode, object, stage, gitPath] = match;
		const path = fromGitPath(top, root, gitPath);
		if (path === void 0 || !selection(path)) continue;
		if (stage !== "0") conflicted.add(path);
		else entries.push({
			mode,
			object,
			stage,
			path
		});
	}
	const sources = [...conflicted].map((file) => ({
		file,
		readError: "has unresolved merge conflicts in the index"
	}));
	const regular = entries.filter((entry) => entry.mode.startsWith("100"));
	for (const entry of entries) if (!entry.mode.startsWith("100")) sources.push({
		file: entry.path,
		readError: "is not a regular file in the index (a symbolic link or submodule)"
	});
	const blobs = await readBlobs(top, regular.map((entry) => entry.object));
	regular.forEach((entry, index) => {
		const blob = blobs[index];
		sources.push(blob.byteLength > 1048576 ? {
			file: entry.path,
			readError: `file is ${(blob.byteLength / 1048576).toFixed(1)} MiB, over the 1 MiB limit for a policy file; not read`
		} : {
			file: entry.path,
			bytes: blob
		});
	});
	return sources.sort((a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
}
/** One `git cat-file --batch` for all blobs: one process, however many files. */
function readBlobs(cwd, objects) {
	if (objects.length === 0) return Promise.resolve([]);
	return new Promise((resolvePromise, reject) => {
		const child = spawn("git", ["cat-file", "--batch"], {
			cwd,
			stdio: [
				"pipe",
				"pipe",
				"pipe"
			]
		});
		const chunks = [];
		let stderr = "";
		child.stdout.on("data", (chunk) => chunks.push(chunk));
		child.stderr.on("data", (chunk) => stderr += chunk.toString());
		child.on("error", (error) => reject(new GitError("cannot read the Git index: git is not installed", { cause: error })));
		child.on("close", (code) => {
			if (code !== 0) return reject(new GitError(`cannot read the Git index: ${stderr.trim() || `git exited with ${code}`}`));
			const output = Buffer.concat(chunks);
			const blobs = [];
			let offset = 0;
			for (let i = 0; i < objects.length; i++) {
				const headerEnd = output.indexOf(10, offset);
				const header = output.subarray(offset, headerEnd).toString("utf8");
				const size = Number(header.split(" ")[2]);
				if (headerEnd === -1 || !Number.isInteger(size)) return reject(new GitError(`cannot read the Git index: unexpected output "${header}"`));
				blobs.push(output.subarray(headerEnd + 1, headerEnd + 1 + size));
				offset = headerEnd + 1 + size + 1;
			}
			resolvePromise(blobs);
		});
		child.stdin.end(objects.map((object) => `${object}\n`).join(""));
	});
}
function toGitPath(top, absolute) {
	return relative(top, absolute).split(sep).join("/");
}
/** Index path (relative to the Git top) -> path relative to the screenpol root; undefined outside it. */
function fromGitPath(top, root, gitPath) {
	const path = relative(root, resolve(top, gitPath));
	if (path.startsWith("..") || isAbsolute(path)) return void 0;
	return path.split(sep).join("/");
}
// dist/core/formats/github.js
/**
* GitHub Actions workflow commands, one `::error` or `::warning` line per finding,
* which the runner turns into annotations on the pull request's changed files:
*
* `::error file=F,line=L,col=C,endLine=EL,endColumn=EC,title=CODE::MESSAGE`
*
* `col` and `endColumn` are left out when the range spans lines: the runner rejects
* an annotation that has them with `line` != `endLine` (actions/runner, command
* validation), and the finding would silently disappear. `endColumn` stays
* exclusive as in Diagnostic, but never less than `col`, which the runner also rejects.
* No findings, no output.
*/
function formatGithub(report) {
	return sortDiagnostics(report.diagnostics).map((d) => `${renderWorkflowCommand(d)}\n`).join("");
}
function renderWorkflowCommand(d) {
	const properties = [["file", d.file], ["line", d.line]];
	if (d.endLine === d.line) properties.push(["col", d.column]);
	properties.push(["endLine", Math.max(d.endLine, d.line)]);
	if (d.endLine === d.line) properties.push(["endColumn", Math.max(d.endColumn, d.column)]);
	properties.push(["title", d.code]);
	const rendered = properties.map(([name, value]) => `${name}=${escapeProperty(String(value))}`).join(",");
	return `::${d.severity} ${rendered}::${escapeData(d.message)}`;
}
/**
* Escapes a workflow command's message: a raw newline would end the command and
* let the rest of the message be read as a new one (the runner decodes these).
*/
function escapeData(value) {
	return value.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
/** Escapes a property value, where `,` separates properties and `:` ends them as well. */
function escapeProperty(value) {
	return escapeData(value).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
/**
* The machine-readable lint output, pretty-printed with two spaces and a trailing
* newline:
*
* ```
* {
*   "version": 1,
*   "files": 12,              // files linted, with or without findings
*   "errorCount": 2,
*   "warningCount": 1,
*   "diagnostics": [          // sorted by file, line, column, code
*     {
*       "file": "policies/prod/vendorAWalletScreening/TRANSACTION.yaml",
*       "line": 9, "column": 7, "endLine": 9, "endColumn": 16,
*       "severity": "error",
*       "code": "cross-vendor-field",
*       "message": "...",
*       "path": "rules.postScreen[0].when.riskLevel"
*     }
*   ]
* }
* ```
*
* Positions are 1-based, columns count UTF-16 code units, `endColumn` is exclusive
* (diagnostic.ts). Members appear in this order whatever the input objects hold.
*/
function formatJson(report) {
	const diagnostics = sortDiagnostics(report.diagnostics);
	const counts = countBySeverity(diagnostics);
	const output = {
		version: 1,
		files: report.filesLinted,
		errorCount: counts.errors,
		warningCount: counts.warnings,
		diagnostics: diagnostics.map(toJsonDiagnostic)
	};
	return `${JSON.stringify(output, null, 2)}\n`;
}
function toJsonDiagnostic(d) {
	return {
		file: d.file,
		line: d.line,
		column: d.column,
		endLine: d.endLine,
		endColumn: d.endColumn,
		severity: d.severity,
		code: d.code,
		message: d.message,
		path: d.path
	};
}
// dist/core/formats/sarif.js
const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
const SRCROOT = "%SRCROOT%";
const INFORMATION_URI = "https://github.com/screenpol/screenpol";
/**
* SARIF 2.1.0, for GitHub code scanning and other SARIF viewers: one run whose
* driver lists a rule for every code (so a viewer can explain a code even before a
* finding of it appears), and one result per finding. Positions stay 1-based with an
* exclusive end column in UTF-16 code units, which is SARIF's own convention
* (`columnKind` is set explicitly). Pretty-printed with two spaces and a newline.
*/
function formatSarif(report, options) {
	const root = options.srcRoot === void 0 ? void 0 : toDirectoryFileUri(options.srcRoot);
	const run = {
		tool: { driver: {
			name: "screenpol",
			version: options.toolVersion,
			informationUri: INFORMATION_URI,
			rules: CODES.map(toRule)
		} },
		...root === void 0 ? {} : { originalUriBaseIds: { [SRCROOT]: { uri: root } } },
		columnKind: "utf16CodeUnits",
		results: sortDiagnostics(report.diagnostics).map((d) => toResult(d, root))
	};
	return `${JSON.stringify({
		$schema: SARIF_SCHEMA,
		version: "2.1.0",
		runs: [run]
	}, null, 2)}\n`;
}
function toRule(code) {
	const info = CODE_INFO[code];
	return {
		id: code,
		name: toPascalCase(code),
		shortDescription: { text: info.title },
		fullDescription: { text: info.summary },
		help: { text: info.help },
		helpUri: `${DOCS_BASE_URL}${docsPath(code)}`,
		defaultConfiguration: { level: info.severity }
	};
}
function toResult(d, root) {
	const endLine = Math.max(d.endLine, d.line);
	return {
		ruleId: d.code,
		ruleIndex: CODES.indexOf(d.code),
		level: d.severity,
		message: { text: d.message },
		locations: [{ physicalLocation: {
			artifactLocation: toArtifactLocation(d.file, root),
			region: {
				startLine: d.line,
				startColumn: d.column,
				endLine,
				endColumn: endLine === d.line ? Math.max(d.endColumn, d.column) : d.endColumn
			}
		} }]
	};
}
/** `duplicate-rule-id` -> `DuplicateRuleId`: SARIF suggests a name that reads as an identifier. */
function toPascalCase(code) {
	return code.split("-").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
}
const WINDOWS_ABSOLUTE = /^[A-Za-z]:[\\/]/;
function isAbsolutePath(path) {
	return path.startsWith("/") || WINDOWS_ABSOLUTE.test(path);
}
/**
* A relative file name becomes a URI reference against `%SRCROOT%`, as code scanning
* expects; an absolute one under `srcRoot` is made relative first, and any other
* absolute one becomes a `file:` URI, since a base would be wrong for it.
*/
function toArtifactLocation(file, root) {
	if (isAbsolutePath(file)) {
		const uri = toFileUri(file);
		if (root !== void 0 && uri.startsWith(root) && uri.length > root.length) return {
			uri: uri.slice(root.length),
			uriBaseId: SRCROOT
		};
		return { uri };
	}
	return {
		uri: encodePathSegments(file.replace(/^(\.\/)+/, "")),
		uriBaseId: SRCROOT
	};
}
/**
* Percent-encodes each segment so that `#`, `?`, `%`, spaces and non-ASCII survive as
* a URI reference, and a `:` in the first segment cannot be read as a scheme.
*/
function encodePathSegments(path) {
	return path.split("/").map(encodeURIComponent).join("/");
}
function toFileUri(absolutePath) {
	if (WINDOWS_ABSOLUTE.test(absolutePath)) {
		const [drive, ...rest] = absolutePath.replace(/\\/g, "/").split("/");
		return `file:///${drive}/${rest.map(encodeURIComponent).join("/")}`;
	}
	return `file://${encodePathSegments(absolutePath)}`;
}
function toDirectoryFileUri(absolutePath) {
	const uri = toFileUri(absolutePath);
	return uri.endsWith("/") ? uri : `${uri}/`;
}
// dist/core/formats/index.js
/** Every format name, in the order help text lists them. */
const FORMAT_NAMES = [
	"pretty",
	"json",
	"github",
	"sarif"
];
/** Narrows a `--format` argument to a format name. */
function isFormatName(value) {
	return FORMAT_NAMES.includes(value);
}
/** Renders a lint report in the named format; the result is ready to write to stdout. */
function formatReport(name, report, options) {
	switch (name) {
		case "pretty": return formatPretty(report, { color: options.color ?? false });
		case "json": return formatJson(report);
		case "github": return formatGithub(report);
		case "sarif": return formatSarif(report, {
			toolVersion: options.toolVersion,
			...options.srcRoot === void 0 ? {} : { srcRoot: options.srcRoot }
		});
	}
}
// dist/cli/version.js
/** From package.json, so SARIF and --version never drift from the release. */
const VERSION = createRequire(import.meta.url)("../../package.json").version;
export { GitError as a, isFormatName as i, FORMAT_NAMES as n, readStagedSources as o, formatReport as r, VERSION as t };
