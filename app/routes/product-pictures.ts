import type { Route } from "./+types/product-pictures";
import { dbOf, servicesOf } from "~/server/accounts/request-context.server";
import { openProductPicture } from "~/server/catalogue/catalogue-pictures.server";
import { isStoredName } from "~/server/providers/file-storage.server";

/**
 * A render of a picture staff uploaded for a product (docs/decisions/066-catalogue-is-data.md).
 * Anyone may fetch one a product of the catalogue shows, as they may the pictures that ship with
 * the shop; any other name, an artwork file's among them, is not found. A render never changes
 * under its name, so it is cached for a year.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const notFound = new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!isStoredName(params.name)) return notFound;
  const stream = await openProductPicture(dbOf(context), servicesOf(context).storage, params.name);
  if (!stream) return notFound;
  return new Response(stream, {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
