import { data, Form, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/account";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/form";
import { accountSchema, fieldErrors, type AccountIntent } from "~/domain/auth-forms";
import { isPlaceholderEmail, isSignInFresh, ORGANISATION_LIMIT, ORGANISATION_LIMIT_MESSAGE } from "~/domain/auth-rules";
import * as settings from "~/server/account-settings.server";
import type { Outcome } from "~/server/accounts.server";
import { readFormData } from "~/server/form-body.server";
import { requireSessionInfo } from "~/server/session.server";

type ActionData = {
  intent: AccountIntent | "";
  ok: boolean;
  message?: string;
  fieldErrors?: Record<string, string[]>;
  enrolment?: { secret: string; qrCode: string; backupCodes: string[] };
  newEmail?: string;
};

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSessionInfo(request);
  const [sessions, organisations, activeOrganisation, invitations] = await Promise.all([
    settings.listActiveSessions(request, session),
    settings.listMyOrganisations(request, session),
    settings.activeOrganisationDetails(request, session),
    settings.listMyInvitations(request),
  ]);
  return {
    user: { ...session.user, email: isPlaceholderEmail(session.user.email) ? null : session.user.email },
    recentSignIn: isSignInFresh(session.session.createdAt, new Date()),
    sessions,
    organisations,
    activeOrganisation,
    invitations,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSessionInfo(request);
  const form = Object.fromEntries(await readFormData(request));
  const parsed = accountSchema.safeParse(form);
  const intent = String(form.intent ?? "") as AccountIntent | "";
  if (!parsed.success)
    return data<ActionData>({ intent, ok: false, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  const input = parsed.data;
  let result: Outcome<object>;
  let extra: Partial<ActionData> = {};
  switch (input.intent) {
    case "profile":
      result = await settings.updateProfile(request, input);
      break;
    case "password":
      result = await settings.changePassword(request, session, {
        ...input,
        signOutOthers: input.signOutOthers === "on",
      });
      break;
    case "email-start":
      result = await settings.startEmailChange(request, session, input);
      extra = { newEmail: input.newEmail };
      break;
    case "email-current":
      result = await settings.confirmCurrentEmail(request, session, input);
      extra = { newEmail: input.newEmail };
      break;
    case "email-confirm":
      result = await settings.confirmEmailChange(request, session, input);
      extra = { newEmail: input.newEmail };
      break;
    case "2fa-start": {
      const started = await settings.startTwoFactor(request, input);
      result = started;
      if (started.ok)
        extra = { enrolment: { secret: started.secret, qrCode: started.qrCode, backupCodes: started.backupCodes } };
      break;
    }
    case "2fa-confirm":
      result = await settings.confirmTwoFactor(request, input);
      break;
    case "2fa-disable":
      result = await settings.disableTwoFactor(request, input);
      break;
    case "session-revoke":
      result = await settings.revokeSessionById(request, session, input.sessionId);
      break;
    case "org-create":
      result = await settings.createOrganisation(request, input);
      break;
    case "org-switch":
      result = await settings.switchOrganisation(request, input);
      break;
    case "org-invite":
      result = await settings.inviteMember(request, session, input);
      break;
    case "org-cancel-invite":
      result = await settings.cancelInvitation(request, input);
      break;
    case "org-leave":
      result = await settings.leaveOrganisation(request, input);
      break;
    case "invite-respond":
      result = await settings.respondToInvitation(request, {
        invitationId: input.invitationId,
        accept: input.accept === "yes",
      });
      break;
  }
  if (!result.ok) {
    return data<ActionData>(
      {
        intent,
        ok: false,
        message: result.message,
        fieldErrors: result.problems ? { newPassword: result.problems } : undefined,
        ...extra,
      },
      { status: result.status },
    );
  }
  return data<ActionData>({ intent, ok: true, ...extra }, { headers: result.headers });
}

const card = "rounded-2xl border border-slate-200 p-6";
const h2 = "text-xl font-bold";

export default function AccountRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { user, sessions, organisations, activeOrganisation, invitations, recentSignIn } = loaderData;
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const result = (intent: AccountIntent | AccountIntent[]) =>
    actionData && (Array.isArray(intent) ? intent : [intent]).includes(actionData.intent as AccountIntent)
      ? actionData
      : undefined;
  const errs = (intent: AccountIntent) => result(intent)?.fieldErrors ?? {};
  const Message = ({ intent, success }: { intent: AccountIntent | AccountIntent[]; success: string }) => {
    const r = result(intent);
    if (!r) return null;
    if (r.message) return <FormMessage>{r.message}</FormMessage>;
    return r.ok ? <FormMessage tone="success">{success}</FormMessage> : null;
  };
  const passwordField = recentSignIn ? null : (
    <Field
      label="Your password"
      name="password"
      type="password"
      autoComplete="current-password"
      hint="You signed in more than 10 minutes ago, so please confirm it's you."
    />
  );

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Your account</h1>
      <p className="mt-1 text-sm text-muted">Signed in as {user.email ?? user.phoneNumber}</p>
      {params.get("signedOutOthers") ? (
        <div className="mt-4">
          <FormMessage tone="success">You're signed out everywhere else.</FormMessage>
        </div>
      ) : null}

      <div className="mt-8 space-y-8">
        <section aria-labelledby="profile-heading" className={card}>
          <h2 id="profile-heading" className={h2}>
            Profile
          </h2>
          <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
            <input type="hidden" name="intent" value="profile" />
            <div className="sm:col-span-2">
              <Message intent="profile" success="Profile saved." />
            </div>
            <Field
              label="First name"
              name="firstName"
              defaultValue={user.firstName ?? ""}
              autoComplete="given-name"
              error={errs("profile").firstName}
            />
            <Field
              label="Last name"
              name="lastName"
              defaultValue={user.lastName ?? ""}
              autoComplete="family-name"
              error={errs("profile").lastName}
            />
            <Field
              className="sm:col-span-2"
              label="Picture (URL, optional)"
              name="avatarUrl"
              type="url"
              defaultValue={user.image ?? ""}
              error={errs("profile").avatarUrl}
            />
            <div>
              <button type="submit" disabled={busy} className={buttonClass("primary")}>
                Save profile
              </button>
            </div>
          </Form>
        </section>

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
          {result("email-start")?.ok || (result("email-current") && !result("email-current")?.ok) ? (
            <Form method="post" className="mt-4 space-y-3" noValidate>
              <input type="hidden" name="intent" value="email-current" />
              <input type="hidden" name="newEmail" value={actionData?.newEmail ?? ""} />
              <Message intent="email-current" success="" />
              <p className="text-sm">
                To check it's you, we sent a code to {user.email ?? user.phoneNumber}, the{" "}
                {user.email ? "address" : "number"} you use now.
              </p>
              <Field
                label="Code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                error={errs("email-current").code}
              />
              <button type="submit" disabled={busy} className={buttonClass("primary")}>
                Continue
              </button>
            </Form>
          ) : result("email-current")?.ok || (result("email-confirm") && !result("email-confirm")?.ok) ? (
            <Form method="post" className="mt-4 space-y-3" noValidate>
              <input type="hidden" name="intent" value="email-confirm" />
              <input type="hidden" name="newEmail" value={actionData?.newEmail ?? ""} />
              <Message intent="email-confirm" success="" />
              <p className="text-sm">We sent a code to {actionData?.newEmail}.</p>
              <Field
                label="Code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                error={errs("email-confirm").code}
              />
              <button type="submit" disabled={busy} className={buttonClass("primary")}>
                Confirm new e-mail
              </button>
            </Form>
          ) : (
            <Form method="post" className="mt-4 space-y-3" noValidate>
              <input type="hidden" name="intent" value="email-start" />
              <Message intent={["email-start", "email-confirm"]} success="Your e-mail address is changed." />
              <Field
                label="New e-mail address"
                name="newEmail"
                type="email"
                autoComplete="email"
                error={errs("email-start").newEmail}
              />
              {passwordField}
              <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                Change e-mail address
              </button>
            </Form>
          )}
        </section>

        <section aria-labelledby="password-heading" className={card}>
          <h2 id="password-heading" className={h2}>
            Password
          </h2>
          <Form method="post" className="mt-4 space-y-3" noValidate>
            <input type="hidden" name="intent" value="password" />
            <Message intent="password" success="Password changed." />
            <Field
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              error={errs("password").currentPassword}
            />
            <Field
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              error={errs("password").newPassword}
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

        <section aria-labelledby="twofa-heading" className={card}>
          <h2 id="twofa-heading" className={h2}>
            Two-step sign-in
          </h2>
          {user.twoFactorEnabled ? (
            <Form method="post" className="mt-4 space-y-3" noValidate>
              <input type="hidden" name="intent" value="2fa-disable" />
              <Message intent={["2fa-disable", "2fa-confirm"]} success="Two-step sign-in is on." />
              <p className="text-sm">On: you'll enter a code from your authenticator app when you sign in.</p>
              <Field
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                error={errs("2fa-disable").password}
              />
              <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                Turn off two-step sign-in
              </button>
            </Form>
          ) : actionData?.enrolment || (result("2fa-confirm") && !result("2fa-confirm")?.ok) ? (
            <Form method="post" className="mt-4 space-y-4" noValidate>
              <input type="hidden" name="intent" value="2fa-confirm" />
              <Message intent="2fa-confirm" success="" />
              {actionData?.enrolment ? (
                <>
                  <p className="text-sm">Scan this with your authenticator app, or type the key in by hand.</p>
                  <img
                    src={actionData.enrolment.qrCode}
                    alt="QR code for your authenticator app"
                    width={180}
                    height={180}
                    className="rounded-lg border"
                  />
                  <p className="text-sm">
                    Key:{" "}
                    <code data-testid="totp-secret" className="rounded bg-slate-100 px-2 py-1 font-mono">
                      {actionData.enrolment.secret}
                    </code>
                  </p>
                  <div>
                    <p className="text-sm font-semibold">Backup codes (each works once; keep them somewhere safe):</p>
                    <ul
                      data-testid="backup-codes"
                      className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5"
                    >
                      {actionData.enrolment.backupCodes.map((code) => (
                        <li key={code}>{code}</li>
                      ))}
                    </ul>
                  </div>
                </>
              ) : null}
              <Field
                label="Code from your app"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                error={errs("2fa-confirm").code}
              />
              <button type="submit" disabled={busy} className={buttonClass("primary")}>
                Turn on two-step sign-in
              </button>
            </Form>
          ) : (
            <Form method="post" className="mt-4 space-y-3" noValidate>
              <input type="hidden" name="intent" value="2fa-start" />
              <Message intent={["2fa-start", "2fa-disable"]} success="Two-step sign-in is off." />
              <p className="text-sm">Off. Add a code from an authenticator app to every sign-in.</p>
              <Field
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                error={errs("2fa-start").password}
              />
              <button type="submit" disabled={busy} className={buttonClass("primary")}>
                Set up two-step sign-in
              </button>
            </Form>
          )}
        </section>

        <section aria-labelledby="sessions-heading" className={card}>
          <h2 id="sessions-heading" className={h2}>
            Where you're signed in
          </h2>
          <Message intent="session-revoke" success="That device is signed out." />
          <ul className="mt-4 divide-y divide-slate-100">
            {sessions.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-4 py-3 text-sm">
                <div>
                  <p className="font-medium">
                    {describeDevice(s.userAgent)}{" "}
                    {s.current ? <span className="text-green-800">(this device)</span> : null}
                  </p>
                  <p className="text-xs text-muted">
                    Signed in {new Date(s.createdAt).toLocaleString("en-GB", { timeZone: "Europe/London" })}
                    {s.ipAddress ? ` from ${s.ipAddress}` : ""}
                  </p>
                </div>
                {s.current ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="session-revoke" />
                    <input type="hidden" name="sessionId" value={s.id} />
                    <button type="submit" className={buttonClass("ghost")}>
                      Sign out
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-2">
            <Form method="post" action="/sign-out">
              <input type="hidden" name="scope" value="others" />
              <button type="submit" className={buttonClass("secondary")}>
                Sign out all other devices
              </button>
            </Form>
            <Form method="post" action="/sign-out">
              <input type="hidden" name="scope" value="global" />
              <button type="submit" className={buttonClass("secondary")}>
                Sign out everywhere
              </button>
            </Form>
          </div>
        </section>

        <section aria-labelledby="org-heading" className={card}>
          <h2 id="org-heading" className={h2}>
            Organisations
          </h2>
          <p className="mt-1 text-sm text-muted">
            Order as a team: drafts and orders belong to the organisation you're working in.
          </p>
          <Message intent={["org-create", "org-switch", "org-leave", "invite-respond"]} success="Done." />
          {invitations.length > 0 ? (
            <div className="mt-4 rounded-xl bg-brand-soft p-4">
              <h3 className="font-semibold">Invitations for you</h3>
              <ul className="mt-2 space-y-2">
                {invitations.map((inv) => (
                  <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span>
                      Join <strong>{inv.organizationName}</strong> as {inv.role}
                    </span>
                    <Form method="post" className="flex gap-2">
                      <input type="hidden" name="intent" value="invite-respond" />
                      <input type="hidden" name="invitationId" value={inv.id} />
                      <button type="submit" name="accept" value="yes" className={buttonClass("primary")}>
                        Accept
                      </button>
                      <button type="submit" name="accept" value="no" className={buttonClass("ghost")}>
                        Decline
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="org-switch" />
            <div>
              <label htmlFor="org-switch" className="block text-sm font-medium">
                Working as
              </label>
              <select
                id="org-switch"
                name="organizationId"
                defaultValue={organisations.find((o) => o.active)?.id ?? ""}
                className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
              >
                <option value="">Just me ({user.name})</option>
                {organisations.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClass("secondary")}>
              Switch
            </button>
          </Form>
          {organisations.length >= ORGANISATION_LIMIT ? (
            <p className="mt-4 text-sm text-muted">{ORGANISATION_LIMIT_MESSAGE}</p>
          ) : (
            <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
              <input type="hidden" name="intent" value="org-create" />
              <Field label="New organisation name" name="name" error={errs("org-create").name} />
              <button type="submit" className={buttonClass("primary")}>
                Create organisation
              </button>
            </Form>
          )}
          {activeOrganisation ? (
            <div className="mt-6 border-t border-slate-100 pt-6">
              <h3 className="text-lg font-semibold">{activeOrganisation.name}</h3>
              <table className="mt-3 w-full text-left text-sm">
                <caption className="sr-only">Members of {activeOrganisation.name}</caption>
                <thead>
                  <tr className="text-muted">
                    <th scope="col" className="py-1">
                      Name
                    </th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Role</th>
                  </tr>
                </thead>
                <tbody>
                  {activeOrganisation.members.map((m) => (
                    <tr key={m.id} className="border-t border-slate-100">
                      <td className="py-2">{m.name}</td>
                      <td>{isPlaceholderEmail(m.email) ? "(phone sign-in)" : m.email}</td>
                      <td>{m.role}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {activeOrganisation.invitations.length > 0 ? (
                <ul className="mt-4 space-y-1 text-sm">
                  {activeOrganisation.invitations.map((inv) => (
                    <li key={inv.id} className="flex items-center justify-between">
                      <span>
                        Invited: {inv.email} ({inv.role})
                      </span>
                      <Form method="post">
                        <input type="hidden" name="intent" value="org-cancel-invite" />
                        <input type="hidden" name="invitationId" value={inv.id} />
                        <button type="submit" className={buttonClass("ghost")}>
                          Cancel
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              ) : null}
              {activeOrganisation.myRole !== "member" ? (
                <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
                  <input type="hidden" name="intent" value="org-invite" />
                  <div className="w-full">
                    <Message intent={["org-invite", "org-cancel-invite"]} success="Invitation sent." />
                  </div>
                  <Field label="Invite by e-mail" name="email" type="email" error={errs("org-invite").email} />
                  <div>
                    <label htmlFor="invite-role" className="block text-sm font-medium">
                      Role
                    </label>
                    <select
                      id="invite-role"
                      name="role"
                      className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
                    >
                      <option value="member">Member</option>
                      <option value="admin">Admin</option>
                    </select>
                  </div>
                  <button type="submit" className={buttonClass("primary")}>
                    Send invitation
                  </button>
                </Form>
              ) : null}
              {activeOrganisation.myRole !== "owner" ? (
                <Form method="post" className="mt-4">
                  <input type="hidden" name="intent" value="org-leave" />
                  <input type="hidden" name="organizationId" value={activeOrganisation.id} />
                  <button type="submit" className={buttonClass("ghost", "text-red-700")}>
                    Leave {activeOrganisation.name}
                  </button>
                </Form>
              ) : null}
            </div>
          ) : null}
        </section>
      </div>
    </section>
  );
}

function describeDevice(userAgent: string | null) {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Chrome\//.test(userAgent)
      ? "Chrome"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const os = /Windows/.test(userAgent)
    ? "Windows"
    : /Mac OS X/.test(userAgent)
      ? "macOS"
      : /Android/.test(userAgent)
        ? "Android"
        : /iPhone|iPad/.test(userAgent)
          ? "iOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

export function meta() {
  return [{ title: "Your account | Swag Studio" }, { name: "robots", content: "noindex" }];
}
