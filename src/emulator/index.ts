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
export { BASE_PATH, createEmulator, DEFAULT_PORT } from "./emulator.js";
export type { Emulator, EmulatorOptions, RunningEmulator, TokenOption } from "./emulator.js";
export { API_SCOPES, SEED_TOKENS } from "./auth.js";
export type { ApiScope, ApiTokenGrant } from "./auth.js";
export { CURATED_TOKEN_COUNT, DEFAULT_CATALOG_SIZE } from "./catalog.js";
export { CATALOG_SIZE_RANGE, isInRange, MAX_BODY_DEPTH, MAX_STATE_DEPTH, PORT_RANGE } from "./bounds.js";
export type { IntegerRange } from "./bounds.js";
export { EmulatorError } from "./errors.js";
export { FAULT_KINDS, parseFaultFlag } from "./faults.js";
export type { ActiveFault, FaultKind, FaultSpec } from "./faults.js";
export { SEED_IDS } from "./ids.js";
export type { EmulatorState } from "./model.js";
export { ADMIN_PREFIX, isLoopbackHostName } from "./operations/admin.js";
export { ROUTES } from "./routes.js";
export type { Route } from "./routes.js";
export { USER_FILTER_COLUMNS } from "../contract/wire.js";
export { DASHBOARD_USER, DeviceLogins } from "./sign-in/device-logins.js";
export type { DeviceLoginOptions } from "./sign-in/device-logins.js";
export { APPROVAL_PAGE_PATH } from "./sign-in/approval-page.js";
