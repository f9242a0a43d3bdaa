/** The account page's password section: change the password and, if ticked, sign out the other devices. */
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/form";
import { type AccountReply, card, h2, ReplyMessage, replyFor } from "./section";

export function PasswordSection({ reply }: { reply?: AccountReply }) {
  const busy = useNavigation().state === "submitting";
  const mine = replyFor(reply, "password");
  const errors = mine?.error?.fieldErrors ?? {};
  return (
    <section aria-labelledby="password-heading" className={card}>
      <h2 id="password-heading" className={h2}>
        Password
      </h2>
      <Form method="post" action="/account/password" className="mt-4 space-y-3" noValidate>
        <ReplyMessage reply={mine} success="Password changed." />
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <Field
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword}
          hint="At least 10 characters."
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="signOutOthers" defaultChecked className="h-4 w-4 accent-brand" /> Sign out my
          other devices
        </label>
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          Change password
        </button>
      </Form>
    </section>
  );
}
