/**
 * What `screenpol demo` (and `npm start`) needs besides the ordinary use cases:
 * the emulator, in this process, on a free loopback port, with its state in
 * memory, and a client holding its seeded all-scopes token. The token is a
 * local test credential; it is never printed.
 */
import { createEmulator, SEED_TOKENS } from "../emulator/index.js";
import { createClient, type RemoteClient } from "../remote/index.js";

export interface DemoService {
  baseUrl: string;
  client: RemoteClient;
  close(): Promise<void>;
}

export async function startDemoService(): Promise<DemoService> {
  const emulator = await createEmulator({});
  const running = await emulator.listen(0, "127.0.0.1");
  const token = SEED_TOKENS.find((grant) => grant.scopes.includes("environment.settings.write"))?.token ?? SEED_TOKENS[0]!.token;
  const client = createClient({ baseUrl: running.baseUrl, token });
  return {
    baseUrl: running.baseUrl,
    client,
    async close() {
      await client.close();
      await running.close();
      await emulator.close();
    },
  };
}
