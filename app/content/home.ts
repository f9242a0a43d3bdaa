/**
 * Copy of the home page (SPEC.md §2 "Home"). The savings, minimum-order and turnaround figures
 * come from ./claims (decision 024, A-23), the one place they are written, so every page agrees.
 * Components only render it.
 */
import type { MetricId } from "~/domain/people/shop-metrics";
import { CALL_TO_ACTION } from "./call-to-action";
import { CLAIMS } from "./claims";

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A list with at least one entry, so the first item can always be rendered on the server. */
export type NonEmpty<T> = readonly [T, ...T[]];

export type Claim = { title: string; detail: string };
export type ProblemFix = { problem: string; problemDetail: string; fix: string };
export type Persona = { slug: string; name: string; audiences: string; benefits: NonEmpty<string> };
export type Step = { title: string; body: string };

export const HOME_META = {
  title: "Swag Studio | Custom branded merch for teams, from London",
  description: `Custom branded caps, running shorts, diaries and yoga mats for teams, start-ups and events. Minimum orders from ${CLAIMS.moq} units, delivery in ${CLAIMS.turnaround} and tiered prices in pounds.`,
} as const;

/** Read after the name of every link that opens in a new tab. */

/** R-TIME-09..11: how often each hero word slot changes. */
export const HERO_ROTATION_MS = { product: 5000, audience: 3500, painPoint: 2800 } as const;

export const HERO = {
  eyebrow: "Factory-direct custom merch, from London",
  // The words rotate visually; screen readers get this one stable sentence instead of a tick every few seconds.
  accessibleHeading:
    "Custom branded merch for teams, start-ups, event organisers, marketers, HR teams, GTM engineers, founders and sales people, without high minimums or print-on-demand prices",
  lead: "Custom",
  // Only what the catalogue really sells (SPEC.md §1), plus the catch-all.
  productWords: ["caps", "running shorts", "diaries", "yoga mats", "merch"],
  audienceLead: "for",
  // R-HOME-07: the audiences SPEC.md §1 names.
  audienceWords: [
    "teams",
    "start-ups",
    "event organisers",
    "event managers",
    "marketers",
    "growth managers",
    "HR teams",
    "GTM engineers",
    "founders",
    "sales people",
  ],
  painPoints: [
    "without sky-high minimums",
    "without print-on-demand prices",
    "without the overseas sourcing hassle",
    "without waiting days for a quote",
    "without guessing how it will look",
  ],
  pauseLabel: "Pause rotating words",
  intro:
    "We're a London team that sources your merch straight from factories: we make the mock-ups, do the quality checks, then ship and deliver to your door.",
  browseCta: CALL_TO_ACTION.browse,
  founderChatCta: CALL_TO_ACTION.founderChat,
  bookCallCta: CALL_TO_ACTION.bookCall,
  claims: [
    { title: `MOQ from ${CLAIMS.moq} units`, detail: "Order for a team, not a warehouse." },
    { title: `Delivery in ${CLAIMS.turnaround}`, detail: "Sourced, checked, shipped and delivered." },
    { title: "Quotes in about 10 minutes", detail: "Instant tiered prices on every product." },
    { title: `${capitalise(CLAIMS.savings)} savings`, detail: "Fair prices compared with print-on-demand." },
  ] satisfies readonly Claim[],
} as const;

/**
 * R-HOME-02 with A-24: the logos are the operator's, each shown with the client's permission
 * (BUSINESS_CLIENT_LOGOS, app/domain/people/business-showcase.ts); with none configured the strip is left out.
 */
export const CLIENTS = {
  heading: "Merch for teams big and small",
  listLabel: "Client logos",
  pauseLabel: "Pause logo animation",
} as const;

export const CATEGORY_SECTION = {
  heading: "Browse by category",
  intro: "Everything can carry your logo. Pick a category to see prices, minimums and lead times.",
  cardAction: "Shop now",
} as const;

export const BUT_WHY = {
  heading: "But why?",
  intro: "Buying branded merch shouldn't be this hard. Here's what usually gets in the way, and how we fix it.",
  problemLabel: "The problem",
  fixLabel: "How we fix it",
  pairs: [
    {
      problem: "Print-on-demand is pricey",
      problemDetail: "Paying per-item print-on-demand prices adds up fast once the whole team needs one.",
      fix: `We source straight from factories: savings of ${CLAIMS.savings} and fair prices compared with print-on-demand.`,
    },
    {
      problem: "Overseas sourcing is slow and risky",
      problemDetail: "Finding a factory, checking its work and arranging shipping yourself takes time and trust.",
      fix: `We source from factories for you, do the quality checks, then ship and deliver, with delivery in ${CLAIMS.turnaround}.`,
    },
    {
      problem: "Minimums are too high",
      problemDetail: "Big minimum orders mean paying for merch nobody will wear.",
      fix: `Minimum order quantities start from ${CLAIMS.moq} units.`,
    },
    {
      problem: "No proof before production",
      problemDetail: "You only find out how your logo looks once the boxes arrive.",
      fix: "We make a mock-up of your design for you to check and approve before production starts.",
    },
    {
      problem: "Quotes take days",
      problemDetail: "Emailing back and forth just to learn what 100 caps cost.",
      fix: "Every product shows tiered prices by quantity, and quotes take about 10 minutes.",
    },
  ] satisfies readonly ProblemFix[],
} as const;

