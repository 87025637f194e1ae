/** Is a decision subject what lint accepts? Property and table tests decide only valid policies and entries. */
import { stringify } from "yaml";
import { toConfig } from "../../src/core/config.js";
import { lintSources } from "../../src/core/lint.js";
import type { DecisionSubject } from "../../src/core/semantics/index.js";

const config = toConfig({ environments: { sandbox: { id: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", kind: "sandbox" } } });

/** The lint errors of the subject's policy and address entries as sandbox files, as `code: message`; warnings (an expired entry, an unreachable rule) are no objection. */
export function subjectLintErrors(subject: DecisionSubject, now: Date): string[] {
  const folder = `policies/sandbox/${subject.providerType}`;
  const sources = [];
  if (subject.addressEntries) sources.push({ file: `${folder}/addresses.yaml`, text: stringify({ providerType: subject.providerType, entries: subject.addressEntries }) });
  if (subject.policy) sources.push({ file: `${folder}/${subject.scope}.yaml`, text: stringify(subject.policy) });
  const lint = lintSources(sources, { config, now });
  return lint.diagnostics.filter((diagnostic) => diagnostic.severity === "error").map((diagnostic) => `${diagnostic.code}: ${diagnostic.message}`);
}
