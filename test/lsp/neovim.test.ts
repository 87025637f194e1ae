/**
 * A real editor on `screenpol lsp --stdio` (issue 28, Tests): Debian's Neovim,
 * headless, with its built-in client configured as docs/editors.md says for
 * Neovim 0.7 (start_client and buf_attach_client), opens a policy of a copy of
 * the sample repository, types a cross-vendor field and waits for its
 * diagnostic, types an action in the wrong case and applies the quick fix,
 * hovers a rule's id and formats the buffer; in a committed repository, raises
 * a threshold, saves, and reads the weakening lens. The Lua scripts write what
 * the editor saw to a JSON file; the assertions are here. Skipped, with a
 * warning on the test output, where `nvim` is not installed.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, runCli } from "../helpers/run-cli.js";
import { makeTempRepo } from "../helpers/temp-repo.js";
import { makeCommittedRepo } from "../helpers/committed-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const nvim = spawnSync("nvim", ["--version"], { encoding: "utf8" });
const available = nvim.status === 0;
if (!available) console.warn("test/lsp/neovim.test.ts: SKIPPED, nvim is not installed (apt-get install -y neovim)");

const SCRIPT = String.raw`
local root = os.getenv("REPO")
local out = {}
vim.cmd("edit " .. root .. "/${POLICY}")
local id = vim.lsp.start_client({ name = "screenpol", cmd = { os.getenv("NODE"), os.getenv("BIN"), "lsp", "--stdio" }, root_dir = root })
vim.lsp.buf_attach_client(0, id)
local function codes()
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(list, (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or d.code or "?") end
  return table.concat(list, ",")
end
out.initialized = vim.wait(20000, function() local client = vim.lsp.get_client_by_id(id); return client ~= nil and client.initialized end, 50)

-- Typed: a vendorB field in a vendorA rule.
local line = vim.fn.search("riskScore: { gte: 8.5 }")
vim.api.nvim_buf_set_lines(0, line, line, false, { "        riskLevel: { atLeast: high }" })
out.crossVendorSeen = vim.wait(20000, function() return codes() == "cross-vendor-field" end, 50)
local d = vim.diagnostic.get(0)[1]
out.crossVendor = d and { line = d.lnum, column = d.col, endLine = d.end_lnum, endColumn = d.end_col, message = d.message } or vim.NIL
vim.api.nvim_buf_set_lines(0, line, line + 1, false, {})

-- Typed: an action in the wrong case; the quick fix applied as the editor applies it.
local action = vim.fn.search("      action: BLOCK")
vim.api.nvim_buf_set_lines(0, action - 1, action, false, { "      action: block" })
out.schemaSeen = vim.wait(20000, function() return codes() == "schema" end, 50)
local diag = vim.diagnostic.get(0)[1]
local params = { textDocument = vim.lsp.util.make_text_document_params(), range = { start = { line = diag.lnum, character = diag.col }, ["end"] = { line = diag.end_lnum, character = diag.end_col } }, context = { diagnostics = {} } }
out.titles = {}
for _, response in pairs(vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 20000) or {}) do
  for _, a in ipairs(response.result or {}) do
    table.insert(out.titles, a.title)
    vim.lsp.util.apply_workspace_edit(a.edit, "utf-16")
  end
end
out.fixedLine = vim.api.nvim_buf_get_lines(0, action - 1, action, false)[1]
out.cleanAfterFix = vim.wait(20000, function() return codes() == "" end, 50)

local hovered = vim.lsp.buf_request_sync(0, "textDocument/hover", { textDocument = vim.lsp.util.make_text_document_params(), position = { line = vim.fn.search("id: block-severe-risk-score") - 1, character = 12 } }, 20000)
for _, response in pairs(hovered or {}) do out.hover = response.result and response.result.contents.value end

vim.lsp.buf.formatting_sync(nil, 20000)
out.formatted = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n") .. "\n"
local file = io.open(os.getenv("OUT"), "w")
file:write(vim.fn.json_encode(out))
file:close()
vim.lsp.stop_client(id)
vim.cmd("qa!")
`;

/** The weakening lens as the editor sees it after a save: Neovim 0.7 asks for code lenses itself (it has no refresh request). */
const LENS_SCRIPT = String.raw`
local root = os.getenv("REPO")
local out = {}
vim.cmd("edit " .. root .. "/${POLICY}")
local id = vim.lsp.start_client({ name = "screenpol", cmd = { os.getenv("NODE"), os.getenv("BIN"), "lsp", "--stdio" }, root_dir = root })
vim.lsp.buf_attach_client(0, id)
out.initialized = vim.wait(20000, function() local client = vim.lsp.get_client_by_id(id); return client ~= nil and client.initialized end, 50)
local line = vim.fn.search("riskScore: { gte: 8.5 }")
vim.api.nvim_buf_set_lines(0, line - 1, line, false, { (vim.api.nvim_buf_get_lines(0, line - 1, line, false)[1]:gsub("8%.5", "9")) })
vim.cmd("write")
local function lens()
  local responses = vim.lsp.buf_request_sync(0, "textDocument/codeLens", { textDocument = vim.lsp.util.make_text_document_params() }, 5000)
  for _, response in pairs(responses or {}) do
    for _, item in ipairs(response.result or {}) do
      if item.command and item.command.title:find("compared with HEAD", 1, true) then return item.command.title, item.range.start.line end
    end
  end
end
out.lensSeen = vim.wait(60000, function()
  local title, at = lens()
  if title == nil or title:find("computing", 1, true) then return false end
  out.lens = title
  out.lensLine = at
  return true
end, 500)
local file = io.open(os.getenv("OUT"), "w")
file:write(vim.fn.json_encode(out))
file:close()
vim.lsp.stop_client(id)
vim.cmd("qa!")
`;

