import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sign-up";
import { appContextOf, redirectIfSignedIn } from "~/server/accounts/request-context.server";
import { usePhoneSignIn } from "~/components/ui/root-data";
import { buttonClass } from "~/components/ui/button";
import { formMessage } from "~/components/ui/form-error";
import { Field, FormMessage } from "~/components/ui/form";
import { signUpSchema } from "~/domain/people/auth-forms";
import { MIN_PASSWORD_LENGTH } from "~/domain/people/auth-rules";
import { signUp } from "~/server/accounts/accounts.server";
import { readForm, toResponse, validate } from "~/server/platform/http.server";
import { safeRedirect } from "~/server/accounts/session.server";

export function loader(args: Route.LoaderArgs) {
  return redirectIfSignedIn(args);
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { values: typedIn({}) });
  const values = typedIn(form.value);
  const parsed = validate(signUpSchema, form.value);
  if (!parsed.ok) return toResponse(parsed, { values });
  const result = await signUp(ctx, { request, ...parsed.value });
  if (!result.ok) return toResponse(result, { values });
  const who = result.identifier.kind === "email" ? result.identifier.email : result.identifier.phone;
  const next = `/verify?identifier=${encodeURIComponent(who)}&redirectTo=${encodeURIComponent(safeRedirect(parsed.value.redirectTo))}`;
  throw redirect(next, { headers: result.headers });
}

/** What the form keeps after a refusal: everything typed in but the password. */
const typedIn = ({ firstName = "", lastName = "", identifier = "" }: Record<string, string>) => ({
  firstName,
  lastName,
  identifier,
});

/** A refusal's Retry-After (too many attempts) reaches the browser with the page. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function SignUpRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const phoneSignIn = usePhoneSignIn();
  const errors = actionData?.error?.fieldErrors ?? {};
  const message = formMessage(actionData);
  const values = actionData?.values;
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold">Create your account</h1>
      <p className="mt-2 text-sm text-muted">Save favourites and quote lists, and check out with tiered prices.</p>
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        {message ? <FormMessage>{message}</FormMessage> : null}
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            defaultValue={values?.firstName}
            error={errors.firstName}
          />
          <Field
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            defaultValue={values?.lastName}
            error={errors.lastName}
          />
        </div>
        <Field
          label={phoneSignIn ? "Work e-mail or mobile number" : "Work e-mail"}
          name="identifier"
          autoComplete="username"
          required
          defaultValue={values?.identifier}
          error={errors.identifier}
          hint="We'll send a code to confirm it."
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words work well.`}
          error={errors.password}
        />
        <p className="text-xs text-muted">
          By creating an account you agree to our{" "}
          <Link to="/terms" className="underline">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy" className="underline">
            Privacy Policy
          </Link>
          . You must be 18 or over.
        </p>
        <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
          {busy ? "Creating account…" : "Create account"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{" "}
        <Link
          to={`/sign-in?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`}
          className="font-semibold text-brand underline"
        >
          Sign in
        </Link>
      </p>
    </section>
  );
}

export function meta() {
  return [{ title: "Create an account | Swag Studio" }];
}
