/** The account page's e-mail section: the address, whether it is confirmed, and changing it in three steps. */
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { CodeField, Field } from "~/components/ui/form";
import { type AccountReply, card, h2, ReplyMessage, replyFor } from "./section";

export type EmailUser = { email: string | null; emailVerified: boolean; phoneNumber: string | null };

/**
 * Changing the address takes three steps (docs/security.md): the new address (and the password
 * after 10 minutes), a code to the current address or number, then a code to the new address.
 */
export function EmailSection({
  user,
  recentSignIn,
  reply,
}: {
  user: EmailUser;
  recentSignIn: boolean;
  reply?: AccountReply;
}) {
  const busy = useNavigation().state === "submitting";
  const started = replyFor(reply, "email-start");
  const current = replyFor(reply, "email-current");
  const confirmed = replyFor(reply, "email-confirm");
  const codeError = (step: AccountReply | undefined) => step?.error?.fieldErrors?.code;
  return (
    <section aria-labelledby="email-heading" className={card}>
      <h2 id="email-heading" className={h2}>
        E-mail address
      </h2>
      <p className="mt-2 text-sm">
        {user.email ? (
          <>
            {user.email}{" "}
            <span className={user.emailVerified ? "text-green-800" : "text-amber-800"}>
              ({user.emailVerified ? "confirmed" : "not confirmed yet"})
            </span>
          </>
        ) : (
          "No e-mail address yet: add one to receive invoices and proofs."
        )}
      </p>
      {(started && !started.error) || current?.error ? (
        <Form method="post" action="/account/email" className="mt-4 space-y-3" noValidate>
          <input type="hidden" name="intent" value="email-current" />
          <input type="hidden" name="newEmail" value={reply?.newEmail ?? ""} />
          <ReplyMessage reply={current} success="" />
          <p className="text-sm">
            To check it's you, we sent a code to {user.email ?? user.phoneNumber}, the{" "}
            {user.email ? "address" : "number"} you use now.
          </p>
          <CodeField error={codeError(current)} />
          <button type="submit" disabled={busy} className={buttonClass("primary")}>
            Continue
          </button>
        </Form>
      ) : (current && !current.error) || confirmed?.error ? (
        <Form method="post" action="/account/email" className="mt-4 space-y-3" noValidate>
          <input type="hidden" name="intent" value="email-confirm" />
          <input type="hidden" name="newEmail" value={reply?.newEmail ?? ""} />
          <ReplyMessage reply={confirmed} success="" />
          <p className="text-sm">We sent a code to {reply?.newEmail}.</p>
          <CodeField error={codeError(confirmed)} />
          <button type="submit" disabled={busy} className={buttonClass("primary")}>
            Confirm new e-mail
          </button>
        </Form>
      ) : (
        <Form method="post" action="/account/email" className="mt-4 space-y-3" noValidate>
          <input type="hidden" name="intent" value="email-start" />
          <ReplyMessage reply={started ?? confirmed} success="Your e-mail address is changed." />
          <Field
            label="New e-mail address"
            name="newEmail"
            type="email"
            autoComplete="email"
            error={started?.error?.fieldErrors?.newEmail}
          />
          {recentSignIn ? null : (
            <Field
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
              hint="You signed in more than 10 minutes ago, so please confirm it's you."
            />
          )}
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            Change e-mail address
          </button>
        </Form>
      )}
    </section>
  );
}
