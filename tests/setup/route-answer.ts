import type { RouterContextProvider } from "react-router";
import { requestContext, sessionMiddleware } from "~/server/accounts/request-context.server";
import type { AccountsContext } from "~/server/accounts/auth.server";

/**
 * What a route's loader or action answered, as a client would see it, for unit tests that call
 * the route directly: a Response, a data() result (the request edge's toResponse) or a thrown one.
 * The route gets the context a real request gets: the server's app context (tests/setup/test-db.ts
 * testContext) and the root middleware's session lookup.
 */
export type RouteAnswer = { status: number; headers: Headers; body: unknown };

type Handler = (args: never) => unknown;

export async function answerOf(
  handler: Handler,
  { ctx, ...args }: { request: Request; params?: Record<string, string>; ctx: AccountsContext },
): Promise<RouteAnswer> {
  let result: unknown;
  try {
    const context = await routeContext(args.request, ctx);
    result = await (handler as (args: unknown) => Promise<unknown>)({ params: {}, ...args, context });
  } catch (thrown) {
    result = thrown;
    if (!(isResponse(thrown) || isData(thrown))) throw thrown;
  }
  if (isResponse(result)) {
    const text = await result.text();
    return { status: result.status, headers: result.headers, body: text ? parse(text) : null };
  }
  if (isData(result)) {
    const { data, init } = result;
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: JSON.parse(JSON.stringify(data)) };
  }
  return { status: 200, headers: new Headers(), body: result ?? null };
}

/**
 * A Response by its shape, as React Router tells one: the shop's server (server.ts, and the tests
 * that serve the edge over HTTP) installs @hono/node-server's Response as the global, and what
 * `Response.json` makes is then not an instance of it.
 */
export function isResponse(value: unknown): value is Response {
  const response = value as Response | null;
  return (
    typeof response === "object" &&
    response !== null &&
    typeof response.status === "number" &&
    typeof response.headers?.get === "function" &&
    typeof response.text === "function"
  );
}

function isData(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && "data" in value && "init" in value;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The context React Router builds for `request` once the root route's middleware has run. */
export async function routeContext(request: Request, ctx: AccountsContext): Promise<RouterContextProvider> {
  const context = requestContext(ctx, "");
  const args = { request, context, params: {} } as unknown as Parameters<typeof sessionMiddleware>[0];
  await sessionMiddleware(args, async () => new Response(null));
  return context;
}
