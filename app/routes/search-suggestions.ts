import type { Route } from "./+types/search-suggestions";
import { dbOf } from "~/server/accounts/request-context.server";
import { searchSuggestions } from "~/server/catalogue/search-suggestions.server";
import { jsonAnswer, toResponse } from "~/server/platform/http.server";
import { clientIp } from "~/server/platform/rate-limit.server";

/*
 * GET /search/suggestions?q=…: the header search's suggestions as JSON, for anyone
 * (search-suggestions.server.ts: at most 100 characters, 120 a minute per client address).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const found = await searchSuggestions(dbOf(context), { query, ip: clientIp(request) });
  if (!found.ok) return toResponse(found);
  return jsonAnswer({ suggestions: found.suggestions }, { headers: { "Cache-Control": "no-store" } });
}
