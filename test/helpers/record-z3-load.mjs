// Preloaded with `node --import` by test/cli/lint-without-z3.test.ts: records on
// standard error every module resolution that names z3-solver, so that a test
// can tell whether a command loaded the solver.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/z3-solver/.test(specifier) || /z3-solver/.test(resolved.url)) process.stderr.write("[z3-solver loaded] " + specifier + "\\n");
  return resolved;
}
`),
);
