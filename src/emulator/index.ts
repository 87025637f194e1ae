/**
 * The local emulator of the admin service (toolkit.md, The emulator): every
 * operation of admin-api.md and the two designed edit endpoints, bearer tokens
 * with scopes, server-side validation with the linter, revision
 * preconditions, catalog ETags, fault injection, and one JSON state file
 * written atomically before every acknowledgement.
 *
 *     const emulator = await createEmulator({ statePath: ".screenpol-emulator.json" });
 *     const { baseUrl, close } = await emulator.listen(4010);
 */
export { createEmulator, DEFAULT_PORT } from "./emulator.js";
export type { Emulator, EmulatorOptions, RunningEmulator, TokenOption } from "./emulator.js";
export { API_SCOPES, SEED_TOKENS } from "./auth.js";
export { CURATED_TOKEN_COUNT } from "./catalog.js";
export { CATALOG_SIZE_RANGE, MAX_BODY_DEPTH, MAX_STATE_DEPTH } from "./bounds.js";
export { EmulatorError } from "./errors.js";
export { parseFaultFlag } from "./faults.js";
export type { FaultSpec } from "./faults.js";
export { SEED_IDS } from "./ids.js";
export type { EmulatorState } from "./model.js";
export { ROUTES } from "./routes.js";
export { DASHBOARD_USER, DeviceLogins } from "./sign-in/device-logins.js";
