/**
 * The account page's organisations: invitations to answer, the organisation worked in, its members,
 * roles and invitations.
 */
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/form";
import { isPlaceholderEmail, ORGANISATION_LIMIT, ORGANISATION_LIMIT_MESSAGE } from "~/domain/people/auth-rules";
import {
  describeRole,
  MEMBER_ROLE_LABELS,
  MEMBER_ROLES,
  type MemberRole,
  mayChangeRole,
  mayManageMembers,
} from "~/domain/people/organisation-roles";
import { type AccountReply, card, h2, ReplyMessage, replyFor } from "./section";

export type OrganisationChoice = { id: string; name: string; active: boolean };
export type ActiveOrganisation = {
  id: string;
  name: string;
  myRole: string;
  members: { id: string; name: string; email: string; role: string; isSelf: boolean }[];
  invitations: { id: string; email: string; role: string }[];
};
export type InvitationForMe = { id: string; organizationName: string; role: string };

/** Order as a team (R-AUTH-05): invitations for you, the organisation you work in, its members and invitations. */
export function OrganisationSection({
  userName,
  organisations,
  activeOrganisation,
  invitations,
  reply,
}: {
  userName: string;
  organisations: OrganisationChoice[];
  activeOrganisation: ActiveOrganisation | null;
  invitations: InvitationForMe[];
  reply?: AccountReply;
}) {
  return (
    <section aria-labelledby="org-heading" className={card}>
      <h2 id="org-heading" className={h2}>
        Organisations
      </h2>
      <p className="mt-1 text-sm text-muted">
        Order as a team: drafts and orders belong to the organisation you're working in.
      </p>
      <ReplyMessage
        reply={replyFor(reply, "org-create", "org-switch", "org-leave", "invite-respond")}
        success="Done."
      />
      {invitations.length > 0 ? (
        <div className="mt-4 rounded-xl bg-brand-soft p-4">
          <h3 className="font-semibold">Invitations for you</h3>
          <ul className="mt-2 space-y-2">
            {invitations.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  Join <strong>{inv.organizationName}</strong> as {inv.role}
                </span>
                <Form method="post" action="/account/organisation" className="flex gap-2">
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
      <Form method="post" action="/account/organisation" className="mt-4 flex flex-wrap items-end gap-3">
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
            <option value="">Just me ({userName})</option>
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
        <Form method="post" action="/account/organisation" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
          <input type="hidden" name="intent" value="org-create" />
          <Field
            label="New organisation name"
            name="name"
            error={replyFor(reply, "org-create")?.error?.fieldErrors?.name}
          />
          <button type="submit" className={buttonClass("primary")}>
            Create organisation
          </button>
        </Form>
      )}
      {activeOrganisation ? <ActiveOrganisationPanel organisation={activeOrganisation} reply={reply} /> : null}
    </section>
  );
}

const roleSelect = "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

/** A role the select can start on: the member's own when it is one of the choices. */
const choiceOf = (role: string): MemberRole => MEMBER_ROLES.find((choice) => choice === role) ?? "member";

function ActiveOrganisationPanel({ organisation, reply }: { organisation: ActiveOrganisation; reply?: AccountReply }) {
  const manages = mayManageMembers(organisation.myRole);
  return (
    <div className="mt-6 border-t border-slate-100 pt-6">
      <h3 className="text-lg font-semibold">{organisation.name}</h3>
      <ReplyMessage reply={replyFor(reply, "org-member-role")} success="Role changed." />
      <h4 className="mt-3 text-sm font-medium text-muted">Members</h4>
      <ul aria-label={`Members of ${organisation.name}`} className="mt-1 divide-y divide-slate-100 text-sm">
        {organisation.members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="font-medium">{m.name}</p>
              <p className="break-all text-muted">{isPlaceholderEmail(m.email) ? "(phone sign-in)" : m.email}</p>
            </div>
            {mayChangeRole(organisation.myRole, m) ? (
              <Form method="post" action="/account/organisation" className="flex items-center gap-2">
                <input type="hidden" name="intent" value="org-member-role" />
                <input type="hidden" name="memberId" value={m.id} />
                <select
                  name="role"
                  aria-label={`Role of ${m.name}`}
                  defaultValue={choiceOf(m.role)}
                  key={m.role}
                  className={roleSelect}
                >
                  {MEMBER_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {describeRole(role)}
                    </option>
                  ))}
                </select>
                <button type="submit" className={buttonClass("secondary")}>
                  Change
                </button>
              </Form>
            ) : (
              <span>{describeRole(m.role)}</span>
            )}
          </li>
        ))}
      </ul>
      {organisation.invitations.length > 0 ? (
        <ul className="mt-4 space-y-1 text-sm">
          {organisation.invitations.map((inv) => (
            <li key={inv.id} className="flex items-center justify-between">
              <span>
                Invited: {inv.email} ({inv.role})
              </span>
              <Form method="post" action="/account/organisation">
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
      {manages ? (
        <Form method="post" action="/account/organisation" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
          <input type="hidden" name="intent" value="org-invite" />
          <div className="w-full">
            <ReplyMessage reply={replyFor(reply, "org-invite", "org-cancel-invite")} success="Invitation sent." />
          </div>
          <Field
            label="Invite by e-mail"
            name="email"
            type="email"
            error={replyFor(reply, "org-invite")?.error?.fieldErrors?.email}
          />
          <div>
            <label htmlFor="invite-role" className="block text-sm font-medium">
              Role
            </label>
            <select id="invite-role" name="role" className={`mt-1 ${roleSelect}`}>
              {MEMBER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {MEMBER_ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass("primary")}>
            Send invitation
          </button>
        </Form>
      ) : null}
      {organisation.myRole !== "owner" ? (
        <Form method="post" action="/account/organisation" className="mt-4">
          <input type="hidden" name="intent" value="org-leave" />
          <input type="hidden" name="organizationId" value={organisation.id} />
          <button type="submit" className={buttonClass("ghost", "text-red-700")}>
            Leave {organisation.name}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
