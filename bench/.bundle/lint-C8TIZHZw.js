import { a as readSources, c as lintSources, l as classifyPath, n as openWorkspace, o as toRepositoryPath, r as collectPaths, t as configFromText, u as CONFIG_FILE } from "./workspace-config-8AD33KmY.js";
import { i as isFormatName, n as FORMAT_NAMES, o as readStagedSources, r as formatReport, t as VERSION } from "./version-BjR6Vh4z.js";
import { n as shouldUseColor, o as countBySeverity } from "./pretty-qiufIhOH.js";
import { t as UsageError } from "./usage-error-xIYKjtG7.js";
import { t as EXIT } from "./exit-codes-BHwQfisA.js";
import { resolve } from "node:path";
// dist/app/lint.js
/**
* The lint use case: find the files (working tree or Git index), read them,
* run the core. Shared by the CLI and the library's `lint()`.
*/
async function runLint(request = {}) {
	const cwd = request.cwd ?? process.cwd();
	const paths = request.paths ?? [];
	const workspace = await openWorkspace(cwd);
	let config = workspace.config;
	let sources;
	if (request.staged) {
		const named = new Set(paths.map((path) => toRepositoryPath(workspace.root, resolve(cwd, path))));
		const covered = (path) => named.size > 0 ? named.has(path) || [...named].some((prefix) => path.startsWith(`${prefix}/`)) : isLintedByDefault(path, config);
		const everything = await readStagedSources(workspace.root, (path) => covered(path) || path === "screenpol.config.yaml");
		const stagedConfig = everything.find((source) => source.file === CONFIG_FILE);
		if (stagedConfig?.bytes) config = configFromText(Buffer.from(stagedConfig.bytes).toString("utf8"));
		sources = everything.filter((source) => covered(source.file) && /\.ya?ml$/i.test(source.file));
	} else sources = await readSources(workspace.root, await collectPaths(workspace.root, cwd, paths, config));
	return {
		...lintSources(sources, {
			config,
			now: request.now,
			catalog: request.catalog
		}),
		root: workspace.root,
		configFound: workspace.configFound
	};
}
function isLintedByDefault(path, config) {
	if (path === "screenpol.config.yaml") return true;
	const kind = classifyPath(path, config).kind;
	return kind === "policy" || kind === "addresses" || kind === "webhooks";
}
// dist/cli/commands/lint.js
async function lintCommand(paths, flags, io) {
	if (!isFormatName(flags.format)) throw new UsageError(`--format must be one of ${FORMAT_NAMES.join(", ")}, not "${flags.format}"`);
	const maxWarnings = parseMaxWarnings(flags.maxWarnings);
	const run = await runLint({
		paths,
		cwd: io.cwd,
		staged: flags.staged === true
	});
	const output = formatReport(flags.format, run, {
		color: shouldUseColor(io.env, io.stdout.isTTY === true),
		toolVersion: VERSION,
		srcRoot: run.root
	});
	io.stdout.write(output);
	const { errors, warnings } = countBySeverity(run.diagnostics);
	if (errors > 0) return EXIT.findings;
	if (maxWarnings !== void 0 && warnings > maxWarnings) {
		io.stderr.write(`screenpol: ${warnings} warnings, more than --max-warnings ${maxWarnings}\n`);
		return EXIT.findings;
	}
	return EXIT.ok;
}
function parseMaxWarnings(value) {
	if (value === void 0) return void 0;
	if (!/^\d+$/.test(value)) throw new UsageError(`--max-warnings takes a whole number, not "${value}"`);
	return Number(value);
}
export { lintCommand };
