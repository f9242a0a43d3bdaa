import { data } from "react-router";
import type { Route } from "./+types/account.brand-kit";
import { BrandKitPage } from "~/components/account/brand-kit-section";
import { BRAND_KIT_MESSAGES, cleanPlacementNotes, parseBrandColours } from "~/domain/artwork/brand-kit";
import { getBrandKit, mayEditBrandKit, removeBrandLogo, saveBrandKit } from "~/server/artwork/brand-kit.server";
import { failure, readForm, toResponse } from "~/server/platform/http.server";
import { dbOf, requireSessionInfo, appContextOf } from "~/server/accounts/request-context.server";

/**
 * /account/brand-kit: the session's brand kit (its active organisation's, else
 * the buyer's). Signed in only (the account layout sends anyone else to sign in); the forms save
 * the colours and notes or remove a logo; logos are added by /api/brand-kit/logos.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSessionInfo({ request, context });
  const member = { userId: session.user.id, accountId: session.accountId };
  const db = dbOf(context);
  const [kit, canEdit] = await Promise.all([getBrandKit(db, member), mayEditBrandKit(db, member)]);
  return data({ kit, canEdit }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSessionInfo({ request, context });
  const member = { userId: session.user.id, accountId: session.accountId };
  const db = dbOf(context);
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { intent: "save" });
  const { intent = "", colours = "", placementNotes = "", logoId = "" } = form.value;
  if (intent === "remove") {
    const removed = await removeBrandLogo(db, { storage: appContextOf(context).storage, ...member, logoId });
    if (!removed.ok) return toResponse(removed, { intent });
    return { intent, message: BRAND_KIT_MESSAGES.removed };
  }
  if (intent !== "save")
    return toResponse(failure(400, "UNKNOWN_INTENT", "Choose what to change."), { intent: "save" });
  const values = { colours: colours.slice(0, 2000), placementNotes: placementNotes.slice(0, 2000) };
  const parsed = parseBrandColours(colours);
  const notes = cleanPlacementNotes(placementNotes);
  if (!parsed.ok || notes === null) {
    const fieldErrors = {
      ...(parsed.ok ? {} : { colours: parsed.message }),
      ...(notes === null ? { placementNotes: BRAND_KIT_MESSAGES.notesTooLong } : {}),
    };
    const message = Object.values(fieldErrors)[0] ?? "";
    return toResponse(failure(400, "VALIDATION_FAILED", message, { fieldErrors }), { intent, values });
  }
  const saved = await saveBrandKit(db, { member, kit: { colours: parsed.colours, placementNotes: notes } });
  if (!saved.ok) return toResponse(saved, { intent, values });
  return { intent, message: BRAND_KIT_MESSAGES.saved };
}

export default function AccountBrandKitRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <BrandKitPage kit={loaderData.kit} canEdit={loaderData.canEdit} reply={actionData} />;
}

export function meta() {
  return [{ title: "Brand kit | Swag Studio" }, { name: "robots", content: "noindex" }];
}
