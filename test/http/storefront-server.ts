/** One server for a storefront test file, with the admin logged in, that a test may restart on its data. */
import type { Test } from 'uvu';
import { loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';

export type RestartableServer = { readonly server: TestServer; readonly cookie: string; restart: () => Promise<void> };

export function restartableServer(suite: Test): RestartableServer {
  let server: TestServer | undefined;
  let cookie = '';
  const started = (): TestServer => {
    if (!server) throw new Error("restartableServer: used outside the suite's tests");
    return server;
  };
  suite.before(async () => {
    server = await startServer();
    cookie = await loginCookie(server.url);
  });
  suite.after(async () => {
    await server?.close();
  });
  return {
    get server() {
      return started();
    },
    get cookie() {
      return cookie;
    },
    /** Stops the server and starts a new one on the same data (directory or database). */
    async restart() {
      const { dataDir } = started();
      await started().close({ remove: false });
      server = await startServer({}, { dataDir });
      cookie = await loginCookie(server.url);
    },
  };
}
