/**
 * The EngineDisagreement a weakening-check call throws (decided-as-reported.ts),
 * for tests that break an answer on purpose: a failure when it throws nothing,
 * and any other error passed on as it is.
 */
import { expect } from "vitest";
import { EngineDisagreement } from "../../src/core/semantics/weakening/decided-as-reported.js";

export function disagreementOf(run: () => unknown): EngineDisagreement {
  try {
    run();
  } catch (error) {
    if (error instanceof EngineDisagreement) return error;
    throw error;
  }
  expect.fail("no EngineDisagreement was thrown");
}
