/** The Privacy Policy (R-MKT-05, B-17), one module of its own so /privacy loads only its words. */
import { LEGAL_UPDATED, type LegalDocument } from "./legal";
import { POLICY } from "./policy";

const days = (count: number) => `${count} ${count === 1 ? "day" : "days"}`;

export const PRIVACY: LegalDocument = {
  path: "/privacy",
  title: "Privacy Policy",
  metaDescription: "What personal data Swag Studio collects, why, who processes it and how long it is kept.",
  updated: LEGAL_UPDATED,
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
              "Sizes collected by link: when a buyer sends you a link to give your size for their order, your size, your name if they ask for it, and your delivery address (or that you'll pick it up at their office) if they ask where yours goes, to order the right item for you and get it to you (the buyer's legitimate interest in ordering their team's sizes). The buyer may also list the names of the people who should answer, so that they can see who hasn't yet. The buyer who sent the link sees your answer, your address included, and their list; nobody who answers sees either. We keep the link, and your own link to change your answer, only as fingerprints that cannot be turned back into links.",
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
              `Sizes, names and addresses given through a buyer's link, and the buyer's list of who should answer: ${days(business.retention.unpaidDraftDays)} after the collection closes or its last day passes.`,
              `Page views: ${days(business.retention.pageViewDays)}.`,
              `Abuse counters: ${days(business.retention.rateLimitDays)} after their window ends.`,
              `E-mails and text messages we send, kept in our outbox (with any file attached only until it is sent): ${days(business.retention.outboxDays)}.`,
              `SMS sign-ups: while you're signed up, and ${days(business.retention.smsDays)} after you opt out; a sign-up never confirmed, ${days(business.retention.smsDays)} after its confirmation text lapses.`,
              `Photos you send with a problem report: ${days(business.retention.problemPhotoDays)} after the report is resolved; the report itself is kept with the order.`,
              "Sign-in sessions: until you sign out, or for up to 30 days after you last use the site.",
              "Your account, favourites, shopping list and cart, reviews, contact-form messages, quotes, requests and feedback: while your account is open or while we need them to answer you.",
              "A record of what our staff changed (orders, refunds, the catalogue), with who made each change: six years, like our VAT records. When we erase what you sent us at your request, that record says an erasure was made, without your address.",
              "A copy of your data you asked for: 7 days after it is ready, for you to download.",
            ],
          },
          `These periods are our policy: the site deletes each of these records automatically within an hour of its period ending. To have your records deleted sooner, e-mail ${business.supportEmail} from the address you used, or tell us the phone number you signed up to our texts with: we find what you sent us without an account (contact messages, quote requests, SMS sign-ups and the e-mails we sent you) by that address or number and erase it.`,
          `You can delete your account yourself: on your account page, under "Delete your account", enter your password (or, for an account without one, sign in again with a code first). Or e-mail ${business.supportEmail} from your account's address and we delete it for you. We erase your account and what is kept with it (saved carts and the sizes collected for them, unpaid checkouts and their artwork, quotes, reviews, SMS sign-ups, the messages we sent you) and sign you out everywhere. Your orders, their invoices and credit notes stay for 7 years, as the law requires, under "Deleted customer" without your name, e-mail address or phone number; orders you placed for an organisation stay with it. An order still under way must be delivered or cancelled first.`,
        ],
      },
      {
        id: "your-rights",
        heading: "Your rights",
        body: [
          `You can ask for a copy of your data, to correct it, to delete it, to restrict or object to its use, and to take it elsewhere. E-mail ${business.supportEmail}. If you're unhappy with our answer you can complain to the Information Commissioner's Office (ico.org.uk).`,
          `With an account, you can download a copy of your data yourself: on your account page, under "Your data", choose "Prepare my data". We gather your account, orders with their invoices and credit notes, the addresses you gave, checkouts, quotes, reviews, the messages we sent you and your consents into a ZIP of JSON and CSV files, e-mail you when it's ready (usually within minutes), and keep it there for you to download for 7 days. If you write to us instead, we prepare the same copy and send it to your account's address.`,
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
