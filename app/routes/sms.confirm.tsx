import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/sms.confirm";
import { formMessage } from "~/components/ui/form-error";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { SMS_PROMPT } from "~/content/sms-prompt";
import { readForm, toResponse } from "~/server/platform/http.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { dbOf, appContextOf } from "~/server/accounts/request-context.server";
import { confirmationLink, confirmSmsByLink } from "~/server/shop/sms-signups.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /sms/confirm?t=…: the link in the text that asks a number to join the SMS list (double opt-in,
 * docs/decisions/034-sms-double-opt-in.md). Opening it changes nothing (a link scanner may open it);
 * the button confirms, once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const link = await confirmationLink(dbOf(context), { token, ip: clientIp(request) });
  if (!link.ok) return data({ token, link: null, problem: link.message }, { status: link.status, headers: NO_STORE });
  return data({ token, link: link.value, problem: null }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form.ok) return toResponse(form);
  const result = await confirmSmsByLink(appContextOf(context), { token: form.value.t ?? "", ip: clientIp(request) });
  if (!result.ok) return toResponse(result);
  return data({ confirmed: result.value.phone }, { headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

export default function SmsConfirmRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const message = formMessage(actionData);
  const done = actionData && "confirmed" in actionData ? actionData.confirmed : null;
  const { link, problem, token } = loaderData;
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold">{SMS_PROMPT.confirmTitle}</h1>
      {done ? (
        <div className="mt-6">
          <FormMessage tone="success">{SMS_PROMPT.confirmed(done)}</FormMessage>
        </div>
      ) : problem || !link ? (
        <div className="mt-6">
          <FormMessage>{problem}</FormMessage>
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-sm text-muted">
            {SMS_PROMPT.confirmQuestion.before}
            <strong className="whitespace-nowrap text-ink">{link.phone}</strong>
            {SMS_PROMPT.confirmQuestion.after}
          </p>
          {message ? <FormMessage>{message}</FormMessage> : null}
          <input type="hidden" name="t" value={token} />
          <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
            {SMS_PROMPT.confirmButton}
          </button>
        </Form>
      )}
    </section>
  );
}

export function meta() {
  return [{ title: "Confirm your text updates | Swag Studio" }, { name: "robots", content: "noindex" }];
}
