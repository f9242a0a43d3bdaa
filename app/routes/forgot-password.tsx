import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { usePhoneSignIn } from "~/components/ui/root-data";
import { buttonClass } from "~/components/ui/button";
import { fieldErrorsOf, formMessage } from "~/components/ui/form-error";
import { Field, FormMessage } from "~/components/ui/form";
import { forgotPasswordSchema } from "~/domain/people/auth-forms";
import { requestPasswordReset } from "~/server/accounts/accounts.server";
import { readForm, toResponse, validate } from "~/server/platform/http.server";
import { appContextOf } from "~/server/accounts/request-context.server";

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { identifier: "" });
  const parsed = validate(forgotPasswordSchema, form.value);
  // The form keeps the address or number typed in.
  if (!parsed.ok) return toResponse(parsed, { identifier: form.value.identifier ?? "" });
  const { identifier } = parsed.value;
  const result = await requestPasswordReset(ctx, { request, ...parsed.value });
  if (!result.ok) return toResponse(result, { identifier });
  // Codes (by e-mail or SMS) are typed in on the reset page; links arrive by e-mail.
  if (result.identifier.kind === "phone" || parsed.value.method === "code") {
    const who = result.identifier.kind === "email" ? result.identifier.email : result.identifier.phone;
    throw redirect(`/reset-password?identifier=${encodeURIComponent(who)}`);
  }
  return data({ sent: true, identifier });
}

/** A refusal's Retry-After (too many attempts) reaches the browser with the page. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function ForgotPasswordRoute({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const message = formMessage(actionData);
  const phoneSignIn = usePhoneSignIn();
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold">Reset your password</h1>
      <p className="mt-2 text-sm text-muted">
        Tell us your e-mail{phoneSignIn ? " or phone" : ""}. If there's an account, we'll send a link or a code.
      </p>
      <Form method="post" className="mt-6 space-y-4" noValidate>
        {message ? <FormMessage>{message}</FormMessage> : null}
        {actionData && "sent" in actionData ? (
          <FormMessage tone="success">
            If {actionData.identifier} has an account, a reset link is on its way. It works for an hour.
          </FormMessage>
        ) : null}
        <Field
          label={phoneSignIn ? "E-mail or phone" : "E-mail"}
          name="identifier"
          autoComplete="username"
          required
          defaultValue={actionData?.identifier}
          error={fieldErrorsOf(actionData).identifier}
        />
        <button type="submit" name="method" value="link" disabled={busy} className={buttonClass("primary", "w-full")}>
          E-mail me a reset link
        </button>
        <button type="submit" name="method" value="code" disabled={busy} className={buttonClass("secondary", "w-full")}>
          Send me a code instead
        </button>
      </Form>
    </section>
  );
}

export function meta() {
  return [{ title: "Reset your password | Swag Studio" }];
}
