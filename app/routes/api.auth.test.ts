import { describe, expect, it } from "vitest";
import { testContext, testFileDatabase } from "../../tests/setup/test-db";
import { isResponse, routeContext } from "../../tests/setup/route-answer";
import { createSignedInUser } from "../../tests/setup/users";
import { action, loader } from "./api.auth";
import { AUTH_ENDPOINTS_SERVED_OVER_HTTP } from "~/server/accounts/auth.server";

// Decision 012: /api/auth/* serves only AUTH_ENDPOINTS_SERVED_OVER_HTTP. Every endpoint in
// better-auth's router is asked for, signed in, through the route the server mounts.

const handle = testFileDatabase({ reset: false });

/** What the admin plugin served before it was dropped: none of it may come back. */
const FORMER_ADMIN_API = [
  "/admin/set-role",
  "/admin/impersonate-user",
  "/admin/set-user-password",
  "/admin/ban-user",
  "/admin/list-users",
  "/admin/create-user",
];

type Args = { request: Request; params: Record<string, string>; context: unknown };
type Handler = (args: Args) => unknown;

async function routerPaths(): Promise<string[]> {
  const api = handle.auth.api as unknown as Record<string, { path?: unknown }>;
  const paths = Object.values(api)
    .map((endpoint) => endpoint.path)
    .filter((path): path is string => typeof path === "string" && path.startsWith("/"));
  return [...new Set(paths)].sort();
}

/** The answer the mounted route gives, signed in, with a body that would pass most endpoints' checks. */
async function ask(method: "GET" | "POST", path: string, cookie: string): Promise<{ status: number; body: string }> {
  const url = `http://127.0.0.1:3999/api/auth${path.replace(/:[^/]+|\*+/g, "x")}`;
  const headers = {
    cookie,
    origin: "http://127.0.0.1:3999",
    "x-real-ip": "10.7.7.7",
    "content-type": "application/json",
  };
  const body =
    method === "POST"
      ? JSON.stringify({
          email: "victim@acme.example",
          type: "forget-password",
          userId: "x",
          role: "staff",
          newPassword: "marmalade skyline 43",
          name: "Evil Ltd",
          slug: "evil-ltd",
        })
      : undefined;
  const request = new Request(url, { method, headers, body });
  const handler = (method === "GET" ? loader : action) as unknown as Handler;
  const answer = (await handler({
    request,
    params: { "*": path.slice(1) },
    context: await routeContext(request, testContext(handle)),
  })) as Response | { data: unknown; init: ResponseInit | null };
  if (isResponse(answer)) return { status: answer.status, body: await answer.text() };
  return { status: answer.init?.status ?? 200, body: JSON.stringify(answer.data) };
}

describe("/api/auth/*", () => {
  it("answers 404 for every endpoint of better-auth's router that is not on the allow-list, signed in, GET and POST", async () => {
    const { cookie } = await createSignedInUser(handle, "surface@acme.example");
    const paths = [...(await routerPaths()), ...FORMER_ADMIN_API];
    // The router really is enumerated: the endpoints docs/security.md found open are in it.
    expect(paths).toEqual(
      expect.arrayContaining([
        "/forget-password/email-otp",
        "/send-verification-email",
        "/token",
        "/jwks",
        "/organization/invite-member",
      ]),
    );
    const open: string[] = [];
    for (const path of paths) {
      for (const method of ["GET", "POST"] as const) {
        if (AUTH_ENDPOINTS_SERVED_OVER_HTTP.has(`${method} ${path}`)) continue;
        const { status, body } = await ask(method, path, cookie);
        if (status !== 404 || !body.includes('"NOT_FOUND"')) open.push(`${method} ${path}: ${status}`);
      }
    }
    expect(open).toEqual([]);
  });

  it("has no admin API: better-auth's admin plugin is not loaded", async () => {
    expect((await routerPaths()).filter((path) => path.startsWith("/admin"))).toEqual([]);
  });

  it("passes an endpoint on the allow-list to better-auth", async () => {
    // The positive control: the 404s above come from the list, not from a broken request.
    const served = AUTH_ENDPOINTS_SERVED_OVER_HTTP as Set<string>;
    served.add("GET /ok");
    try {
      const { cookie } = await createSignedInUser(handle, "control@acme.example");
      expect(await ask("GET", "/ok", cookie)).toEqual({ status: 200, body: '{"ok":true}' });
      expect((await ask("GET", "/ok/", cookie)).status).toBe(404);
      expect((await ask("POST", "/ok", cookie)).status).toBe(404);
    } finally {
      served.delete("GET /ok");
    }
  });
});
