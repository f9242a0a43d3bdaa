/**
 * The four policy pages (SPEC.md §2 "Other pages", REQUIREMENTS.md R-MKT-05, B-23). Business rules
 * come from ~/content/policy so these pages, the FAQs and the checkout never disagree.
 * This is our plain-English draft for the owner and counsel to review before launch.
 */
import type { PublicBusiness } from "~/domain/people/business-profile";
import { POLICY } from "./policy";

/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { list: readonly string[] };
export type LegalSection = { id: string; heading: string; body: readonly LegalBlock[] };
export type LegalDocument = {
  path: string;
  title: string;
  metaDescription: string;
  updated: string;
  /** The words, which name the business and its contact points (its profile). */
  text: (business: PublicBusiness) => { intro: string; sections: readonly LegalSection[] };
};

const UPDATED = "20 November 2026";

/** The words around every policy page. */
export const LEGAL_PAGE = { updatedLabel: "Last updated:", tocLabel: "On this page" } as const;

export const TERMS: LegalDocument = {
  path: "/terms",
  title: "Terms of Service",
  metaDescription: "The terms for ordering custom branded merchandise from Swag Studio.",
  updated: UPDATED,
  text: (business) => ({
    intro: `These terms apply when you use this website or order from ${business.legalName} (company number ${business.companyNumber}, registered office ${business.registeredOffice.join(", ")}) ("we", "us"). Please read them with our On-Time Delivery Guarantee and Privacy Policy.`,
    sections: [
      {
        id: "who-can-order",
        heading: "Who can order",
        body: [
          `We sell custom branded merchandise to businesses and organisations. By ordering you confirm that you are acting for a business, not as a consumer. ${POLICY.minimumAge}`,
          "If you create an account you are responsible for keeping your sign-in details safe and for orders placed with them.",
        ],
      },
      {
        id: "quotes-and-prices",
        heading: "Quotes and prices",
        body: [
          "Prices are in pounds sterling and depend on the quantity you order: the price for your quantity's band applies to every unit in the order.",
          POLICY.vat,
          POLICY.quoteValidity,
          POLICY.instantQuote,
          POLICY.customQuote,
          POLICY.firstOrder,
        ],
      },
      {
        id: "orders-and-proofs",
        heading: "Orders, proofs and production",
        body: [
          "Your order is confirmed when you have approved the proof of your design and we have received your payment. Before then you can change anything.",
          "You choose how you see your design before production: a mock-up made by our designers, a manufacturer mock-up, or, for a repeat of an earlier order, no proof with a reference to that order. Please check spelling, colours, size and placement on your proof: we produce what you approve.",
          POLICY.production,
          POLICY.leadTimeStart,
          "Colours on screen and on proofs are a guide. Embroidery threads and print inks are matched as closely as the method allows; small variations between the proof and the finished goods are normal and are not a defect.",
        ],
      },
      {
        id: "artwork",
        heading: "Your artwork",
        body: [
          "You confirm that you own, or have permission to use, every logo, image and text you send us, and that it does not infringe anyone else's rights. You keep all rights in your artwork; you give us permission to use it only to make your order.",
          POLICY.notSupplied,
          "We may refuse artwork that is unlawful, offensive or that we cannot produce to a good standard, and we will tell you why.",
        ],
      },
      {
        id: "payment",
        heading: "Payment",
        body: [
          POLICY.paymentMethods,
          "Card and wallet payments are processed by our payment provider; we never see or store your full card number. Bank transfer orders are confirmed when the funds arrive.",
        ],
      },
      {
        id: "delivery",
        heading: "Delivery, customs and risk",
        body: [
          POLICY.shippingEstimates,
          POLICY.catalogueShipping,
          POLICY.shippingRates,
          POLICY.ukImportCharges,
          POLICY.ukDutyPaid,
          POLICY.nonUkImport,
          "Delivery dates shown before you approve your proof are estimates. When you approve your proof we give you a promised delivery date, which our On-Time Delivery Guarantee covers.",
          "Risk in the goods passes to you on delivery, and ownership passes when we have been paid in full.",
        ],
      },
      {
        id: "cancellation",
        heading: "Cancellation",
        body: [POLICY.salesFinal, POLICY.remediesUnaffected],
      },
      {
        id: "problems",
        heading: "Quality, defects and damage",
        body: [
          {
            list: [POLICY.qualityDisputes, POLICY.defects, POLICY.transitDamage],
          },
          `${POLICY.remedies} To report a problem, e-mail ${business.supportEmail} with your order reference and photos.`,
        ],
      },
      {
        id: "samples",
        heading: "Samples",
        body: [POLICY.noBlankSamples],
      },
      {
        id: "liability",
        heading: "Our liability",
        body: [
          "Our total liability for an order is limited to the price paid for that order. We are not liable for lost profits, lost business or indirect losses.",
          "Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else the law does not allow us to limit.",
        ],
      },
      {
        id: "law",
        heading: "Law",
        body: [
          "These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction.",
          `Questions about these terms: ${business.supportEmail}.`,
        ],
      },
    ],
  }),
};

