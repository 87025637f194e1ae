import { afterEach, describe, expect, it } from "vitest";
import { openWorkspace, parseConfigSource } from "../../src/app/workspace-config.js";
import { lintSources } from "../../src/core/lint.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const CONFIG = "screenpol.config.yaml";

describe("screenpol.config.yaml is parsed once", () => {
  let repo: TempRepo | undefined;
  afterEach(() => repo?.remove());

  it("the workspace keeps the config's parse, and the lint of the config uses that very parse", async () => {
    repo = makeTempRepo();
    const workspace = await openWorkspace(repo.dir);
    const parsed = workspace.configSource.parsed;
    expect(parsed?.document).toBeDefined();
    // The lint's data for the config is the object the layout was read from: no second parse made it.
    const result = lintSources([workspace.configSource], { config: workspace.config });
    expect(result.data.get(CONFIG)).toBe(parsed?.document?.data);
  });

  it("parseConfigSource gives the layout and a source whose lint reports the file's own problems", () => {
    const { config, source } = parseConfigSource({ file: CONFIG, bytes: Buffer.from("paths:\n  policies: rules\nbaseUrl: 7\n") });
    expect(config.paths.policies).toBe("rules");
    expect(source.parsed?.text).toBe(source.text);
    expect(lintSources([source]).diagnostics.map((d) => `${d.file}:${d.line}`)).toEqual([`${CONFIG}:1`, `${CONFIG}:3`]);
  });

  it("a config that cannot be decoded gives the default layout and stays a read-error", () => {
    const { config, source } = parseConfigSource({ file: CONFIG, bytes: new Uint8Array([0x70, 0, 0x71]) });
    expect(config.paths.policies).toBe("policies");
    expect(source.parsed).toBeUndefined();
    expect(lintSources([source]).diagnostics.map((d) => d.code)).toEqual(["read-error"]);
  });
});
