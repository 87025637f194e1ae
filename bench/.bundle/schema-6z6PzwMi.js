import { t as UsageError } from "./usage-error-xIYKjtG7.js";
import { l as SCHEMA_VERSIONS, n as policySchemaName, p as isVendor, r as schemaDocument, u as VENDORS } from "./validate-DM4S4dei.js";
import { t as EXIT } from "./exit-codes-BHwQfisA.js";
// dist/cli/commands/schema.js
const KINDS = [
	"policy",
	"addresses",
	"webhooks",
	"config"
];
/** Prints a JSON Schema for editors (yaml-language-server). */
function schemaCommand(flags, io) {
	if (!KINDS.includes(flags.kind)) throw new UsageError(`--kind must be one of ${KINDS.join(", ")}, not "${flags.kind}"`);
	if (flags.kind !== "policy") {
		io.stdout.write(`${JSON.stringify(schemaDocument(flags.kind), null, 2)}\n`);
		return EXIT.ok;
	}
	const vendor = flags.vendor ?? VENDORS[0];
	if (!isVendor(vendor)) throw new UsageError(`--vendor must be one of ${VENDORS.join(", ")}, not "${vendor}"`);
	const version = Number(flags.schemaVersion);
	if (!SCHEMA_VERSIONS.includes(version)) throw new UsageError(`--schema-version must be one of ${SCHEMA_VERSIONS.join(", ")}, not "${flags.schemaVersion}"`);
	io.stdout.write(`${JSON.stringify(schemaDocument(policySchemaName(vendor, version)), null, 2)}\n`);
	return EXIT.ok;
}
export { schemaCommand };
