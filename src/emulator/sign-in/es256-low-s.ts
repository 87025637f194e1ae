/**
 * One spelling per ES256 token. An ECDSA signature (r, s) is equally valid as
 * (r, n - s), and neither WebCrypto nor jose minds which, so every client JWT
 * would have a second string, unknown to its holder, that the emulator accepts
 * as the same login (a token denylist or log keyed on the string would miss
 * it). The emulator signs low-s only (s <= n/2, as Bitcoin's BIP 62 and
 * libsecp256k1 require) and refuses the other spelling before verifying.
 *
 * A JWS ES256 signature is r || s, 32 bytes each, big-endian (RFC 7518, section 3.4).
 */

/** The order n of the P-256 group (SEC 2, section 2.4.2; FIPS 186-4, D.1.2.3). */
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const HALF_ORDER = P256_ORDER >> 1n;
const SCALAR_BYTES = 32;

/** The compact JWS with its signature's s replaced by n - s when s is high: the same signature, in its one low-s spelling. */
export function withLowS(jws: string): string {
  const dot = jws.lastIndexOf(".");
  const signature = Buffer.from(jws.slice(dot + 1), "base64url");
  const s = scalarS(signature);
  if (s === undefined || s <= HALF_ORDER) return jws;
  const low = Buffer.from((P256_ORDER - s).toString(16).padStart(SCALAR_BYTES * 2, "0"), "hex");
  return `${jws.slice(0, dot + 1)}${Buffer.concat([signature.subarray(0, SCALAR_BYTES), low]).toString("base64url")}`;
}

/** True when the compact JWS's signature is 64 bytes with s in the lower half: the only spelling the emulator accepts. */
export function hasLowS(jws: string): boolean {
  const s = scalarS(Buffer.from(jws.slice(jws.lastIndexOf(".") + 1), "base64url"));
  return s !== undefined && s <= HALF_ORDER;
}

function scalarS(signature: Buffer): bigint | undefined {
  if (signature.length !== SCALAR_BYTES * 2) return undefined;
  return BigInt(`0x${signature.subarray(SCALAR_BYTES).toString("hex")}`);
}
