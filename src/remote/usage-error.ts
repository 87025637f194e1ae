// Kept apart from errors.ts (which loads node:http for status texts) so that
// commands that never touch the network, such as lint, do not pay for loading it.

/**
 * A request the client refuses to send: an identifier that is not a UUID, a query
 * parameter outside its documented limits, a base URL or token that cannot be
 * used safely. Nothing reached the network. The CLI maps it to exit code 2.
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
  /** The option or parameter at fault, e.g. `environmentId` or `merchantName`. */
  readonly parameter: string | undefined;

  constructor(message: string, options: { parameter?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.parameter = options.parameter;
  }
}
