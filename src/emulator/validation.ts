/**
 * Server-side validation with the linter itself (policy-language.md: the
 * emulator validates with the same schemas and checks): a request body is
 * rendered as the file it corresponds to, at its layout path, and linted with
 * a config that declares the emulator's environments. Any error-severity
 * diagnostic rejects the request with 400 and the diagnostics' messages, so a
 * cross-vendor field or a sanctions-floor attempt is refused whatever the
 * client sent. Warnings (an expired address entry, an unreachable rule) pass.
 *
 * The rendering is JSON text, which is YAML 1.2: every string stays a string
 * (no date, number or boolean guessing), so what is linted is what is stored.
 * On one line: the positions are never shown, and a flat flow mapping parses
 * in about half the time of an indented one.
 */
import type { TokenCatalogIndex } from "../core/catalog.js";
import { DEFAULT_BASE_URL, DEFAULT_PATHS, type Config } from "../core/config.js";
import type { Diagnostic } from "../core/diagnostic.js";
import { lintText } from "../core/lint.js";
import type { Scope, Vendor } from "../core/vendors.js";
import type { StoredEnvironment } from "./model.js";

/** At most this many diagnostics are spelled out in a 400; the rest are counted. */
const MAX_MESSAGES = 20;

export interface ValidationContext {
  /** The environment written to. */
  environment: StoredEnvironment;
  /** The environments of its project: the config the linter sees. */
  environments: readonly StoredEnvironment[];
  now: Date;
  /** The live catalog, for the linter's token checks. */
  catalog?: TokenCatalogIndex;
}

/** The config a repository managing these environments would have. */
function configOf(environments: readonly StoredEnvironment[]): Config {
  return {
    baseUrl: DEFAULT_BASE_URL,
    environments: environments.map((environment) => ({ name: environment.name, id: environment.id, kind: environment.kind })),
    paths: DEFAULT_PATHS,
  };
}

/** Lints `document` as the file at `file`; returns the 400 message, or undefined when it passes. */
function lintDocument(file: string, document: Record<string, unknown>, context: ValidationContext): string | undefined {
  const diagnostics = lintText(file, JSON.stringify(document), {
    config: configOf(context.environments),
    now: context.now,
    catalog: context.catalog,
  });
  return rejectionMessage(diagnostics.filter((diagnostic) => diagnostic.severity === "error"));
}

function rejectionMessage(errors: readonly Diagnostic[]): string | undefined {
  if (errors.length === 0) return undefined;
  const shown = errors.slice(0, MAX_MESSAGES).map((diagnostic) => `${diagnostic.message} (${diagnostic.code})`);
  const more = errors.length > MAX_MESSAGES ? `; and ${errors.length - MAX_MESSAGES} more` : "";
  return `${shown.join("; ")}${more}`;
}

/**
 * A policy edit, rendered as `policies/<env>/<providerType>/<scope>.yaml`. The
 * path's vendor and scope come first; a body that names others fails the
 * linter's path-mismatch check. Members other than `revision` are rendered as
 * they came, so an unknown or server-managed member is refused too.
 */
export function policyProblem(
  context: ValidationContext,
  providerType: Vendor,
  scope: Scope,
  body: Record<string, unknown>,
): string | undefined {
  const { revision: _revision, ...members } = body;
  const document = { providerType, scope, ...members };
  return lintDocument(`policies/${context.environment.name}/${providerType}/${scope}.yaml`, document, context);
}

/** Address entries, rendered as `policies/<env>/<providerType>/addresses.yaml`. */
export function addressEntriesProblem(context: ValidationContext, providerType: Vendor, body: Record<string, unknown>): string | undefined {
  const { revision: _revision, ...members } = body;
  const document = { providerType, ...members };
  return lintDocument(`policies/${context.environment.name}/${providerType}/addresses.yaml`, document, context);
}

/** One webhook update, rendered as the only webhook of `webhooks/<env>.yaml`. */
export function webhookProblem(context: ValidationContext, webhookId: string, body: Record<string, unknown>): string | undefined {
  const document = { webhooks: [{ webhookId, ...body }] };
  return lintDocument(`webhooks/${context.environment.name}.yaml`, document, context);
}
