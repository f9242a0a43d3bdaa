import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/verify";
import { buttonClass } from "~/components/ui/button";
import { fieldErrorsOf, formMessage } from "~/components/ui/form-error";
import { CodeField, FormMessage } from "~/components/ui/form";
import { verifySchema } from "~/domain/people/auth-forms";
import { parseIdentifier } from "~/domain/people/auth-rules";
import { resendCode, signInWithCode, verifyEmailCode } from "~/server/accounts/accounts.server";
import { parseForm, toResponse } from "~/server/platform/http.server";
import { safeRedirect } from "~/server/accounts/session.server";
import { appContextOf } from "~/server/accounts/request-context.server";
import { finishSignIn } from "~/server/checkout/after-sign-in.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const identifier = parseIdentifier(params.get("identifier") ?? "");
  // A number has no code to confirm while no SMS provider is configured.
  if (!identifier || (identifier.kind === "phone" && appContextOf(context).sms === null)) throw redirect("/sign-up");
  return {
    identifier: identifier.kind === "email" ? identifier.email : identifier.phone,
    kind: identifier.kind,
    redirectTo: safeRedirect(params.get("redirectTo")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const parsed = await parseForm(request, verifySchema);
  if (!parsed.ok) return toResponse(parsed);
  const input = parsed.value;
  if (input.intent === "resend") {
    const result = await resendCode(ctx, { request, ...input });
    if (!result.ok) return toResponse(result);
    return data({ resent: true });
  }
  const identifier = parseIdentifier(input.identifier);
  const result =
    identifier?.kind === "email"
      ? await verifyEmailCode(ctx, { request, email: identifier.email, code: input.code })
      : await signInWithCode(ctx, { request, ...input });
  if (!result.ok) return toResponse(result);
  // A proven code signs in, and an account with two-step sign-in asks for its second factor first.
  if (result.twoFactor)
    throw redirect(`/sign-in/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers: result.headers });
  throw redirect(await finishSignIn(ctx, { redirectTo, headers: result.headers }), {
    headers: result.headers,
  });
}

/** A refusal's Retry-After (too many attempts) reaches the browser with the page. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function VerifyRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const message = formMessage(actionData);
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold">Confirm your {loaderData.kind === "email" ? "e-mail" : "phone"}</h1>
      <p className="mt-2 text-sm text-muted">
        We sent a 6-digit code to <strong className="text-ink">{loaderData.identifier}</strong>. It expires in 10
        minutes.
      </p>
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="identifier" value={loaderData.identifier} />
        {message ? <FormMessage>{message}</FormMessage> : null}
        {actionData && "resent" in actionData ? (
          <FormMessage tone="success">We've sent you a new code.</FormMessage>
        ) : null}
        <CodeField error={fieldErrorsOf(actionData).code} />
        <button type="submit" name="intent" value="verify" disabled={busy} className={buttonClass("primary", "w-full")}>
          Confirm
        </button>
        <button type="submit" name="intent" value="resend" disabled={busy} className={buttonClass("ghost", "w-full")}>
          Send a new code
        </button>
      </Form>
    </section>
  );
}

export function meta() {
  return [{ title: "Confirm your account | Swag Studio" }];
}
