/**
 * package.json's version, generated into core at build time (scripts/generate.mjs),
 * so that --version, SARIF and every docs link (core/codes.ts) name one release.
 */
export { PACKAGE_VERSION as VERSION } from "../core/generated/release.js";
