/**
 * The guard of the endpoints that take no bearer token: the emulator's own
 * (operations/admin.ts) and the sign-in endpoints and approval page
 * (sign-in/). The emulator only listens on loopback; on top of that these
 * refuse (403) a request whose peer is not loopback or whose Host header names
 * anything but a loopback host, so a web page cannot reach them through DNS
 * rebinding.
 */
import type { IncomingMessage } from "node:http";
import { forbidden } from "./errors.js";

/** True for a loopback peer address: 127.0.0.0/8, ::1, or IPv4-mapped 127.x. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === "::1" || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/** True for a loopback host name as the CLI accepts it and a Host header carries it. */
export function isLoopbackHostName(host: string): boolean {
  const name = host.toLowerCase();
  return name === "localhost" || name === "::1" || name === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

function hostHeaderName(header: string | undefined): string {
  if (header === undefined) return "";
  if (header.startsWith("[")) return header.slice(0, header.indexOf("]") + 1);
  return header.replace(/:\d*$/, "");
}

/** 403 unless the peer is loopback and the Host header names a loopback host (see the module comment). */
export function refuseNonLoopback(request: IncomingMessage): void {
  if (!isLoopbackAddress(request.socket.remoteAddress) || !isLoopbackHostName(hostHeaderName(request.headers.host))) throw forbidden();
}
