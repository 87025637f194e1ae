import { checkBaseUrl } from "../core/base-url.js";
import { UsageError } from "./usage-error.js";

export { isLoopbackHost } from "../core/base-url.js";

/**
 * Checks and normalises the base URL and returns it without a trailing slash;
 * throws a UsageError for a URL the token must not be sent to. The rule itself
 * lives in core/base-url.ts, shared with the lint of screenpol.config.yaml.
 */
export function normaliseBaseUrl(baseUrl: string): string {
  const checked = checkBaseUrl(baseUrl);
  if (!checked.ok) throw new UsageError(checked.problem, { parameter: "baseUrl", cause: checked.cause });
  return checked.url;
}
