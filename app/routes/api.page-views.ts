import { z } from "zod";
import type { Route } from "./+types/api.page-views";
import { failure, readJson, toResponse, onlyPost } from "~/server/platform/http.server";
import { normalisePagePath, recordPageView } from "~/server/shop/page-views.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { dbOf } from "~/server/accounts/request-context.server";

const NOT_A_PATH = "Send the page's path, starting with /.";
const bodySchema = z.object({ path: z.string(NOT_A_PATH).transform(normalisePagePath) });

/**
 * POST {path}: one first-party page view (R-AN-01/02). The browser sends it with
 * navigator.sendBeacon, which posts text/plain. The beacon never reads an answer, but a refusal
 * still says why (B-11's one error shape).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const db = dbOf(context);
  if (request.method !== "POST") return onlyPost();
  const body = await readJson(request, bodySchema, { maxBytes: 4096, beacon: true });
  if (!body.ok) return toResponse(body);
  const { path } = body.value;
  if (!path) return toResponse(failure(400, "VALIDATION_FAILED", NOT_A_PATH));
  const outcome = await recordPageView(db, { path, ip: clientIp(request) });
  if (outcome === "rate_limited")
    return toResponse(failure(429, "RATE_LIMITED", "Too many page views. Please try again later."));
  return new Response(null, { status: 204 });
}
