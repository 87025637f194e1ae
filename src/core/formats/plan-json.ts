/**
 * plan.json, and `screenpol plan --format json`: the Plan itself, two-space
 * indented, trailing newline. The shape is documented in core/plan/model.ts and
 * docs/review-workflow.md; `formatVersion` says which shape it is.
 */
import type { Plan } from "../plan/index.js";

export function formatPlanJson(plan: Plan): string {
  return `${JSON.stringify(plan, null, 2)}\n`;
}

/** The formats `screenpol plan --format` accepts. */
export const PLAN_FORMAT_NAMES = ["pretty", "markdown", "json"] as const;
export type PlanFormatName = (typeof PLAN_FORMAT_NAMES)[number];

export function isPlanFormatName(value: string): value is PlanFormatName {
  return (PLAN_FORMAT_NAMES as readonly string[]).includes(value);
}
