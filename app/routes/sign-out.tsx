import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sign-out";
import { signOut } from "~/server/accounts.server";
import { readFormData } from "~/server/form-body.server";
import { errorResponse } from "~/server/responses.server";

const schema = z.object({ scope: z.enum(["local", "global", "others"]).default("local") });

export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = schema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return errorResponse(400, "VALIDATION_FAILED", "Unknown sign-out scope.");
  const result = await signOut(request, parsed.data.scope);
  if (!result.ok) return errorResponse(result.status, "SIGN_OUT_FAILED", result.message);
  // Signing out of other devices keeps this one where it was; the others end on the home page.
  if (parsed.data.scope === "others") return redirect("/account?signedOutOthers=1", { headers: result.headers });
  return redirect("/", { headers: result.headers });
}
