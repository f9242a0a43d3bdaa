// The account forms' shapes, parsed the same way by every action (STYLE.md: one schema, both sides).
import { z } from "zod";
import { EMAIL_MAX_LENGTH, isValidEmail } from "./contact-rules";
import { MEMBER_ROLES } from "./organisation-roles";

// `abort`: zod runs the checks after a failed one too, and the length must stop any pattern (decision 062).
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Use at most ${max} characters.`, abort: true });
const email = text(EMAIL_MAX_LENGTH).refine(isValidEmail, "Enter a valid e-mail address.");
const required = (message: string, max = 200) => text(max).min(1, message);

export const signInSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("password"),
    identifier: required("Enter your e-mail address or phone number."),
    password: z.string().min(1, "Enter your password.").max(200),
    redirectTo: z.string().optional(),
  }),
  z.object({
    intent: z.literal("send-code"),
    identifier: required("Enter your e-mail address or phone number."),
    redirectTo: z.string().optional(),
  }),
  z.object({
    intent: z.literal("verify-code"),
    identifier: required("Enter your e-mail address or phone number."),
    code: required("Enter the code we sent you.", 20),
    redirectTo: z.string().optional(),
  }),
]);

export const signUpSchema = z.object({
  firstName: required("Enter your first name.", 80),
  lastName: required("Enter your last name.", 80),
  identifier: required("Enter your work e-mail address or phone number."),
  password: z.string().min(1, "Choose a password.").max(200),
  redirectTo: z.string().optional(),
});

export const verifySchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("verify"),
    identifier: required("Missing e-mail or phone."),
    code: required("Enter the code we sent you.", 20),
  }),
  z.object({ intent: z.literal("resend"), identifier: required("Missing e-mail or phone.") }),
]);

export const forgotPasswordSchema = z.object({
  identifier: required("Enter your e-mail address or phone number."),
  method: z.enum(["link", "code"]).default("link"),
});

export const resetPasswordSchema = z.union([
  z.object({
    token: required("This link is incomplete.", 500),
    password: z.string().min(1, "Choose a new password.").max(200),
  }),
  z.object({
    identifier: required("Enter your e-mail address or phone number."),
    code: required("Enter the code we sent you.", 20),
    password: z.string().min(1, "Choose a new password.").max(200),
  }),
]);

export const twoFactorSchema = z.object({
  kind: z.enum(["totp", "backup"]).default("totp"),
  code: required("Enter the code from your authenticator app.", 40),
  trustDevice: z.literal("on").optional(),
  redirectTo: z.string().optional(),
});

const optionalPassword = z
  .string()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));

// /account, one schema per concern (each its own route, as epic-stack's settings); a concern with
// several steps or forms names them in `intent`.

export const profileSchema = z.object({
  firstName: required("Enter your first name.", 80),
  lastName: required("Enter your last name.", 80),
  avatarUrl: text(500)
    .refine((v) => v === "" || /^https:\/\/[^\s]+$/.test(v), "Use an https:// address for your picture.")
    .transform((v) => (v === "" ? null : v)),
});

export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(200),
  newPassword: z.string().min(1, "Choose a new password.").max(200),
  signOutOthers: z.literal("on").optional(),
});

export const emailChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("email-start"), newEmail: email, password: optionalPassword }),
  z.object({ intent: z.literal("email-current"), newEmail: email, code: required("Enter the code we sent you.", 20) }),
  z.object({ intent: z.literal("email-confirm"), newEmail: email, code: required("Enter the code we sent you.", 20) }),
]);

export const twoFactorSettingsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("2fa-start"), password: z.string().min(1, "Enter your password.").max(200) }),
  z.object({ intent: z.literal("2fa-confirm"), code: required("Enter the code from your authenticator app.", 20) }),
  z.object({ intent: z.literal("2fa-disable"), password: z.string().min(1, "Enter your password.").max(200) }),
]);

export const sessionRevokeSchema = z.object({ sessionId: required("Missing session.", 100) });

export const organisationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("org-create"), name: required("Name your organisation.", 80) }),
  z.object({
    intent: z.literal("org-switch"),
    organizationId: z
      .string()
      .max(100)
      .transform((v) => (v === "" ? null : v)),
  }),
  z.object({ intent: z.literal("org-invite"), email, role: z.enum(MEMBER_ROLES).default("member") }),
  z.object({
    intent: z.literal("org-member-role"),
    memberId: required("Missing member.", 100),
    role: z.enum(MEMBER_ROLES, { message: "Choose a role." }),
  }),
  z.object({ intent: z.literal("org-cancel-invite"), invitationId: required("Missing invitation.", 100) }),
  z.object({ intent: z.literal("org-leave"), organizationId: required("Missing organisation.", 100) }),
  z.object({
    intent: z.literal("invite-respond"),
    invitationId: required("Missing invitation.", 100),
    accept: z.enum(["yes", "no"]),
  }),
]);
