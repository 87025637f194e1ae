/**
 * Where a policy repository installs screenpol from (README.md, "Install"): the
 * release tarball of a version's tag, by its URL, never the bare package name,
 * which whoever holds that name on a registry would serve instead (dependency
 * confusion). `npm install --save-dev <url>` records the URL in package.json and
 * the tarball's sha512 integrity in package-lock.json, so `npm ci` (the hook's
 * and CI's install) refuses a tarball other than the one first installed. The
 * README, init's next steps, the Action and docs/integrations.md all say this one
 * string (test/integrations/install-source.test.ts).
 */
import { REPOSITORY_URL } from "./codes.js";
import { PACKAGE_VERSION } from "./generated/release.js";

export function releaseTarballUrl(version: string = PACKAGE_VERSION): string {
  return `${REPOSITORY_URL}/releases/download/v${version}/screenpol-${version}.tgz`;
}

/** The command that installs this version into a policy repository, as a development dependency. */
export const INSTALL_COMMAND = `npm install --save-dev ${releaseTarballUrl()}`;

/**
 * Whether a package.json dependency spec of screenpol names a registry version
 * (`^0.1.0`, `latest`, `npm:screenpol@0.1.0`): one the registry resolves by name.
 * URLs, Git and file specs all have a `:` or a `/`; a registry spec has neither,
 * or is an `npm:` alias.
 */
export function isRegistrySpec(spec: string): boolean {
  return spec.startsWith("npm:") || !/[:/]/.test(spec);
}
