/**
 * Copy of the marketing pages: /how-it-works, /compare, /customer-love, /about, /blog and the
 * five /quick-wins/* guides (SPEC.md §2 "Other pages", REQUIREMENTS.md R-MKT-01..12, B-12).
 * Facts the home page already states come from ~/content/home and policy rules from
 * ~/content/policy, so a figure changes in one place (A-23). Routes and components only render it.
 */
import { DESIGN_GUIDELINES_PATH } from "./design-guidelines";
import { RUNNING_SHORTS } from "~/catalogue/products";
import { CLAIMS } from "./claims";
import { HERO, HOW_IT_WORKS } from "./home";
import { QUICK_WINS_NAV } from "./navigation";
import { POLICY } from "./policy";

export type Paragraphs = readonly string[];
export type PageCopy = { title: string; metaDescription: string; lead: string };

/** The pitch of SPEC.md §1 in one sentence, used where a page introduces the business. */
export const WHAT_WE_DO =
  "We're a London team that sources custom branded merch straight from factories for you: we make the mock-ups, do the quality checks, then ship and deliver to your door.";

export const CALL_TO_ACTION = {
  heading: HOW_IT_WORKS.callHeading,
  body: HOW_IT_WORKS.callBody,
  bookCall: HOW_IT_WORKS.callCta,
  founderChat: HERO.founderChatCta,
  browse: HERO.browseCta,
} as const;

// ---------------------------------------------------------------------------------------------
// /how-it-works

export type HowItWorksStep = { title: string; body: string; details: Paragraphs };

function homeStep(index: number): { title: string; body: string } {
  const step = HOW_IT_WORKS.steps[index];
  if (!step) throw new Error(`The home page has no step ${index + 1}`);
  return step;
}

export const HOW_IT_WORKS_PAGE = {
  title: HOW_IT_WORKS.heading,
  metaDescription: `How ordering custom branded merch with Swag Studio works: get a quote, share your design, approve your mock-up, and we deliver in ${CLAIMS.turnaround}.`,
  lead: `${HOW_IT_WORKS.intro} ${WHAT_WE_DO}`,
  // The same four steps as the home page (R-HOME-10), each with what happens in it.
  steps: [
    {
      ...homeStep(0),
      details: [
        `Minimum orders from ${CLAIMS.moq} units, and the more you order, the less each unit costs.`,
        POLICY.customQuote,
        POLICY.quoteValidity,
      ],
    },
    {
      ...homeStep(1),
      details: [
        "Send vector artwork as .EPS, .PDF or .SVG (or a .PNG or .JPG logo); our design guidelines explain formats, colours and print areas for each product.",
        "Choose embroidery, screen print, DTF transfer, laser engraving or deboss, whichever suits your logo and the product.",
        "Design help: our designers make a mock-up of your logo on the product for you to check, or ask for a manufacturer mock-up. Repeating a previous order? You can skip the proof and quote the old order's reference.",
      ],
    },
    {
      ...homeStep(2),
      details: [
        `Nothing is made until you approve your mock-up and pay. ${POLICY.production}`,
        "We produce your order at the factory and quality-check it before it ships.",
        "We e-mail you at each stage: when your proof is ready, when you approve it, when production starts, when your order ships (with the carrier and tracking number, linked to the carrier's tracking page where it has one) and when it is delivered.",
      ],
    },
    {
      ...homeStep(3),
      details: [
        `Delivery in ${CLAIMS.turnaround} from proof approval, by product and shipping method; every product page shows an estimated delivery date before you order.`,
        "UK deliveries arrive duty paid, so the price at checkout is the price you pay.",
        "If we're 5 or more days late against the date we promised, our On-Time Delivery Guarantee applies.",
      ],
    },
  ] satisfies readonly HowItWorksStep[],
  links: [
    { to: DESIGN_GUIDELINES_PATH, label: "Design guidelines (PDF)", external: true },
    { to: "/faqs", label: "FAQs", external: false },
    { to: "/guarantee", label: "On-Time Delivery Guarantee", external: false },
  ],
} as const;

// ---------------------------------------------------------------------------------------------
// /compare

export type CompareRow = { feature: string; printOnDemand: boolean; overseas: boolean; us: boolean };

