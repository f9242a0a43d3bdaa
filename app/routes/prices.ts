import { redirect, replace } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/prices";
import { securesCookies } from "~/domain/core/cookies";
import { PRICE_MODES, priceModeCookie } from "~/domain/pricing/price-mode";
import { failure, parseForm, toResponse } from "~/server/platform/http.server";
import { clientIp, hitRateLimit } from "~/server/platform/rate-limit.server";
import { dbOf, appContextOf } from "~/server/accounts/request-context.server";
import { safeRedirect } from "~/server/accounts/session.server";

/*
 * The header's "ex VAT / inc VAT" toggle posts here (decision 020). Anyone may call it: it
 * only sets the caller's own cookie and reads nothing stored. Cross-site posts are refused at the
 * edge (origin.server.ts), the body is capped at 4 kB there (body-limits.server.ts), an address
 * may switch 60 times a minute, and the return path is ours only.
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

export async function action({ request, context }: Route.ActionArgs) {
  const allowed = await hitRateLimit(dbOf(context), {
    key: `prices:${clientIp(request)}`,
    limit: 60,
    windowSeconds: 60,
  });
  if (!allowed.allowed)
    return toResponse(
      failure(429, "TOO_MANY_SWITCHES", "Prices were switched too often: wait a minute and try again.", {
        retryAfterSeconds: allowed.retryAfterSeconds,
      }),
    );
  const parsed = await parseForm(request, schema);
  if (!parsed.ok) return toResponse(parsed);
  const secure = securesCookies(appContextOf(context).baseUrl);
  // Back to the same page: with JavaScript the toggle's fetcher follows this without a reload,
  // replacing the history entry rather than adding a second one for the same page.
  return replace(safeRedirect(parsed.value.returnTo), {
    headers: { "Set-Cookie": priceModeCookie(parsed.value.mode, secure) },
  });
}
