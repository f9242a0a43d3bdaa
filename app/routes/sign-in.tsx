import { data, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/sign-in";
import { redirectIfSignedIn, appContextOf } from "~/server/accounts/request-context.server";
import { finishSignIn } from "~/server/checkout/after-sign-in.server";
import { SignInPanel } from "~/components/shell/sign-in-panel";
import { signInSchema } from "~/domain/people/auth-forms";
import { sendSignInCode, signInWithCode, signInWithPassword } from "~/server/accounts/accounts.server";
import { readForm, toResponse, validate } from "~/server/platform/http.server";
import { safeRedirect } from "~/server/accounts/session.server";

export function loader(args: Route.LoaderArgs) {
  return redirectIfSignedIn(args);
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const form = await readForm(request);
  if (!form.ok) return toResponse(form);
  const parsed = validate(signInSchema, form.value);
  // The panel keeps its tab, the identifier typed in and the code step beside any error.
  if (!parsed.ok) {
    return toResponse(parsed, {
      intent: form.value.intent ?? "",
      identifier: form.value.identifier ?? "",
      codeSent: false,
    });
  }
  const input = parsed.value;
  const state = { intent: input.intent, identifier: input.identifier, codeSent: input.intent === "verify-code" };
  const redirectTo = safeRedirect(input.redirectTo);
  if (input.intent === "send-code") {
    const result = await sendSignInCode(ctx, { request, ...input });
    if (!result.ok) return toResponse(result, state);
    return data({ ...state, codeSent: true });
  }
  const result =
    input.intent === "password"
      ? await signInWithPassword(ctx, { request, ...input })
      : await signInWithCode(ctx, { request, ...input });
  if (!result.ok) return toResponse(result, state);
  if (result.twoFactor) {
    throw redirect(`/sign-in/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers: result.headers });
  }
  throw redirect(await finishSignIn(ctx, { redirectTo, headers: result.headers }), {
    headers: result.headers,
  });
}

/** A refusal's Retry-After (too many attempts) reaches the browser with the page. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function SignInRoute({ actionData }: Route.ComponentProps) {
  const { redirectTo } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold">Sign in</h1>
      <p className="mt-2 text-sm text-muted">Favourites, lists, your cart and checkout live in your account.</p>
      <div className="mt-6">
        <SignInPanel redirectTo={redirectTo} reply={actionData} />
      </div>
    </section>
  );
}

export function meta() {
  return [{ title: "Sign in | Swag Studio" }];
}