export const COMPARE_PAGE = {
  title: "Compare your options",
  metaDescription:
    "Print-on-demand, overseas sourcing or Swag Studio: twelve things that matter when you order branded merch for a team.",
  lead: `Print-on-demand, sourcing from a factory yourself, or Swag Studio: how they compare for a team order of ${CLAIMS.moq} or more.`,
  caption: "How the options compare",
  columns: { feature: "Feature", printOnDemand: "Print-on-Demand", overseas: "Overseas Sourcing", us: "Swag Studio" },
  yes: "Yes",
  no: "No",
  // R-MKT-02: exactly twelve rows. Each mark describes how that option typically works.
  rows: [
    { feature: "Fair factory prices at team volumes", printOnDemand: false, overseas: true, us: true },
    { feature: `Minimum orders from ${CLAIMS.moq} units`, printOnDemand: true, overseas: false, us: true },
    { feature: "Instant tiered prices in pounds", printOnDemand: true, overseas: false, us: true },
    { feature: "Embroidery, deboss and laser, not just print", printOnDemand: false, overseas: true, us: true },
    {
      feature: "Design help: our designers mock up your logo on the product",
      printOnDemand: true,
      overseas: false,
      us: true,
    },
    { feature: "A person checks your artwork before production", printOnDemand: false, overseas: false, us: true },
    { feature: "Quality checks before dispatch", printOnDemand: false, overseas: false, us: true },
    { feature: "No factory hunting, negotiating or chasing", printOnDemand: true, overseas: false, us: true },
    { feature: "Shipping and UK customs handled, delivered duty paid", printOnDemand: true, overseas: false, us: true },
    { feature: `Delivery in ${CLAIMS.turnaround}`, printOnDemand: true, overseas: false, us: true },
    {
      feature: "Order tracking: updates at every stage and a tracking reference",
      printOnDemand: true,
      overseas: false,
      us: true,
    },
    { feature: "On-time delivery guarantee", printOnDemand: false, overseas: false, us: true },
  ] satisfies readonly CompareRow[],
  summary: [
    `Print-on-demand is quick and has no minimums, but you pay per-item prices on every unit. We source straight from factories, which means savings of ${CLAIMS.savings} and fair prices compared with print-on-demand once you order ${CLAIMS.moq} or more.`,
    "Sourcing overseas yourself gets factory prices, but you find the factory, check the samples, arrange freight and clear customs. " +
      POLICY.shippingEstimates +
      " We do all of that for you.",
  ],
  footnote: "Print-on-demand and overseas sourcing are described as they typically work; individual providers vary.",
} as const;

// ---------------------------------------------------------------------------------------------
// /customer-love

/**
 * Decision 024 (A-24): the operator's testimonials, each quoted with permission
 * (BUSINESS_TESTIMONIALS); without any, buyers' published reviews; without those, an honest empty
 * state. The figures are the home page's, computed from orders, and left out below their sample.
 */
export const CUSTOMER_LOVE_PAGE = {
  title: "Customer love",
  metaDescription: "What teams say about ordering custom branded merch with Swag Studio.",
  lead: "What the teams who order their merch with us say, in their own words.",
  statsHeading: "In numbers",
  testimonialsHeading: "What customers say",
  reviewsNote: "From buyers' reviews of their delivered orders.",
  empty:
    "No customer stories yet. We only publish a customer's words with their permission, or a review a buyer leaves for a delivered order, so this page fills up as orders arrive.",
  rated: (rating: number) => `Rated ${rating} out of 5`,
  verifiedBuyer: "Verified buyer",
  reviewOf: (productTitle: string) => `on ${productTitle}`,
} as const;

// ---------------------------------------------------------------------------------------------
// /about

export type TeamRole = { title: string; body: string };

export const ABOUT_PAGE = {
  title: "About Swag Studio",
  metaDescription:
    "Swag Studio is a London team sourcing custom branded merch from factories for teams, start-ups and events.",
  lead: WHAT_WE_DO,
  storyHeading: "Our story",
  story: [
    "Buying branded merch for a team used to mean a choice between two bad options. Print-on-demand is easy but expensive once everyone needs one. Going to a factory yourself is cheaper, but you hunt for a supplier, chase samples, arrange freight and hope the boxes look right when they land.",
    `We started Swag Studio in London to sit in the middle. We source straight from factories, so teams pay fair prices, with savings of ${CLAIMS.savings} compared with print-on-demand. We make a mock-up of every design for you to approve, check the goods before they ship, and deliver them to your door.`,
    "Our customers are teams, start-ups, event organisers and managers, marketers and growth managers, HR teams, GTM engineers, founders and sales people: anyone who needs 50 good-looking things with a logo on, on time.",
  ],
  doHeading: "What we do",
  doList: [
    "Source from factories we work with, at factory prices.",
    "Make mock-ups of your design for you to approve before production.",
    "Quality-check every order before it leaves the factory.",
    "Ship and deliver to your door, duty paid in the UK.",
  ],
  givingHeading: "Giving back",
  /** Around the business's pledge (its profile), e.g. "5% of our profits". */
  givingIntro: (pledge: string) => `We give ${pledge} to two UK cancer charities:`,
  teamHeading: "Our team",
  teamIntro: "A small London team. You'll talk to the people below, not a call centre.",
  team: [
    { title: "Founders", body: "Run the business and read every piece of feedback. You can chat with them directly." },
    { title: "Merch experts", body: "Help you choose products, quantities and branding on a 15-minute call." },
    {
      title: "Sourcing and quality",
      body: "Work with our factories, approve production samples and check every order before it ships.",
    },
    { title: "Design and proofs", body: "Check your artwork for print and prepare the mock-ups you approve." },
  ] satisfies readonly TeamRole[],
  careersHeading: "Work with us",
  careersBody:
    "We don't have open roles listed right now. If you love good merch and want to help teams get it, tell us about yourself at",
} as const;

