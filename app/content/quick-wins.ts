/**
 * Copy of /blog and the five /quick-wins/* guides (B-12).
 * Its own module, so each page loads its own copy and no other page's (the shared parts are in
 * ./marketing).
 */
import { CLAIMS } from "./claims";
import { QUICK_WINS_NAV } from "./navigation";
import { POLICY } from "./policy";
import type { Paragraphs, PageCopy } from "./marketing";

/**
 * The running shorts' minimum order, as the catalogue seeds it (app/catalogue/products.ts):
 * written out, as the claims are (./claims.ts), so that the guides do not load the catalogue;
 * content.test.ts holds it to the seed.
 */
export const SHORTS_MOQ = 50;

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
      `Run clubs, meet-ups, user groups and alumni networks all want something that says they belong. Our custom running shorts (from ${SHORTS_MOQ} pairs, sizes XS to XXL) and embroidered caps are made for exactly that.`,
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
