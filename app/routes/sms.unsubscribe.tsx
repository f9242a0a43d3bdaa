import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/sms.unsubscribe";
import { formMessage } from "~/components/ui/form-error";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { readForm, toResponse } from "~/server/platform/http.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { appContextOf } from "~/server/accounts/request-context.server";
import { unsubscribeByLink, unsubscribeLink } from "~/server/shop/sms-signups.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /sms/unsubscribe?t=…: the link from a text (decision 034). Opening it changes nothing; the button does. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const link = await unsubscribeLink(appContextOf(context), token);
  if (!link.ok) return data({ token, link: null, problem: link.message }, { status: link.status, headers: NO_STORE });
  return data({ token, link: link.value, problem: null }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form.ok) return toResponse(form);
  const result = await unsubscribeByLink(appContextOf(context), { token: form.value.t ?? "", ip: clientIp(request) });
  if (!result.ok) return toResponse(result);
  return data({ unsubscribed: result.value.phone }, { headers: NO_STORE });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function SmsUnsubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const message = formMessage(actionData);
  const done = actionData && "unsubscribed" in actionData ? actionData.unsubscribed : null;
  const { link, problem, token } = loaderData;
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold">Unsubscribe from our texts</h1>
      {problem ? (
        <div className="mt-6">
          <FormMessage>{problem}</FormMessage>
        </div>
      ) : done || !link?.subscribed ? (
        <div className="mt-6">
          <FormMessage tone="success">
            {done ?? link?.phone} is unsubscribed. We won't send it our product updates.
          </FormMessage>
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-sm text-muted">
            Stop the monthly product updates to <strong className="whitespace-nowrap text-ink">{link.phone}</strong>?
          </p>
          {message ? <FormMessage>{message}</FormMessage> : null}
          <input type="hidden" name="t" value={token} />
          <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
            Unsubscribe
          </button>
        </Form>
      )}
    </section>
  );
}

export function meta() {
  return [{ title: "Unsubscribe from our texts | Swag Studio" }, { name: "robots", content: "noindex" }];
}
