// dist/cli/exit-codes.js
/** toolkit.md, Exit codes. */
const EXIT = {
	ok: 0,
	findings: 1,
	usage: 2,
	conflict: 3,
	remote: 4,
	changesPending: 5
};
export { EXIT as t };
