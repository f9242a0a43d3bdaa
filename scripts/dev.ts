/**
 * `npm run dev`: the production HTTP edge (app/server/edge/http-app.server.ts) with Vite as middleware,
 * so development has the same security headers, CSP, cross-site refusal, client address and body
 * limits as `npm start` (docs/decisions/009), and the draft saves answered ahead of it (decision 071). Vite answers its own requests (modules, HMR, files
 * under public/); everything else goes through the edge to React Router, whose build Vite
 * rebuilds on each change. No page cache and no precompressed files: those are build concerns.
 *
 * Exported for tests/dev-server.test.ts; run directly, it listens on PORT (default 3000).
 */
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer, type ViteDevServer } from "vite";

type AccountsContext = import("../app/server/accounts/auth.server").AccountsContext;

type AppModules = {
  createHttpApp: typeof import("../app/server/edge/http-app.server").createHttpApp;
  reactRouterRenderer: typeof import("../app/server/edge/http-app.server").reactRouterRenderer;
  getEnv: typeof import("../app/server/platform/env.server").getEnv;
  openAppContext: typeof import("../app/server/providers/app-context.server").openAppContext;
  withAuth: typeof import("../app/server/accounts/auth.server").withAuth;
  startJobWorker: typeof import("../app/server/edge/job-worker.server").startJobWorker;
  draftSaves: typeof import("../app/server/edge/draft-saves.server").draftSaves;
};

export async function startDevServer(options: { port: number; host?: string }): Promise<{
  server: Server;
  vite: ViteDevServer;
  url: string;
  close: () => Promise<void>;
}> {
  const server = createHttpServer();
  const vite = await createViteServer({
    server: { middlewareMode: true, hmr: { server } },
    appType: "custom",
  });
  // The app's modules go through Vite, so they resolve "~/" and share one copy of React Router
  // with the build Vite serves.
  const { createHttpApp } = (await vite.ssrLoadModule("/app/server/edge/http-app.server.ts")) as Pick<
    AppModules,
    "createHttpApp"
  >;
  const { getEnv } = (await vite.ssrLoadModule("/app/server/platform/env.server.ts")) as Pick<AppModules, "getEnv">;
  const { openAppContext } = (await vite.ssrLoadModule("/app/server/providers/app-context.server.ts")) as Pick<
    AppModules,
    "openAppContext"
  >;
  const env = getEnv();
  // Opened once: the database, payment provider, storage and mailer outlive the app modules Vite reloads.
  const { ctx, close: closeContext } = await openAppContext(env);
  // better-auth is opened on the context by the modules of the moment (decision 011): again only
  // once Vite has reloaded auth.server.ts or what it imports (the account e-mails, say), so an edit
  // to them shows without a restart, and every request in between gets the same one.
  let authed: { withAuth: AppModules["withAuth"]; ctx: AccountsContext } | undefined;
  const authedContext = async () => {
    const { withAuth } = (await vite.ssrLoadModule("/app/server/accounts/auth.server.ts")) as Pick<
      AppModules,
      "withAuth"
    >;
    if (authed?.withAuth !== withAuth) authed = { withAuth, ctx: withAuth(ctx) };
    return authed.ctx;
  };
  // Mail, texts and the recurring work are jobs (decision 030), run here as in `npm start`.
  const { startJobWorker } = (await vite.ssrLoadModule("/app/server/edge/job-worker.server.ts")) as Pick<
    AppModules,
    "startJobWorker"
  >;
  const jobWorker = startJobWorker({ ctx });
  const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  const app = createHttpApp({
    env,
    ctx,
    stopping: () => false,
    // Each request's context is made by the modules of the moment, as its routes are: once Vite
    // reloads an edited module, a context from the old request-context module would carry keys the
    // new routes do not know (every page would answer 500 until a restart).
    render: async (request, nonce) => {
      const fresh = (await vite.ssrLoadModule("/app/server/edge/http-app.server.ts")) as Pick<
        AppModules,
        "reactRouterRenderer"
      >;
      return fresh.reactRouterRenderer(build, "development", await authedContext())(request, nonce);
    },
  });
  const edge = getRequestListener(app.fetch);
  server.on("request", (req, res) => {
    vite.middlewares(req, res, async () => {
      // The draft saves are answered ahead of the edge, as in `npm start` (docs/decisions/071).
      const { draftSaves } = (await vite.ssrLoadModule("/app/server/edge/draft-saves.server.ts")) as Pick<
        AppModules,
        "draftSaves"
      >;
      if (!draftSaves({ ctx: await authedContext(), env, stopping: () => false })(req, res)) void edge(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    vite,
    url: `http://localhost:${port}`,
    close: async () => {
      await vite.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await jobWorker.stop();
      await closeContext();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 3000);
  const dev = await startDevServer({ port, host: process.env.HOST ?? "0.0.0.0" });
  console.log(`Swag storefront (development) at ${dev.url}`);
  const stop = async () => {
    await dev.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
