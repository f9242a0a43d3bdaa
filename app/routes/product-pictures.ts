import type { Route } from "./+types/product-pictures";
import { dbOf, appContextOf } from "~/server/accounts/request-context.server";
import { openProductPicture } from "~/server/catalogue/catalogue-pictures.server";
import { clientIp } from "~/server/platform/rate-limit.server";

/**
 * A render of a picture staff uploaded for a product (docs/decisions/066-catalogue-is-data.md).
 * Anyone may fetch one a product of the catalogue shows, as they may the pictures that ship with
 * the shop, 600 a minute per client address; any other name, an artwork file's among them, is not
 * found. A render never changes under its name, so it is cached for a year.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const opened = await openProductPicture(dbOf(context), {
    storage: appContextOf(context).storage,
    name: params.name,
    ip: clientIp(request),
  });
  if (!opened.ok) {
    return new Response(opened.message, {
      status: opened.status,
      headers: {
        "Cache-Control": "no-store",
        "Content-Type": "text/plain; charset=utf-8",
        ...(opened.retryAfterSeconds ? { "Retry-After": String(Math.ceil(opened.retryAfterSeconds)) } : {}),
      },
    });
  }
  return new Response(opened.stream, {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
