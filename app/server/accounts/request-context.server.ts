/**
 * What one request carries through React Router's middleware into every loader and action
 * (docs/decisions/011): the process's app context (app-context.server.ts) with the better-auth it
 * opened (auth.server.ts) and the CSP nonce, both set by the server before React Router runs, and the signed-in person, looked up at
 * most once per request by the root route's middleware.
 */
import { createContext, type MiddlewareFunction, RouterContextProvider, redirect } from "react-router";
import type { Database } from "../platform/db.server";
import type { AccountsContext } from "./auth.server";
import { getSessionInfo, type SessionInfo, safeRedirect } from "./session.server";

/** The CSP nonce of this response; empty under a server that sets no CSP. */
export const nonceContext = createContext<string>("");
const appContextKey = createContext<AccountsContext | null>(null);

/** The context a request starts with: the process's app context, better-auth as the process opened it, and the nonce. */
export function requestContext(ctx: AccountsContext, nonce: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContextKey, ctx);
  context.set(nonceContext, nonce);
  return context;
}

type Context = Readonly<RouterContextProvider>;

/** This request's app context: the database, better-auth, the payment provider and the rest (app-context.server.ts). */
export function appContextOf(context: Context): AccountsContext {
  const ctx = context.get(appContextKey);
  if (!ctx) throw new Error("No app context in this request's context: the server did not start it.");
  return ctx;
}

/** The time as this request's server code reads it (the app context's clock). */
export const nowOf = (context: Context): Date => appContextOf(context).clock();

/** This request's database. */
export const dbOf = (context: Context): Database => appContextOf(context).db;

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
  const ctx = appContextOf(context);
  let session: Promise<SessionInfo | null> | undefined;
  context.set(sessionContext, () => {
    session ??= getSessionInfo(ctx, request);
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

/**
 * The sign-in and sign-up pages' loader: someone already signed in goes straight on to where
 * they were heading; anyone else gets the page with that destination to come back to.
 */
export async function redirectIfSignedIn({ request, context }: RequestArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await sessionOf(context)) throw redirect(redirectTo);
  return { redirectTo };
}
