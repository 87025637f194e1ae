export { checkStoredLogin, CredentialStoreError, storedLoginOfClaims, UnreadableLoginError } from "./stored-login.js";
export type { StoredLogin, StoredLoginCheck } from "./stored-login.js";
export { CREDENTIAL_STORE_ENV_VAR, CREDENTIAL_STORE_MODES, credentialStoreMode, describeLocation, openCredentialStore } from "./credential-store.js";
export type { CredentialLocation, CredentialStore, CredentialStoreMode, CredentialStoreOptions } from "./credential-store.js";
export { CREDENTIALS_FILE_NAME, CredentialsFile } from "./credentials-file.js";
export { osKeyring } from "./os-keyring.js";
export type { Keyring } from "./os-keyring.js";
