import { UsageError } from "../../app/errors.js";
import { editorPolicySchema, editorTestSchema } from "../../core/editor-schema.js";
import { policySchemaName, schemaDocument } from "../../core/validate.js";
import { screeningSchemaName } from "../../core/semantics/screening-input.js";
import { isVendor, VENDORS, type SchemaVersion } from "../../core/vendors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";

export interface SchemaFlags {
  vendor?: string;
  /** Omitted: a schema that follows each file's own schemaVersion. */
  schemaVersion?: number;
  kind: string;
}

const KINDS = ["policy", "screening", "addresses", "webhooks", "config", "test"] as const;

/** Prints a JSON Schema for editors (yaml-language-server). */
export function schemaCommand(flags: SchemaFlags, io: CliIo): ExitCode {
  if (!(KINDS as readonly string[]).includes(flags.kind)) throw new UsageError(`--kind must be one of ${KINDS.join(", ")}, not "${flags.kind}"`);
  if (flags.kind === "test") {
    io.stdout.write(`${JSON.stringify(editorTestSchema(), null, 2)}\n`);
    return EXIT.ok;
  }
  if (flags.kind !== "policy" && flags.kind !== "screening") {
    io.stdout.write(`${JSON.stringify(schemaDocument(flags.kind as "addresses"), null, 2)}\n`);
    return EXIT.ok;
  }
  const vendor = flags.vendor ?? VENDORS[0];
  if (!isVendor(vendor)) throw new UsageError(`--vendor must be one of ${VENDORS.join(", ")}, not "${vendor}"`);
  // A screening's shape is the vendor's alone (`decide` files, test cases, replay lines); no rule language version.
  if (flags.kind === "screening") {
    io.stdout.write(`${JSON.stringify(schemaDocument(screeningSchemaName(vendor)), null, 2)}\n`);
    return EXIT.ok;
  }
  if (flags.schemaVersion === undefined) {
    io.stdout.write(`${JSON.stringify(editorPolicySchema(vendor), null, 2)}\n`);
    return EXIT.ok;
  }
  const version = flags.schemaVersion;
  io.stdout.write(`${JSON.stringify(schemaDocument(policySchemaName(vendor, version as SchemaVersion)), null, 2)}\n`);
  return EXIT.ok;
}
