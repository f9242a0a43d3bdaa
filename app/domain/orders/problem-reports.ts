/**
 * "Report a problem" on a delivered order (docs/decisions/043-problem-reports.md):
 * the buyer says which lines are wrong and what is wrong, within POLICY_NUMBERS.qualityDisputeDays
 * (14) calendar days of delivery, the window the policy gives quality disputes and transit damage,
 * and may add a few photos. Pure: the clock and the order are passed in.
 */
import { POLICY_NUMBERS } from "~/domain/core/policy-numbers";
import { addDays, type IsoDate } from "../core/dates";
import { calendarDaysAfter } from "../fulfilment/guarantee";
import type { OrderStatus } from "../fulfilment/orders";
import { proofKind } from "../artwork/proof-rules";

/** Days after delivery a problem may be reported (POLICY.qualityDisputes, POLICY.transitDamage). */
export const PROBLEM_REPORT_DAYS = POLICY_NUMBERS.qualityDisputeDays;

export const PROBLEM_LIMITS = {
  /** What is wrong, in the buyer's words. */
  descriptionMin: 10,
  descriptionMax: 2000,
  /** Photos on one report, each at most photoBytes. */
  photos: 4,
  photoBytes: 10 * 1024 * 1024,
} as const;

/** Reports one user may send in an hour: enough to retry a refusal, too few to flood staff. */
export const PROBLEM_REPORT_LIMIT = { hits: 10, windowSeconds: 3600 } as const;
/** Photo posts one user may make in an hour, refused or not: a report's 4 several times over. */
export const PROBLEM_PHOTO_LIMIT = { hits: 20, windowSeconds: 3600 } as const;

/** Photos a phone or camera makes; stored as they came and only ever served to staff as downloads. */
export const PROBLEM_PHOTO_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";
export type PhotoKind = "jpeg" | "png";
export const PHOTO_CONTENT_TYPES: Readonly<Record<PhotoKind, string>> = { jpeg: "image/jpeg", png: "image/png" };

export const PROBLEM_MESSAGES = {
  notFound: "Order not found.",
  notDelivered: "You can report a problem once your order is delivered.",
  windowClosed: `Problems can be reported within ${PROBLEM_REPORT_DAYS} days of delivery. Please e-mail us about this order.`,
  alreadyOpen: "You have already reported a problem with this order; our team is looking at it.",
  noOpenReport: "This order has no open problem report to add photos to.",
  chooseLines: "Choose the items that have the problem.",
  unknownLine: "Choose items from this order.",
  describe: `Tell us what is wrong in at least ${PROBLEM_LIMITS.descriptionMin} characters.`,
  tooLong: `Keep your description under ${PROBLEM_LIMITS.descriptionMax.toLocaleString("en-GB")} characters.`,
  tooMany: "You've sent several problem reports in a short time. Please wait a while.",
  reported: "Thank you: your report is with our team. We'll e-mail you within 2 working days.",
  photoType: "Photos must be JPEG or PNG images.",
  photoTooLarge: `Each photo must be ${PROBLEM_LIMITS.photoBytes / 1024 / 1024} MB or smaller.`,
  photoCount: `A report can carry up to ${PROBLEM_LIMITS.photos} photos.`,
  photoEmpty: "That photo is empty.",
  photoName: "Choose a photo to add.",
  photoTooOften: "You've sent several photos in a short time. Please wait a while.",
  resolved: "This report is already resolved.",
  reportNotFound: "Problem report not found.",
} as const;

export type ProblemWindow = { open: true; reportBy: IsoDate } | { open: false; reason: "not_delivered" | "closed" };

/** Whether a problem may be reported `today`: delivered, and no later than the 14th day after. */
export function problemWindow(input: {
  status: OrderStatus;
  deliveredOn: IsoDate | null;
  today: IsoDate;
}): ProblemWindow {
  if (input.status !== "delivered" || !input.deliveredOn) return { open: false, reason: "not_delivered" };
  const reportBy = addDays(input.deliveredOn, PROBLEM_REPORT_DAYS);
  if (calendarDaysAfter(reportBy, input.today) > 0) return { open: false, reason: "closed" };
  return { open: true, reportBy };
}

export type ProblemForm = { lines: number[]; description: string };
/** The form field of a line's checkbox, `line-<position>`, as the form names it. */
export const isProblemLineField = (name: string) => /^line-\d{1,3}$/.test(name);

export type ProblemFormResult =
  | { ok: true; value: ProblemForm }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * The report form: a checkbox `line-<position>` per affected line (a form keeps only one value per
 * name) and a description. Lengths are checked on the raw text before anything else reads it.
 */
export function parseProblemForm(fields: Record<string, string>, positions: readonly number[]): ProblemFormResult {
  const refuse = (field: string, message: string): ProblemFormResult => ({
    ok: false,
    message,
    fieldErrors: { [field]: message },
  });
  const raw = fields.description ?? "";
  if (raw.length > PROBLEM_LIMITS.descriptionMax * 2) return refuse("description", PROBLEM_MESSAGES.tooLong);
  const description = raw.trim();
  const chosen = Object.keys(fields)
    .filter((name) => isProblemLineField(name) && fields[name] !== "")
    .map((name) => Number(name.slice(5)));
  if (chosen.length === 0) return refuse("lines", PROBLEM_MESSAGES.chooseLines);
  if (chosen.some((position) => !positions.includes(position))) return refuse("lines", PROBLEM_MESSAGES.unknownLine);
  if (description.length < PROBLEM_LIMITS.descriptionMin) return refuse("description", PROBLEM_MESSAGES.describe);
  if (description.length > PROBLEM_LIMITS.descriptionMax) return refuse("description", PROBLEM_MESSAGES.tooLong);
  return { ok: true, value: { lines: [...new Set(chosen)].sort((a, b) => a - b), description } };
}

/** A photo's kind from its name, or null when it is not one we take. */
export function photoKind(name: string): PhotoKind | null {
  const extension = /\.([a-z]{3,4})$/i.exec(name)?.[1]?.toLowerCase();
  if (extension === "jpg" || extension === "jpeg") return "jpeg";
  if (extension === "png") return "png";
  return null;
}

/** Whether a photo's first bytes are the format its name says (the signature only: nothing is decoded). */
export function photoContentMatches(kind: PhotoKind, head: Uint8Array): boolean {
  return proofKind(head) === kind;
}
