import { chatLink, type PublicBusiness } from "~/domain/people/business-profile";

/**
 * The brand and the external addresses that are not the business's own (REQUIREMENTS.md A-55).
 * The business's contact points and seller details are configured: app/domain/people/business-profile.ts.
 */
export const SITE = {
  name: "Swag Studio",
  city: "London",
  charities: [
    { name: "Cancer Research UK", url: "https://www.cancerresearchuk.org" },
    { name: "Macmillan Cancer Support", url: "https://www.macmillan.org.uk" },
  ],
} as const;

/** Attributes every link that leaves the site carries (R-HEAD-12). */
export const EXTERNAL = { target: "_blank", rel: "noopener noreferrer" } as const;
/** What a screen reader hears after such a link's text. */
export const NEW_TAB_NOTE = "(opens in a new tab)";

/** "Chat with the founders": the business's chat link, opening with a greeting. */
export const founderChatUrl = (business: Pick<PublicBusiness, "chatUrl">) =>
  chatLink(business.chatUrl, "Hi Swag Studio founders");
