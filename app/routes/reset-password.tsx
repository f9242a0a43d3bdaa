import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { buttonClass } from "~/components/ui/button";
import { formMessage } from "~/components/ui/form-error";
import { CodeField, Field, FormMessage } from "~/components/ui/form";
import { resetPasswordSchema } from "~/domain/people/auth-forms";
import { MIN_PASSWORD_LENGTH } from "~/domain/people/auth-rules";
import { resetPassword } from "~/server/accounts/accounts.server";
import { parseForm, toResponse } from "~/server/platform/http.server";
import { appContextOf } from "~/server/accounts/request-context.server";

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // better-auth sends people who open an expired link here with ?error=INVALID_TOKEN.
  return { token: params.get("token"), identifier: params.get("identifier"), linkError: params.get("error") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const parsed = await parseForm(request, resetPasswordSchema);
  if (!parsed.ok) return toResponse(parsed);
  const result = await resetPassword(ctx, { request, ...parsed.value });
  if (!result.ok) return toResponse(result);
  throw redirect("/sign-in?reset=1");
}

/** A refusal's Retry-After (too many attempts) reaches the browser with the page. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.error.fieldErrors ?? {};
  const message = formMessage(actionData);
  if (loaderData.linkError || (!loaderData.token && !loaderData.identifier)) {
    return (
      <section className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-3xl font-extrabold">This link has expired</h1>
        <p className="mt-2 text-muted">This link is invalid or has expired. Please ask for a new one.</p>
        <Link to="/forgot-password" className={buttonClass("primary", "mt-6")}>
          Ask for a new link
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold">Choose a new password</h1>
      {loaderData.identifier ? (
        <p className="mt-2 text-sm text-muted">Enter the code we sent to {loaderData.identifier}.</p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4" noValidate>
        {message ? <FormMessage>{message}</FormMessage> : null}
        {loaderData.token ? (
          <input type="hidden" name="token" value={loaderData.token} />
        ) : (
          <>
            <input type="hidden" name="identifier" value={loaderData.identifier ?? ""} />
            <CodeField required error={errors.code} />
          </>
        )}
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. Signing in again is needed on every device.`}
          error={errors.password}
        />
        <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
          Save new password
        </button>
      </Form>
    </section>
  );
}

export function meta() {
  return [{ title: "Choose a new password | Swag Studio" }];
}
