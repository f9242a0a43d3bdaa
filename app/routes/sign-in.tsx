import { data, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/sign-in";
import { SignInPanel } from "~/components/sign-in-panel";
import { fieldErrors, signInSchema } from "~/domain/auth-forms";
import { sendSignInCode, signInWithCode, signInWithPassword } from "~/server/accounts.server";
import { readFormData } from "~/server/form-body.server";
import { getSessionInfo, safeRedirect } from "~/server/session.server";

export type SignInActionData = {
  intent?: string;
  message?: string;
  fieldErrors?: Record<string, string[]>;
  codeSent?: boolean;
  identifier?: string;
};

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSessionInfo(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readFormData(request));
  const parsed = signInSchema.safeParse(form);
  if (!parsed.success) {
    return data<SignInActionData>(
      {
        intent: String(form.intent ?? ""),
        fieldErrors: fieldErrors(parsed.error),
        identifier: String(form.identifier ?? ""),
      },
      { status: 400 },
    );
  }
  const input = parsed.data;
  const redirectTo = safeRedirect(input.redirectTo);
  if (input.intent === "send-code") {
    const result = await sendSignInCode(request, input);
    if (!result.ok) return failed(input, result);
    return data<SignInActionData>({ intent: input.intent, codeSent: true, identifier: input.identifier });
  }
  const result =
    input.intent === "password" ? await signInWithPassword(request, input) : await signInWithCode(request, input);
  if (!result.ok) return failed(input, result);
  if ("twoFactor" in result && result.twoFactor) {
    throw redirect(`/sign-in/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers: result.headers });
  }
  throw redirect(redirectTo, { headers: result.headers });
}

function failed(
  input: { intent: string; identifier: string },
  result: { status: number; message: string; retryAfterSeconds?: number },
) {
  const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
  return data<SignInActionData>(
    {
      intent: input.intent,
      message: result.message,
      identifier: input.identifier,
      codeSent: input.intent === "verify-code",
    },
    { status: result.status, headers },
  );
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
        <SignInPanel redirectTo={redirectTo} actionData={actionData} />
      </div>
    </section>
  );
}

export function meta() {
  return [{ title: "Sign in | Swag Studio" }];
}
