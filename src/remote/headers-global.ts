/**
 * Keeps undici's start from loading Node's own copy of undici. Node defines the
 * fetch globals (`Headers`, `fetch`...) lazily: the first read of one loads and
 * runs its built-in undici, 60 to 100 ms on a busy 2-core machine, 20 ms on an
 * idle one. The bundled undici's cookie helpers read `globalThis.Headers` once,
 * as they load, only to accept Node's Headers objects besides undici's own;
 * screenpol never hands undici's cookie helpers a Headers object, so the global
 * is hidden while undici loads and put back, still unread, right after
 * (remote/transport.ts imports this module first, then undici, then restores).
 * Nothing else runs in between: module evaluation is synchronous.
 */
const lazyHeaders = Object.getOwnPropertyDescriptor(globalThis, "Headers");
const hidden = lazyHeaders?.get !== undefined && lazyHeaders.configurable === true;
if (hidden) Object.defineProperty(globalThis, "Headers", { configurable: true, enumerable: lazyHeaders.enumerable ?? false, writable: true, value: undefined });

/** Puts the global back as Node defined it (a getter that has not run). Safe to call more than once. */
export function restoreHeadersGlobal(): void {
  if (hidden && lazyHeaders !== undefined && Object.getOwnPropertyDescriptor(globalThis, "Headers")?.value === undefined) Object.defineProperty(globalThis, "Headers", lazyHeaders);
}
