/**
 * The account page's two-step sign-in: set up an authenticator app by QR code or key, confirm it
 * with a code, or turn it off.
 */
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { CodeField, Field } from "~/components/ui/form";
import { type AccountReply, card, h2, ReplyMessage, replyFor } from "./section";

/** Two-step sign-in: set up with the password, confirmed with a first code from the app, or turned off. */
export function TwoFactorSection({ enabled, reply }: { enabled: boolean; reply?: AccountReply }) {
  const busy = useNavigation().state === "submitting";
  const confirm = replyFor(reply, "2fa-confirm");
  const enrolment = reply?.enrolment;
  return (
    <section aria-labelledby="twofa-heading" className={card}>
      <h2 id="twofa-heading" className={h2}>
        Two-step sign-in
      </h2>
      {enabled ? (
        <PasswordStep
          reply={reply}
          intent="2fa-disable"
          shownWith="2fa-confirm"
          success="Two-step sign-in is on."
          text="On: you'll enter a code from your authenticator app when you sign in."
          button={{ label: "Turn off two-step sign-in", variant: "secondary" }}
        />
      ) : enrolment || confirm?.error ? (
        <Form method="post" action="/account/two-factor" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value="2fa-confirm" />
          <ReplyMessage reply={confirm} success="" />
          {enrolment ? (
            <>
              <p className="text-sm">Scan this with your authenticator app, or type the key in by hand.</p>
              <img
                src={enrolment.qrCode}
                alt="QR code for your authenticator app"
                width={180}
                height={180}
                className="rounded-lg border"
              />
              <p className="text-sm">
                Key:{" "}
                <code data-testid="totp-secret" className="rounded bg-slate-100 px-2 py-1 font-mono">
                  {enrolment.secret}
                </code>
              </p>
              <div>
                <p className="text-sm font-semibold">Backup codes (each works once; keep them somewhere safe):</p>
                <ul data-testid="backup-codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5">
                  {enrolment.backupCodes.map((code) => (
                    <li key={code}>{code}</li>
                  ))}
                </ul>
              </div>
            </>
          ) : null}
          <CodeField label="Code from your app" error={confirm?.error?.fieldErrors?.code} />
          <button type="submit" disabled={busy} className={buttonClass("primary")}>
            Turn on two-step sign-in
          </button>
        </Form>
      ) : (
        <PasswordStep
          reply={reply}
          intent="2fa-start"
          shownWith="2fa-disable"
          success="Two-step sign-in is off."
          text="Off. Add a code from an authenticator app to every sign-in."
          button={{ label: "Set up two-step sign-in", variant: "primary" }}
        />
      )}
    </section>
  );
}

/**
 * Turning two-step sign-in on or off starts with the password. The form also shows the answer to
 * `shownWith`, the step that left it in this state (on after confirming, off after turning off).
 */
function PasswordStep(props: {
  reply?: AccountReply;
  intent: "2fa-disable" | "2fa-start";
  shownWith: string;
  success: string;
  text: string;
  button: { label: string; variant: "primary" | "secondary" };
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action="/account/two-factor" className="mt-4 space-y-3" noValidate>
      <input type="hidden" name="intent" value={props.intent} />
      <ReplyMessage reply={replyFor(props.reply, props.intent, props.shownWith)} success={props.success} />
      <p className="text-sm">{props.text}</p>
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        error={replyFor(props.reply, props.intent)?.error?.fieldErrors?.password}
      />
      <button type="submit" disabled={busy} className={buttonClass(props.button.variant)}>
        {props.button.label}
      </button>
    </Form>
  );
}
