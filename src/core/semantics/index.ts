/** What a policy does (semantics.md): the decision procedure and its vocabulary. */
export { decide, traceRuleOf, type DecideOptions } from "./decide.js";
export { STEPS, STRICTNESS, type Step, type Decision, type TraceEntry, type RuleTrace, type ConditionTrace, type PreScreenGate } from "./decision.js";
export {
  compileSubject,
  addressKey,
  tokenKey,
  type DecisionSubject,
  type CompiledSubject,
  type PolicyDocument,
  type AddressEntryDocument,
  type RuleDocument,
  type PreScreenDocument,
  type ConditionSetDocument,
} from "./subject.js";
export {
  RISK_LEVELS,
  EXPOSURE_DIRECTIONS,
  RISK_TYPES,
  MIN_RISK_SCORE,
  MAX_RISK_SCORE,
  type Screening,
  type ScopedScreening,
  type Signals,
  type Exposure,
  type Indicator,
  type Transfer,
  type TokenRef,
  type RiskLevel,
} from "./signals.js";
export { readWhen, readWhenTerms, coverHolds, whenHolds, holds, observe, satisfies, type Condition, type Cover, type When, type Term } from "./conditions.js";
export { readScreening, screeningSchemaName, SIGNAL_KEYS, type ScreeningReading } from "./screening-input.js";
export {
  describeCondition,
  describeConditionTrace,
  describeGate,
  describeObservation,
  describeSignalOf,
  describeStep,
  describeValue,
  explainDecision,
  type StepContext,
} from "./describe.js";
export { policyTestFindings, readPolicyTest, type PolicyTest, type PolicyTestCase } from "./test-file.js";
export { runPolicyTests, mergeTestRuns, coverableItems, uncoveredItems, type TestRun, type TestSubject, type CaseResult, type PolicyCoverage, type UncoveredItem } from "./run-tests.js";
export { createTestSession, type TestSession, type TestSessionInput, type WatchedTests, type TestsNotRun } from "./test-session.js";
export type { Verdict, DecisionRef, Transition, SubjectComparison } from "./weakening/model.js";
export { describeTransition } from "./weakening/describe.js";
