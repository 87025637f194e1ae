/** The check fixtures (test/fixtures/checks/<code>/<case>/) as small repositories to run the built CLI on. */
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROJECT_ROOT } from "../../helpers/run-cli.js";

export const FIXTURES = join(PROJECT_ROOT, "test/fixtures/checks");

export interface FixtureCase {
  code: string;
  name: string;
  dir: string;
}

/** Every case folder, sorted by code then name. */
export function fixtureCases(): FixtureCase[] {
  return readdirSync(FIXTURES)
    .filter((code) => statSync(join(FIXTURES, code)).isDirectory())
    .sort()
    .flatMap((code) =>
      readdirSync(join(FIXTURES, code))
        .filter((name) => statSync(join(FIXTURES, code, name)).isDirectory())
        .sort()
        .map((name) => ({ code, name, dir: join(FIXTURES, code, name) })),
    );
}

/**
 * A copy of one case as a repository of its own, with the fixtures' config
 * unless the case brings its own, so that the CLI lints it as the fixture
 * runner does. Call `remove()` when done.
 */
export function fixtureRepo(fixture: FixtureCase): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `screenpol-${fixture.code}-`));
  cpSync(join(FIXTURES, "screenpol.config.yaml"), join(dir, "screenpol.config.yaml"));
  cpSync(fixture.dir, dir, { recursive: true, filter: (source) => !/expected\.json$|catalog\.json$/.test(source) });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