export const GUARANTEE: LegalDocument = {
  path: "/guarantee",
  title: "On-Time Delivery Guarantee",
  metaDescription: "Swag Studio's On-Time Delivery Guarantee: what we promise and how to claim if we're late.",
  updated: UPDATED,
  text: (business) => ({
    intro:
      "Merch that arrives after the event is no use to anyone. When you approve your proof we promise a delivery date, and we stand behind it.",
    sections: [
      {
        id: "promise",
        heading: "What we promise",
        body: [
          "Before you order, every product page and your cart show an estimated delivery date. When you approve your proof and your payment clears, we confirm a promised delivery date for your order.",
          POLICY.production,
        ],
      },
      {
        id: "remedy",
        heading: "If we're late",
        body: [POLICY.lateDelivery, `The remedy: ${business.lateDeliveryRemedy}`],
      },
      {
        id: "how-to-claim",
        heading: "How to claim",
        body: [
          `Within 7 days of receiving your order, open it under Orders and choose "Claim the On-time Guarantee" (the button shows while a claim is open to you), or e-mail ${business.supportEmail} with your order reference and the date it arrived. We reply within 2 working days and pay accepted claims within 14 days; where the remedy is a credit, you get a credit note you can download from the order.`,
        ],
      },
      {
        id: "exclusions",
        heading: "When the guarantee doesn't apply",
        body: [
          {
            list: [
              "Delays caused by changes you ask for after approving the proof, or by late answers to our questions about your artwork.",
              "A delivery address that is wrong or incomplete, or nobody available to receive the delivery.",
              "Customs holds outside the UK, and events beyond anyone's reasonable control such as strikes, extreme weather or port closures.",
            ],
          },
        ],
      },
      {
        id: "other-rights",
        heading: "Your other rights",
        body: [
          "The guarantee is in addition to your rights for goods that are defective or damaged in transit.",
          POLICY.qualityDisputes,
          POLICY.defects,
          POLICY.transitDamage,
        ],
      },
    ],
  }),
};

/**
 * Decision 024: the Privacy and Cookie Policies say what the code stores, where and for how
 * long. The periods are the operator's (business profile, BUSINESS_RETENTION_*), and the hourly
 * purge (app/server/edge/retention-purges.server.ts) deletes what is past them, as the policy says.
 */
