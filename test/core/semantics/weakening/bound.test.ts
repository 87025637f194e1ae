/**
 * The bound of a weakening question (bound.ts): a loop's steps ask `stop`
 * every 32 steps, never more often (a clock read costs a fraction of a step),
 * and stop with BoundReached, the one error every engine turns into `unknown`.
 */
import { describe, expect, it } from "vitest";
import { BoundReached, boundedSteps } from "../../../../src/core/semantics/weakening/bound.js";

describe("boundedSteps", () => {
  it("asks `stop` at the 32nd step and every 32 after, not between", () => {
    const asked: number[] = [];
    let steps = 0;
    const step = boundedSteps(() => {
      asked.push(steps);
      return false;
    });
    for (steps = 1; steps <= 100; steps++) step();
    expect(asked).toEqual([32, 64, 96]);
  });

  it("throws BoundReached, named and worded, once `stop` says yes", () => {
    let calls = 0;
    const step = boundedSteps(() => ++calls >= 2);
    for (let index = 1; index < 64; index++) step();
    let thrown: unknown;
    try {
      step();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BoundReached);
    expect({ name: (thrown as Error).name, message: (thrown as Error).message }).toEqual({ name: "BoundReached", message: "the bound of the question was reached" });
  });

  it("without a bound, never stops", () => {
    const step = boundedSteps(undefined);
    expect(() => {
      for (let index = 0; index < 1_000; index++) step();
    }).not.toThrow();
  });
});
