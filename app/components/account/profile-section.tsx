/** The account page's profile section: first name, last name and an optional picture URL. */
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/form";
import { type AccountReply, card, h2, ReplyMessage, replyFor } from "./section";

export type ProfileUser = { firstName: string | null; lastName: string | null; image: string | null };

export function ProfileSection({ user, reply }: { user: ProfileUser; reply?: AccountReply }) {
  const busy = useNavigation().state === "submitting";
  const mine = replyFor(reply, "profile");
  const errors = mine?.error?.fieldErrors ?? {};
  return (
    <section aria-labelledby="profile-heading" className={card}>
      <h2 id="profile-heading" className={h2}>
        Profile
      </h2>
      <Form method="post" action="/account/profile" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <div className="sm:col-span-2">
          <ReplyMessage reply={mine} success="Profile saved." />
        </div>
        <Field
          label="First name"
          name="firstName"
          defaultValue={user.firstName ?? ""}
          autoComplete="given-name"
          error={errors.firstName}
        />
        <Field
          label="Last name"
          name="lastName"
          defaultValue={user.lastName ?? ""}
          autoComplete="family-name"
          error={errors.lastName}
        />
        <Field
          className="sm:col-span-2"
          label="Picture (URL, optional)"
          name="avatarUrl"
          type="url"
          defaultValue={user.image ?? ""}
          error={errors.avatarUrl}
        />
        <div>
          <button type="submit" disabled={busy} className={buttonClass("primary")}>
            Save profile
          </button>
        </div>
      </Form>
    </section>
  );
}
