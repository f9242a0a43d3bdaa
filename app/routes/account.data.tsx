import { data } from "react-router";
import type { Route } from "./+types/account.data";
import { AccountPage } from "~/components/account/account-page";
import { appContextOf, requireSessionInfo } from "~/server/accounts/request-context.server";
import { requestDataExport } from "~/server/admin/data-exports.server";
import { failure, readForm, toResponse } from "~/server/platform/http.server";

const reply = { intent: "data-export" };

/** Asks for a copy of the person's data (docs/decisions/084): a job prepares it; the page then offers it. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = appContextOf(context);
  const session = await requireSessionInfo({ request, context });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, reply);
  if (form.value.intent !== "export")
    return toResponse(failure(400, "UNKNOWN_INTENT", "Choose Prepare my data to ask for a copy."), reply);
  const asked = await requestDataExport(db, { userId: session.user.id });
  if (!asked.ok) return toResponse(asked, reply);
  return data(reply);
}

export default function AccountDataRoute({ actionData }: Route.ComponentProps) {
  return <AccountPage reply={actionData} />;
}
