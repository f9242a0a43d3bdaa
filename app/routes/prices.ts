import { redirect, replace } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/prices";
import { PRICE_MODES, priceModeCookie } from "~/domain/price-mode";
import { getEnv } from "~/server/env.server";
import { parseForm, toResponse } from "~/server/http.server";
import { safeRedirect } from "~/server/session.server";

/*
 * The header's "ex VAT / inc VAT" toggle posts here (issue 17 item 5). Anyone may call it: it
 * only sets the caller's own cookie, reads nothing stored and writes nothing on the server, so
 * there is nothing to rate-limit. Cross-site posts are refused at the edge (origin.server.ts)
 * and the body is capped there (body-limits.server.ts); the return path is ours only.
 */

const schema = z.object({
  mode: z.enum(PRICE_MODES, { message: "Choose how prices show: ex VAT or inc VAT." }),
  /** The page the toggle was on; anything but a path on this site goes home (never an open redirect). */
  returnTo: z.string().max(2048, "The return path is too long.").optional(),
});

/** Nothing to show: a visitor who opens /prices goes to the home page. */
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, schema);
  if (!parsed.ok) return toResponse(parsed);
  const secure = new URL(getEnv().BASE_URL).protocol === "https:";
  // Back to the same page: with JavaScript the toggle's fetcher follows this without a reload,
  // replacing the history entry rather than adding a second one for the same page.
  return replace(safeRedirect(parsed.value.returnTo), {
    headers: { "Set-Cookie": priceModeCookie(parsed.value.mode, secure) },
  });
}
