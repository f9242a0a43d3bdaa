import { redirect } from "react-router";
import type { Route } from "./+types/admin.product-pictures";
import { adminNotFound, requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { dbOf, appContextOf } from "~/server/accounts/request-context.server";
import { PICTURE_MESSAGES, pictureWords } from "~/domain/catalogue/picture-rules";
import { isProductId } from "~/domain/catalogue/product-edit";
import { addProductPicture } from "~/server/catalogue/catalogue-pictures.server";
import { failure, onlyPost, readUpload, toResponse } from "~/server/platform/http.server";

/** Pictures a member of staff may upload in an hour: a whole catalogue's worth, not a flood of renders. */
export const PICTURE_UPLOAD_LIMIT = { hits: 60, windowSeconds: 3600 } as const;

export const loader = () => onlyPost();

/**
 * A picture staff upload from a product's editor (docs/decisions/066-catalogue-is-data.md): the
 * file, what it shows in words, and the colour it shows the product in, if one. Who may upload is
 * settled before the body is read; the body is limited to the largest picture and its wrapping.
 * Back to the editor once added.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  if (!isProductId(params.id)) throw adminNotFound();
  await requireStaffBudget(db, { staffId: staff.id, bucket: "product-pictures", limit: PICTURE_UPLOAD_LIMIT });
  const read = await readUpload(request);
  if (!read.ok) return toResponse(read);
  const form = read.value;
  const picture = form.get("picture");
  if (!(picture instanceof File) || picture.size === 0) {
    return toResponse(
      failure(400, "NO_FILE", PICTURE_MESSAGES.noFile, { fieldErrors: { picture: PICTURE_MESSAGES.noFile } }),
    );
  }
  const words = pictureWords(form.get("alt"), form.get("colour"));
  if (!words.ok) {
    const code = words.field === "alt" ? "BAD_ALT" : "UNKNOWN_COLOUR";
    return toResponse(failure(400, code, words.message, { fieldErrors: { [words.field]: words.message } }));
  }
  const added = await addProductPicture(db, {
    storage: appContextOf(context).storage,
    staffId: staff.id,
    address: staff.address,
    productId: params.id,
    bytes: new Uint8Array(await picture.arrayBuffer()),
    type: picture.type,
    alt: words.alt,
    colour: words.colour,
  });
  if (!added.ok) return toResponse(added);
  return redirect(`/admin/products/${params.id}`, { headers: { "Cache-Control": "no-store" } });
}
