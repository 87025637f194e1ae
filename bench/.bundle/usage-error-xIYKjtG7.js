// dist/remote/usage-error.js
/**
* A request the client refuses to send: an identifier that is not a UUID, a query
* parameter outside its documented limits, a base URL or token that cannot be
* used safely. Nothing reached the network. The CLI maps it to exit code 2.
*/
var UsageError = class extends Error {
	name = "UsageError";
	/** The option or parameter at fault, e.g. `environmentId` or `merchantName`. */
	parameter;
	constructor(message, options = {}) {
		super(message, options.cause === void 0 ? void 0 : { cause: options.cause });
		this.parameter = options.parameter;
	}
};
export { UsageError as t };
