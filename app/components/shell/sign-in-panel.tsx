/** The sign-in form with a password or a one-time code, on /sign-in and in the sign-in modal. */
import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { type FormReply, formMessage } from "../ui/form-error";
import { usePhoneSignIn } from "../ui/root-data";
import { buttonClass } from "../ui/button";
import { CodeField, Field, FormMessage } from "../ui/form";

/** What /sign-in's action answers: the tab, the identifier and the code step, and any error. */
export type SignInReply = FormReply & { intent?: string; identifier?: string; codeSent?: boolean };

/**
 * Sign in with a password or a one-time code, used by the /sign-in page and the sign-in modal.
 * A fetcher form posting to /sign-in: without JavaScript it is a plain form to the same action.
 */
export function SignInPanel({
  redirectTo,
  reply,
  onLeave,
}: {
  redirectTo: string;
  reply?: SignInReply;
  /** Called when a link leads away from the panel: the modal closes before the next page shows. */
  onLeave?: () => void;
}) {
  const fetcher = useFetcher<SignInReply>({ key: "sign-in" });
  const result = fetcher.data ?? reply;
  const [mode, setMode] = useState<"password" | "code">(
    result?.intent === "send-code" || result?.intent === "verify-code" ? "code" : "password",
  );
  const busy = fetcher.state !== "idle";
  const errors = result?.error?.fieldErrors ?? {};
  const message = formMessage(result);
  const codeSent = mode === "code" && result?.codeSent;
  const phoneSignIn = usePhoneSignIn();
  const panelId = useId();

  return (
    <div>
      <div
        role="tablist"
        aria-label="How to sign in"
        className="grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-semibold"
      >
        {(["password", "code"] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            aria-controls={panelId}
            onClick={() => setMode(m)}
            className={`rounded-md px-3 py-2 ${mode === m ? "bg-white shadow-sm" : "text-muted"}`}
          >
            {m === "password" ? "Password" : "One-time code"}
          </button>
        ))}
      </div>

      {/* The panel the tabs control. It is not named after its tab: the field inside already
          says "Password" or "Code", and a panel with the same name would be read twice. */}
      <div role="tabpanel" id={panelId}>
        <fetcher.Form method="post" action="/sign-in" className="mt-5 space-y-4" noValidate>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {message ? <FormMessage>{message}</FormMessage> : null}
          {codeSent && !result?.error ? (
            <FormMessage tone="success">
              We've sent a 6-digit code to {result?.identifier}. It expires in 10 minutes.
            </FormMessage>
          ) : null}
          <Field
            label={phoneSignIn ? "E-mail or phone" : "E-mail"}
            name="identifier"
            type="text"
            autoComplete="username"
            required
            defaultValue={result?.identifier ?? ""}
            readOnly={Boolean(codeSent)}
            error={errors.identifier}
          />
          {mode === "password" ? (
            <>
              <Field
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                error={errors.password}
              />
              <button
                type="submit"
                name="intent"
                value="password"
                disabled={busy}
                className={buttonClass("primary", "w-full")}
              >
                {busy ? "Signing in…" : "Sign in"}
              </button>
              <p className="text-right text-sm">
                <Link to="/forgot-password" onClick={onLeave} className="font-medium text-brand underline">
                  Forgot your password?
                </Link>
              </p>
            </>
          ) : codeSent ? (
            <>
              <CodeField required error={errors.code} />
              <button
                type="submit"
                name="intent"
                value="verify-code"
                disabled={busy}
                className={buttonClass("primary", "w-full")}
              >
                {busy ? "Checking…" : "Sign in with code"}
              </button>
              <button
                type="submit"
                name="intent"
                value="send-code"
                disabled={busy}
                className={buttonClass("ghost", "w-full")}
              >
                Send a new code
              </button>
            </>
          ) : (
            <button
              type="submit"
              name="intent"
              value="send-code"
              disabled={busy}
              className={buttonClass("primary", "w-full")}
            >
              {busy ? "Sending…" : "Send me a code"}
            </button>
          )}
        </fetcher.Form>
      </div>
      <p className="mt-6 text-center text-sm text-muted">
        New here?{" "}
        <Link
          to={`/sign-up?redirectTo=${encodeURIComponent(redirectTo)}`}
          onClick={onLeave}
          className="font-semibold text-brand underline"
        >
          Create an account
        </Link>
      </p>
    </div>
  );
}
