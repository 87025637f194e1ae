import { expect, it } from "vitest";
import { check } from "../../../src/core/checks/token-by-symbol.js";
import { context, policyFile } from "./policy-check-helpers.js";

const withTokens = (tokens: unknown) => ({ rules: { preScreen: { tokens } } });

it("reports bare symbols but not bare addresses or other scalars", () => {
  const tokens = ["USDC", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", 42, null, "", ["USDC"]];
  expect(check.run(policyFile(withTokens(tokens)), context).map((f) => f.path)).toEqual([["rules", "preScreen", "tokens", 0]]);
});

it("reports a symbol key whatever its value, and nothing when tokens is not a list", () => {
  expect(check.run(policyFile(withTokens([{ symbol: null }])), context).map((f) => [f.path, f.target])).toEqual([
    [["rules", "preScreen", "tokens", 0, "symbol"], "key"],
  ]);
  expect(check.run(policyFile(withTokens({ symbol: "USDC" })), context)).toEqual([]);
  expect(check.run(policyFile({ rules: { preScreen: { token: [{ symbol: "USDC" }] } } }), context)).toEqual([]);
});
