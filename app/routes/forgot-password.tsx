import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/form";
import { fieldErrors, forgotPasswordSchema } from "~/domain/auth-forms";
import { requestPasswordReset } from "~/server/accounts.server";
import { readFormData } from "~/server/form-body.server";

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readFormData(request));
  const parsed = forgotPasswordSchema.safeParse(form);
  if (!parsed.success)
    return data(
      {
        fieldErrors: fieldErrors(parsed.error),
        message: undefined,
        sent: false,
        identifier: String(form.identifier ?? ""),
      },
      { status: 400 },
    );
  const result = await requestPasswordReset(request, parsed.data);
  if (!result.ok) {
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data(
      { message: result.message, fieldErrors: undefined, sent: false, identifier: parsed.data.identifier },
      { status: result.status, headers },
    );
  }
  // Codes (by e-mail or SMS) are typed in on the reset page; links arrive by e-mail.
  if (result.identifier.kind === "phone" || parsed.data.method === "code") {
    const who = result.identifier.kind === "email" ? result.identifier.email : result.identifier.phone;
    throw redirect(`/reset-password?identifier=${encodeURIComponent(who)}`);
  }
  return { sent: true, message: undefined, fieldErrors: undefined, identifier: parsed.data.identifier };
}

/** A refusal's Retry-After (too many attempts) reaches the browser with the page. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function ForgotPasswordRoute({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold">Reset your password</h1>
      <p className="mt-2 text-sm text-muted">
        Tell us your e-mail or phone. If there's an account, we'll send a link or a code.
      </p>
      <Form method="post" className="mt-6 space-y-4" noValidate>
        {actionData?.message ? <FormMessage>{actionData.message}</FormMessage> : null}
        {actionData?.sent ? (
          <FormMessage tone="success">
            If {actionData.identifier} has an account, a reset link is on its way. It works for an hour.
          </FormMessage>
        ) : null}
        <Field
          label="E-mail or phone"
          name="identifier"
          autoComplete="username"
          required
          defaultValue={actionData?.identifier}
          error={actionData?.fieldErrors?.identifier}
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