// ---------------------------------------------------------------------------------------------
// /blog

export const BLOG_PAGE = {
  title: "Blog",
  metaDescription: "Ideas and guides for custom branded merch from Swag Studio.",
  lead: "Ideas, guides and behind-the-scenes notes on branded merch.",
  // B-12: honest until posts exist.
  emptyHeading: "No posts yet",
  emptyBody:
    "We haven't published any posts yet. In the meantime, our quick-win guides cover the questions we hear most.",
  guidesHeading: "Quick-win guides",
} as const;

export const QUICK_WIN_PAGE = { moreHeading: "More quick wins" } as const;

// ---------------------------------------------------------------------------------------------
// /quick-wins/:slug

export type QuickWin = PageCopy & { slug: string; paragraphs: Paragraphs };

function label(slug: string): string {
  const link = QUICK_WINS_NAV.find((item) => item.to === `/quick-wins/${slug}`);
  if (!link) throw new Error(`No navigation entry for /quick-wins/${slug}`);
  return link.label;
}

export const QUICK_WINS: readonly QuickWin[] = [
  {
    slug: "ad-gift",
    title: label("ad-gift"),
    metaDescription: "Choose promotional gifts people keep using, so your logo keeps being seen.",
    lead: "The best promotional gift is one people keep using, because every use puts your logo in front of someone new.",
    paragraphs: [
      "A cap worn to the park, a diary open on a desk all year or a yoga mat carried to class is seen far more often than a leaflet. Choose something your audience will use every week, not something that ends up in a drawer.",
      "Keep the branding simple: one clean logo where it will be seen, such as front embroidery on a cap, a debossed logo on a diary cover or a printed logo at one end of a yoga mat. Our design guidelines show the print area of every product.",
      `With minimum orders from ${CLAIMS.moq} units and tiered prices in pounds, you can price a client-gift run today and scale up for the next event.`,
    ],
  },
  {
    slug: "3pl",
    title: label("3pl"),
    metaDescription: "How to get your branded merch delivered to a 3PL warehouse that stores and posts it for you.",
    lead: "Sending merch to lots of people? A third-party logistics (3PL) warehouse can store it and pick, pack and post each parcel for you.",
    paragraphs: [
      "We don't run a warehouse and don't store stock. What we do is deliver your finished order in bulk to the 3PL of your choice, quality-checked and packed by product, ready for them to send out.",
      "At checkout, enter the warehouse as the ship-to address and use the delivery notes for its booking-in reference and receiving hours. If your 3PL needs items bagged or labelled a particular way, tell us on a call before you order so we can confirm it in your quote.",
      "Good fits: welcome kits for remote new starters, conference packs posted to speakers, and a stock of merch for your team shop.",
    ],
  },
  {
    slug: "community",
    title: label("community"),
    metaDescription: "Merch your community will actually wear: run clubs, meet-ups, user groups and alumni networks.",
    lead: "Merch a community actually wears turns members into ambassadors.",
    paragraphs: [
      `Run clubs, meet-ups, user groups and alumni networks all want something that says they belong. Our custom running shorts (from ${RUNNING_SHORTS.moq} pairs, sizes XS to XXL) and embroidered caps are made for exactly that.`,
      "Ask the community first: a quick poll on colours and sizes avoids leftovers. Order once with a little headroom for new members, since tier prices fall as the quantity rises.",
      `Plan back from your date: ${POLICY.production.charAt(0).toLowerCase()}${POLICY.production.slice(1)}`,
    ],
  },
  {
    slug: "limited-editions",
    title: label("limited-editions"),
    metaDescription: "Small, limited runs of branded merch for launches, anniversaries and one-off events.",
    lead: "A small, limited run gives people a reason to want one now.",
    paragraphs: [
      `Limited editions work for launches, anniversaries and one-off events: a cap in a colour you'll never order again, or a diary for this year's cohort only. Minimum orders from ${CLAIMS.moq} units keep a limited run genuinely limited.`,
      "Make the edition visible: a custom strap tag on a cap, a custom inner label in running shorts or printed pages at the front of a diary can carry the edition's name and date.",
      "Every piece is made to order, so fix the launch date first and work back from the estimated delivery date on the product page.",
    ],
  },
  {
    slug: "order-details",
    title: label("order-details"),
    metaDescription: "Finishing touches that make branded merch feel like a gift, not a giveaway.",
    lead: "Small finishing touches make merch feel like a gift, not a giveaway.",
    paragraphs: [
      "On our caps that can be a side logo, a woven strap tag or a printed under-peak; on diaries, a foil-stamped logo or a ribbon matched to your brand colour; on yoga mats, two-tone colours or a branded carry strap.",
      "Our diaries can also come with a handwritten note: a personal touch for client gifts and new starters.",
      "Pick the details on the product page when you price your order, and you'll see them on your mock-up before anything is made.",
    ],
  },
];

export function quickWinBySlug(slug: string): QuickWin | undefined {
  return QUICK_WINS.find((page) => page.slug === slug);
}