const repo = makeTempRepo();
afterAll(() => repo.remove());

describe.skipIf(!available)("Neovim's built-in client on screenpol lsp", () => {
  it("shows the cross-vendor diagnostic as it is typed, applies the quick fix, hovers a rule and formats like fmt", { timeout: 90_000 }, async () => {
    const original = readFileSync(join(repo.dir, POLICY), "utf8");
    const script = join(repo.dir, ".nvim-test.lua");
    const out = join(repo.dir, ".nvim-out.json");
    writeFileSync(script, SCRIPT);
    const run = spawnSync("nvim", ["--headless", "--clean", "-c", `luafile ${script}`], {
      cwd: repo.dir,
      env: { ...process.env, REPO: repo.dir, NODE: process.execPath, BIN, OUT: out },
      encoding: "utf8",
      timeout: 80_000,
    });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    const seen = JSON.parse(readFileSync(out, "utf8")) as Record<string, unknown>;
    rmSync(script);
    rmSync(out);

    const line = original.split("\n").findIndex((text) => text.includes("riskScore: { gte: 8.5 }")) + 1;
    expect(seen.initialized).toBe(true);
    expect(seen.crossVendorSeen).toBe(true);
    expect(seen.crossVendor).toMatchObject({ line, column: 8, endLine: line, endColumn: 17 });
    expect(seen.schemaSeen).toBe(true);
    expect(seen.titles).toEqual(["Change to BLOCK"]);
    expect(seen.fixedLine).toBe("      action: BLOCK");
    expect(seen.cleanAfterFix).toBe(true);
    expect(seen.hover).toContain("BLOCK when riskScore >= 8.5");

    // The buffer, back to the file's text after the fix, formatted as `screenpol fmt` writes the file.
    const other = makeTempRepo();
    try {
      const fmt = await runCli(["fmt", POLICY], { cwd: other.dir });
      expect(fmt.code, fmt.stderr).toBe(0);
      expect(seen.formatted).toBe(readFileSync(join(other.dir, POLICY), "utf8"));
    } finally {
      other.remove();
    }
  });

  it("shows the weakening lens after a save that raises a threshold: weaker than HEAD", { timeout: 120_000 }, () => {
    const { repo: committed } = makeCommittedRepo();
    try {
      const script = join(committed.dir, ".nvim-lens.lua");
      const out = join(committed.dir, ".nvim-lens.json");
      writeFileSync(script, LENS_SCRIPT);
      const run = spawnSync("nvim", ["--headless", "--clean", "-c", `luafile ${script}`], {
        cwd: committed.dir,
        env: { ...process.env, REPO: committed.dir, NODE: process.execPath, BIN, OUT: out },
        encoding: "utf8",
        timeout: 110_000,
      });
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
      const seen = JSON.parse(readFileSync(out, "utf8")) as Record<string, unknown>;
      expect(seen.initialized).toBe(true);
      expect(seen.lensSeen).toBe(true);
      expect(seen.lens).toMatch(/^compared with HEAD: weaker \(1 cause\)$/);
      expect(seen.lensLine).toBe(0);
    } finally {
      committed.remove();
    }
  });
});
