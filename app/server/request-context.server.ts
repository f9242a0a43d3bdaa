/**
 * What one request carries through React Router's middleware into every loader and action
 * (docs/decisions/011): the CSP nonce, set by the server (server.ts) before React Router runs, and
 * the signed-in person, looked up at most once per request by the root route's middleware.
 */
import { createContext, type MiddlewareFunction, RouterContextProvider, redirect } from "react-router";
import { getSessionInfo, type SessionInfo } from "./session.server";

/** The CSP nonce of this response; empty under a server that sets no CSP. */
export const nonceContext = createContext<string>("");

/** The context a request starts with: its nonce. */
export function requestContext(nonce: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  return context;
}

type Context = Readonly<RouterContextProvider>;
/** What a loader or action hands on to the server code that needs the session. */
export type RequestArgs = { request: Request; context: Context };
type SessionLookup = () => Promise<SessionInfo | null>;

const sessionContext = createContext<SessionLookup | null>(null);

/**
 * The root route's middleware: the session is looked up the first time a loader or action of
 * this request asks for it, and that answer is shared by every other one. A request whose routes
 * never ask (a page-view beacon) costs no lookup.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  let session: Promise<SessionInfo | null> | undefined;
  context.set(sessionContext, () => {
    session ??= getSessionInfo(request);
    return session;
  });
  return next();
};

/** The signed-in person of this request, or null. */
export function sessionOf(context: Context): Promise<SessionInfo | null> {
  const lookup = context.get(sessionContext);
  if (!lookup) throw new Error("No session lookup in this request's context: the root middleware did not run.");
  return lookup();
}

/** The signed-in person, or a redirect to sign in that comes back here afterwards. */
export async function requireSessionInfo({ request, context }: RequestArgs) {
  const session = await sessionOf(context);
  if (session) return session;
  const url = new URL(request.url);
  throw redirect(`/sign-in?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}
