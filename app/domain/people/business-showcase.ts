/**
 * Decision 024 (A-24, DMCC Act 2024): testimonials and client logos are the operator's, given
 * with the business profile and each with the date its owner gave permission to show it. None is
 * invented: unset, there are none, and the pages leave them out (so, unlike the BUSINESS_* samples,
 * nothing here stops an https:// shop from starting). Server-only, like business-variables.ts.
 */
import { z } from "zod";
import { addDays } from "../core/dates";

const text = (min: number, max: number) =>
  z.string().trim().min(min, `must be at least ${min} characters`).max(max, `must be at most ${max} characters`);

const permissionDate = z.string().refine((value) => {
  try {
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
  } catch {
    return false;
  }
}, "must be the date permission was given, written YYYY-MM-DD");

const testimonialSchema = z.strictObject({
  name: text(2, 80),
  company: text(2, 120),
  /** The person's job title, shown beside the company when given. */
  role: text(2, 80).optional(),
  text: text(10, 600),
  permissionDate,
});

/**
 * A logo is a file the shop serves itself (the CSP allows images from 'self' only): put it in
 * public/ before building, and give its path, e.g. /clients/acme.svg.
 */
const clientLogoSchema = z.strictObject({
  name: text(2, 80),
  src: z
    .string()
    .regex(
      /^\/(?!.*\.\.)[\w\-./]+\.(svg|png|webp|avif|jpe?g)$/i,
      "must be the path of an image the shop serves, e.g. /clients/acme.svg",
    ),
  permissionDate,
});

export type Testimonial = z.infer<typeof testimonialSchema>;
export type ClientLogo = z.infer<typeof clientLogoSchema>;

const MAX_TESTIMONIALS = 12;
const MAX_CLIENT_LOGOS = 24;

/** "item 2, permissionDate" from a zod path inside the list. */
const where = (path: readonly PropertyKey[]) =>
  path.map((part) => (typeof part === "number" ? `item ${part + 1}` : String(part))).join(", ");

/** A JSON list in one variable; unset or blank is the empty list. */
function jsonList<Item extends z.ZodType>(item: Item, max: number, example: string) {
  const notAList = `must be a JSON list, e.g. ${example}`;
  const list = z.array(item, notAList).max(max, `must list at most ${max}`);
  return z
    .string()
    .trim()
    .default("")
    .transform((value, ctx): z.infer<Item>[] => {
      if (value === "") return [];
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: "custom", message: notAList });
        return z.NEVER;
      }
      const result = list.safeParse(parsed);
      if (result.success) return result.data;
      for (const issue of result.error.issues) {
        const at = where(issue.path);
        ctx.addIssue({ code: "custom", message: at ? `${at}: ${issue.message}` : issue.message });
      }
      return z.NEVER;
    });
}

/** The showcase part of the environment schema (env.server.ts), beside the BUSINESS_* profile. */
export const showcaseVariables = {
  BUSINESS_TESTIMONIALS: jsonList(
    testimonialSchema,
    MAX_TESTIMONIALS,
    '[{"name":"Ada Lovelace","company":"Analytical Ltd","role":"People Lead","text":"…","permissionDate":"2026-03-01"}]',
  ),
  BUSINESS_CLIENT_LOGOS: jsonList(
    clientLogoSchema,
    MAX_CLIENT_LOGOS,
    '[{"name":"Analytical Ltd","src":"/clients/analytical.svg","permissionDate":"2026-03-01"}]',
  ),
};

export type ShowcaseValues = {
  BUSINESS_TESTIMONIALS: readonly Testimonial[];
  BUSINESS_CLIENT_LOGOS: readonly ClientLogo[];
};