export const PRIVACY: LegalDocument = {
  path: "/privacy",
  title: "Privacy Policy",
  metaDescription: "What personal data Swag Studio collects, why, who processes it and how long it is kept.",
  updated: UPDATED,
  text: (business) => ({
    intro: `${business.legalName}, ${business.registeredOffice.join(", ")}, is the controller of the personal data described here. We collect only what we need to quote, make and deliver your order and to answer you. Contact us about your data at ${business.supportEmail}.`,
    sections: [
      {
        id: "what-we-collect",
        heading: "What we collect and why",
        body: [
          "Everything below is stored in our own database on our servers, apart from files you upload, which are kept in our own file storage there.",
          {
            list: [
              "Contact form: your name, work e-mail, phone, company, deadline, what you need and your notes, to answer your enquiry (our legitimate interest in replying to you).",
              "Account: your name and e-mail address, your phone number if you add one, and your organisation if you use one, to sign you in (to provide our service). For each signed-in session we keep the IP address and browser it was started from, so your account page can show your sessions and you can sign any of them out.",
              "Favourites, shopping list and cart: kept on our server with your account while you're signed in, so they follow you to any device. Checkout drafts keep the choices and details you enter and the artwork you upload, so you can come back to them.",
              "Orders: contact and billing details, delivery address and phone, VAT number and PO reference, your artwork, proofs and your answers to them, and your order choices, to make, deliver and invoice your order (contract, and legal obligation for tax records).",
              "Proof approvals: who answered each proof and how (from your account, an approver's account, or a share link). A colleague who answers through a share link gives us their name and e-mail address, which we keep with the answer and show on the order; a share link itself is kept as a fingerprint that cannot be turned back into the link.",
              "Planning and claims: the date you need an order by, if you give one, to plan its proof and delivery; an On-time Guarantee claim with your note and our decision with its reason.",
              "Brand kit: the logos, colours and placement notes your organisation (or you) keeps to reuse in new orders, until you remove them.",
              "Reviews: the stars and words you give a delivered product, with the order line they are about, to show other buyers (your choice to write one). We publish the rating, the words and the date, never your name or company; if we hide a review we keep it with who hid it, when and why.",
              "Quotes, product requests and cart feedback: your name, e-mail, company, the products and notes you send us, and your feedback with the page it was sent from, to answer you and improve the shop.",
              "SMS updates: your phone number, the exact consent wording you agreed to, when you agreed and the page you signed up on, when your phone confirmed it, and when you opted out, to send monthly product updates (your consent). To withdraw it, reply STOP to any of our texts, open the unsubscribe link in them, or e-mail us.",
              "Page views: the address of each page viewed on this site (path and query string) and the time. No cookie, IP address, device details or referrer is stored with it, so it cannot identify you; we use it to see which pages are useful.",
              "Abuse counters: to protect sign-in and our forms from abuse, our server counts requests per IP address, per account, or per phone number signed up for our texts, in short windows of up to a day; a counter holds only the address, account or phone number and a number.",
            ],
          },
        ],
      },
      {
        id: "recent-orders",
        heading: "Recent orders shown on the site",
        body: [
          "The site may show a short note about a real order paid in the last 14 days, with only the region it was delivered to and the product (for example, \"A team in the North West ordered Custom Embroidered Cap\"). It never shows a name, company or any other detail. E-mail us if you'd rather your order wasn't included.",
        ],
      },
      {
        // PECR: consent by double opt-in (docs/decisions/034-sms-double-opt-in.md), as sms-signups.server.ts does it.
        id: "text-messages",
        heading: "Text messages",
        body: [
          {
            list: [
              `Who texts you: ${business.legalName}, the business behind this shop, always from the same number; our SMS provider delivers the texts and passes your replies to us.`,
              "Consent by double opt-in: when a number is entered in our SMS sign-up, we send it one text asking you to reply YES or open the link in it (the link works once, for 48 hours). Nothing else is sent to that number until you do. If you don't, we don't text it again unless it is signed up again, and never more than 3 sign-up texts a day.",
              "What we send and how often: once you've confirmed, one text to welcome you and say how to leave, then our product updates (new products, seasonal ideas and the occasional offer) about once a month. We never send more than a set number of texts a day across all our customers.",
              "Opting out: reply STOP to any of our texts, or open the unsubscribe link in them, at any time. We send nothing more after that, and signing the number up again on our website doesn't change it.",
              "Rejoining: text START to the number our texts come from. Only a START from your phone puts a number that said STOP back on our list.",
            ],
          },
        ],
      },
      {
        id: "processors",
        heading: "Who processes your data for us",
        body: [
          {
            list: [
              "Our hosting provider, which runs the servers and the database this site uses.",
              "Our payment provider, Stripe, which processes card and wallet payments; we never receive your full card number.",
              "Our e-mail delivery provider, which sends order e-mails and sign-in codes.",
              "Our SMS provider, which sends our text messages (sign-in codes and SMS updates) and passes us the replies to them.",
              "Our sign-in system runs on our own servers, and the contact form and page-view counter are our own: no third-party form service or analytics company receives your data.",
              "Our factories and couriers receive the details needed to make and deliver your order, such as your artwork and delivery address.",
            ],
          },
          "We don't sell personal data, and we don't use it for advertising profiles.",
        ],
      },
      {
        id: "retention",
        heading: "How long we keep it",
        body: [
          POLICY.retention,
          {
            list: [
              `Checkout drafts that are never paid, with the artwork uploaded to them: ${days(business.retention.unpaidDraftDays)} after their last change.`,
              `Page views: ${days(business.retention.pageViewDays)}.`,
              `Abuse counters: ${days(business.retention.rateLimitDays)} after their window ends.`,
              `E-mails and text messages we send, kept in our outbox (with any file attached only until it is sent): ${days(business.retention.outboxDays)}.`,
              `SMS sign-ups: while you're signed up, and ${days(business.retention.smsDays)} after you opt out; a sign-up never confirmed, ${days(business.retention.smsDays)} after its confirmation text lapses.`,
              `Photos you send with a problem report: ${days(business.retention.problemPhotoDays)} after the report is resolved; the report itself is kept with the order.`,
              "Sign-in sessions: until you sign out, or for up to 30 days after you last use the site.",
              "Your account, favourites, shopping list and cart, reviews, contact-form messages, quotes, requests and feedback: while your account is open or while we need them to answer you.",
            ],
          },
          `These periods are our policy: the site deletes each of these records automatically within an hour of its period ending. To have your records deleted sooner, e-mail ${business.supportEmail}.`,
          "You can ask us to delete your account through our contact page; we delete it except for the order records the law requires us to keep.",
        ],
      },
      {
        id: "your-rights",
        heading: "Your rights",
        body: [
          `You can ask for a copy of your data, to correct it, to delete it, to restrict or object to its use, and to take it elsewhere. E-mail ${business.supportEmail}. If you're unhappy with our answer you can complain to the Information Commissioner's Office (ico.org.uk).`,
          POLICY.minimumAge,
        ],
      },
      {
        id: "cookies",
        heading: "Cookies",
        body: [
          "We use only the cookies and browser storage this site needs to work or that remember a choice you made; our Cookie Policy lists each one.",
        ],
      },
    ],
  }),
};

