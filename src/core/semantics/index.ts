/** What a policy does (semantics.md): the decision procedure and its vocabulary. */
export { alsoMatched, decide, traceRuleOf, type DecideOptions } from "./decide.js";
export { STEPS, STRICTNESS, type Step, type Decision, type TraceEntry } from "./decision.js";
export {
  compileSubject,
  type DecisionSubject,
  type PolicyDocument,
  type AddressEntryDocument,
  type RuleDocument,
  type ConditionSetDocument,
} from "./subject.js";
export {
  RISK_LEVELS,
  RISK_TYPES,
  type Screening,
  type ScopedScreening,
  type Signals,
  type TokenRef,
} from "./signals.js";
export { readWhen, readWhenTerms, coverHolds, whenHolds } from "./conditions.js";
export { readScreening, screeningTarget } from "./screening-input.js";
export {
  describeCondition,
  describeConditionTrace,
  describeObservation,
  describeStep,
  describeValue,
  explainDecision,
} from "./describe.js";
export { readPolicyTest, type PolicyTest, type PolicyTestCase } from "./test-file.js";
export { runPolicyTests, coverableItems, type TestRun, type TestSubject } from "./run-tests.js";
export { createTestSession, type TestSession, type WatchedTests } from "./test-session.js";
