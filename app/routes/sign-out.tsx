import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sign-out";
import { signOut } from "~/server/accounts/account-security.server";
import { parseForm, toResponse } from "~/server/platform/http.server";
import { rememberBuyer } from "~/server/accounts/recent-buyers.server";
import { appContextOf, sessionOf } from "~/server/accounts/request-context.server";

const schema = z.object({
  scope: z.enum(["local", "global", "others"], { message: "Unknown sign-out scope." }).default("local"),
});

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const parsed = await parseForm(request, schema);
  if (!parsed.ok) return toResponse(parsed);
  const { scope } = parsed.value;
  const session = await sessionOf(context);
  const result = await signOut(ctx, { request, scope });
  if (!result.ok) return toResponse(result);
  // Signing out of other devices keeps this one where it was; the others end on the home page.
  if (scope === "others") return redirect("/account?signedOutOthers=1", { headers: result.headers });
  // Signed out, this browser still never hears of the buyer's own orders.
  if (session) result.headers.append("Set-Cookie", await rememberBuyer(ctx, { request, userId: session.user.id }));
  return redirect("/", { headers: result.headers });
}
