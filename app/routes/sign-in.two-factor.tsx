import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sign-in.two-factor";
import { buttonClass } from "~/components/ui/button";
import { formMessage } from "~/components/ui/form-error";
import { CodeField, FormMessage } from "~/components/ui/form";
import { twoFactorSchema } from "~/domain/people/auth-forms";
import { verifySecondFactor } from "~/server/accounts/accounts.server";
import { parseForm, toResponse } from "~/server/platform/http.server";
import { safeRedirect } from "~/server/accounts/session.server";
import { appContextOf } from "~/server/accounts/request-context.server";
import { finishSignIn } from "~/server/checkout/after-sign-in.server";

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return { redirectTo: safeRedirect(params.get("redirectTo")), backup: params.get("backup") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const parsed = await parseForm(request, twoFactorSchema);
  if (!parsed.ok) return toResponse(parsed);
  const input = parsed.value;
  const result = await verifySecondFactor(ctx, { request, ...input, trustDevice: input.trustDevice === "on" });
  if (!result.ok) return toResponse(result);
  throw redirect(await finishSignIn(ctx, { redirectTo: input.redirectTo, headers: result.headers }), {
    headers: result.headers,
  });
}

export default function TwoFactorRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const backup = loaderData.backup;
  const message = formMessage(actionData);
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold">Two-step check</h1>
      <p className="mt-2 text-sm text-muted">
        {backup
          ? "Enter one of your backup codes. Each works once."
          : "Enter the 6-digit code from your authenticator app."}
      </p>
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <input type="hidden" name="kind" value={backup ? "backup" : "totp"} />
        {message ? <FormMessage>{message}</FormMessage> : null}
        <CodeField
          label={backup ? "Backup code" : "Authenticator code"}
          inputMode={backup ? "text" : "numeric"}
          required
          error={actionData?.error.fieldErrors?.code}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="trustDevice" className="h-4 w-4 accent-brand" /> Trust this device for 30 days
        </label>
        <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
          Verify
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <a
          href={`?backup=${backup ? "0" : "1"}&redirectTo=${encodeURIComponent(loaderData.redirectTo)}`}
          className="font-medium text-brand underline"
        >
          {backup ? "Use your authenticator app" : "Use a backup code"}
        </a>
      </p>
    </section>
  );
}

export function meta() {
  return [{ title: "Two-step check | Swag Studio" }];
}