export const PERSONA_SECTION = {
  heading: "Who we help",
  intro: "Pick the team you're on to see what's in it for you.",
  personas: [
    {
      slug: "teams-hr",
      name: "Teams & HR",
      audiences: "For teams and HR teams",
      benefits: [
        `Minimum orders from ${CLAIMS.moq} units, so one team's welcome kit is worth doing.`,
        "Tiered prices in pounds, so you know the cost per person before you order.",
        `Delivery in ${CLAIMS.turnaround}, in time for onboarding or an away day.`,
      ],
    },
    {
      slug: "startups-founders",
      name: "Start-ups & founders",
      audiences: "For start-ups and founders",
      benefits: [
        `Savings of ${CLAIMS.savings}, with fair prices compared with print-on-demand.`,
        `Start from ${CLAIMS.moq} units instead of filling a storeroom.`,
        "Chat with our founders directly, founder to founder.",
      ],
    },
    {
      slug: "events",
      name: "Event organisers & managers",
      audiences: "For event organisers and event managers",
      benefits: [
        "A realistic delivery date on every product page before you order.",
        `Delivery in ${CLAIMS.turnaround}, shipped and delivered to you.`,
        "Quotes in about 10 minutes, so you can plan the budget today.",
      ],
    },
    {
      slug: "marketing-growth",
      name: "Marketers & growth",
      audiences: "For marketers and growth managers",
      benefits: [
        "Embroidery, screen print, DTF, laser or deboss: the branding method that suits your logo.",
        "A mock-up of your design to approve before production starts.",
        "Quality checks before anything ships, so your brand arrives looking right.",
      ],
    },
    {
      slug: "gtm-sales",
      name: "GTM engineers & sales",
      audiences: "For GTM engineers and sales people",
      benefits: [
        "Instant tiered prices in pounds on every product.",
        "Keep a shopping list of products and quantities to build a quote.",
        "Book a 15-minute call with a merch expert when a deal needs something special.",
      ],
    },
  ] satisfies NonEmpty<Persona>,
} as const;

/**
 * R-HOME-08 as decision 024 supersedes it: figures computed from the shop's own orders and reviews
 * (app/domain/people/shop-metrics.ts), each left out below its minimum sample; with none, no section.
 */
export const METRICS = {
  heading: "Merch by the numbers",
  labels: { happyTeams: "happy teams", rating: "rating", onTime: "on-time" } satisfies Record<MetricId, string>,
} as const;

/** R-HOME-09 with decision 024: ranked by paid orders, or the Hot products labelled "Featured" before any. */
export const PICKS = {
  mostLoved: {
    heading: "Our most-loved picks",
    intro: `The products teams order most, each with tiered prices from a ${CLAIMS.moq}-unit minimum.`,
  },
  featured: {
    heading: "Featured",
    intro: `A few products to start with, each with tiered prices from a ${CLAIMS.moq}-unit minimum.`,
  },
  viewAll: "View all products",
} as const;

export const HOW_IT_WORKS = {
  heading: "How it works",
  intro: "Four steps from idea to boxes at your door.",
  // R-HOME-10: quote, share design, watch order, sit back.
  steps: [
    {
      title: "Get a quote",
      body: "Pick a product and a quantity to see tiered prices in pounds straight away; a full quote takes about 10 minutes.",
    },
    {
      title: "Share your design",
      body: "Upload your artwork as .EPS, .PDF, .SVG, .PNG or .JPG, choose a branding method and tell us where it should go.",
    },
    {
      title: "Watch your order",
      body: "Approve your mock-up, then we produce your order at the factory and quality-check it before it ships.",
    },
    {
      title: "Sit back",
      body: `We ship and deliver to your door, with delivery in ${CLAIMS.turnaround}.`,
    },
  ] satisfies readonly Step[],
  callHeading: CALL_TO_ACTION.heading,
  callBody: CALL_TO_ACTION.body,
  callCta: CALL_TO_ACTION.bookCall,
  moreLink: "More about how it works",
} as const;
