/**
 * HTTPS_PROXY / HTTP_PROXY / NO_PROXY (docs/decisions.md,
 * "Issue 14: proxies"): remote commands go through the proxy the environment
 * names, through undici's EnvHttpProxyAgent, against a real forward proxy on
 * loopback that tunnels (CONNECT) to the emulator and records what it was
 * asked; NO_PROXY skips it; a proxy password is sent as Proxy-Authorization
 * and never printed.
 */
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUp, type Setup } from "../cli/plan-harness.js";

interface Proxy {
  url: string;
  tunnels: string[];
  close(): Promise<void>;
}

/** A forward proxy that answers CONNECT by piping to the target; with `auth`, it wants that Proxy-Authorization. */
async function startProxy(auth?: string): Promise<Proxy> {
  const tunnels: string[] = [];
  const server: Server = createServer((_request, response) => response.writeHead(405).end());
  server.on("connect", (request, client, head) => {
    if (auth !== undefined && request.headers["proxy-authorization"] !== `Basic ${Buffer.from(auth).toString("base64")}`) {
      client.end("HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    tunnels.push(request.url ?? "");
    const [host, port] = (request.url ?? "").split(":");
    const upstream = connect(Number(port), host!, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("remote commands behind a proxy", () => {
  let setup: Setup;
  let proxy: Proxy;
  let guarded: Proxy;
  beforeAll(async () => {
    setup = await setUp();
    proxy = await startProxy();
    guarded = await startProxy("ci-bot:s3cr%et-pass");
  });
  afterAll(async () => {
    await proxy.close();
    await guarded.close();
    await setup.close();
  });

  const emulatorHost = () => new URL(setup.harness.running.baseUrl).host;
  const plan = (env: Record<string, string | undefined>) =>
    setup.cli(["plan", "--env", "sandbox", "--no-weakening-check"], { env: { HTTP_PROXY: undefined, HTTPS_PROXY: undefined, NO_PROXY: undefined, http_proxy: undefined, https_proxy: undefined, no_proxy: undefined, ...env } });

  it("go through HTTP_PROXY: the same plan, every request tunnelled through it", async () => {
    const direct = await plan({});
    const before = proxy.tunnels.length;
    const proxied = await plan({ HTTP_PROXY: proxy.url });
    expect(proxied.code).toBe(0);
    expect(proxied.stdout).toBe(direct.stdout);
    expect(proxy.tunnels.length).toBeGreaterThan(before);
    expect(new Set(proxy.tunnels.slice(before))).toEqual(new Set([emulatorHost()]));
  });

  it("reach a host NO_PROXY names directly, and the lower-case names work too", async () => {
    const before = proxy.tunnels.length;
    const skipped = await plan({ HTTP_PROXY: proxy.url, NO_PROXY: "127.0.0.1" });
    expect(skipped.code).toBe(0);
    expect(proxy.tunnels.length).toBe(before);
    const lower = await plan({ http_proxy: proxy.url });
    expect(lower.code).toBe(0);
    expect(proxy.tunnels.length).toBeGreaterThan(before);
  });

  it("send a proxy URL's credentials as Proxy-Authorization, and never print the password", async () => {
    const [scheme, rest] = guarded.url.split("//");
    const ok = await plan({ HTTP_PROXY: `${scheme}//ci-bot:s3cr%25et-pass@${rest}` });
    expect(ok.code).toBe(0);
    expect(guarded.tunnels).toContain(emulatorHost());
    const refused = await plan({ HTTP_PROXY: `${scheme}//ci-bot:wrong-pass@${rest}`, SCREENPOL_DEBUG: "1" });
    expect(refused.code).toBe(4);
    expect(refused.stderr.split("\n")[0]).toMatch(/^screenpol: /);
    expect(`${refused.stdout}${refused.stderr}`).not.toContain("wrong-pass");
  });
});