/** "1 day", "90 days". */
const days = (count: number) => `${count} ${count === 1 ? "day" : "days"}`;

export const COOKIES: LegalDocument = {
  path: "/cookies",
  title: "Cookie Policy",
  metaDescription: "The cookies and browser storage Swag Studio uses, and why no consent banner is needed.",
  updated: UPDATED,
  text: () => ({
    intro:
      "This site uses only cookies and browser storage that are needed for it to work or that remember a choice you made. We don't use advertising or tracking cookies, so you won't see a cookie consent banner here.",
    sections: [
      {
        id: "cookies-we-set",
        heading: "Cookies we set",
        body: [
          {
            list: [
              "promo_closed: remembers that you closed the promotion banner, so it stays closed (1 year).",
              "prices: remembers whether you chose to see prices with or without VAT (1 year).",
              "Sign-in cookies, whose names start with swag. (or __Host-swag. on our secure site): the session cookie keeps you signed in for up to 30 days after you last use the site and is removed when you sign out; two short-lived ones hold a sign-up in progress (24 hours) and a two-step sign-in in progress (10 minutes).",
              "swag.recent_buyers: when someone signs out, remembers up to 5 accounts that signed out in this browser, so the note about recent orders never tells them about their own order. It is signed, so it can't be altered, and it is deleted when you close your browser.",
            ],
          },
        ],
      },
      {
        id: "browser-storage",
        heading: "Browser storage",
        body: [
          "Your favourites, shopping list, cart and checkout drafts are stored on our server with your account, not only on your device. While you're signed in, your browser's local storage keeps a copy of your favourites, shopping list and cart and which checkout draft belongs to which product, so pages show them straight away; these copies are removed from the browser when you sign out.",
          "For the SMS sign-up prompt, local storage keeps when the prompt was last shown and whether you've signed up, so we don't ask you again. These stay until you clear them.",
        ],
      },
      {
        id: "page-views",
        heading: "Page views without cookies",
        body: [
          "We count page views ourselves: when you open a page, your browser sends our own server the page's address, and we store that address and the time, nothing more. We don't set or read a cookie for this, and we don't store an identifier, your IP address or your device details, or use any third-party analytics service, so a page view can't be linked to you or to your other visits. Because nothing is stored on your device and nobody is tracked, this needs no consent, and no consent banner is needed.",
        ],
      },
      {
        id: "third-parties",
        heading: "Third parties",
        body: [
          "When you pay, our payment provider Stripe may set cookies it needs to process the payment and prevent fraud. Links to our booking page, founder chat and charities take you to other sites, which have their own cookie policies.",
        ],
      },
      {
        id: "control",
        heading: "Your choices",
        body: [
          "You can delete cookies and local storage in your browser's settings at any time. The site still works; you'll need to sign in again, and the promotion banner, the VAT choice and the SMS prompt may show again.",
        ],
      },
    ],
  }),
};

export const LEGAL_DOCUMENTS = [TERMS, GUARANTEE, PRIVACY, COOKIES] as const;
