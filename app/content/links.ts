/** Every external address and contact detail the site shows (REQUIREMENTS.md A-55): one place to change them. */
export const SITE = {
  name: "Swag Studio",
  city: "London",
  supportEmail: "hello@swagstudio.example",
  salesEmail: "sales@swagstudio.example",
  bookingUrl: "https://cal.com/swagstudio/merch-expert-15min",
  founderChatUrl: "https://wa.me/442079460958?text=Hi%20Swag%20Studio%20founders",
  rushChatBaseUrl: "https://wa.me/442079460958",
  charities: [
    { name: "Cancer Research UK", url: "https://www.cancerresearchuk.org" },
    { name: "Macmillan Cancer Support", url: "https://www.macmillan.org.uk" },
  ],
  charityShare: "5% of our profits",
} as const;

/** Attributes every link that leaves the site carries (R-HEAD-12). */
export const EXTERNAL = { target: "_blank", rel: "noopener noreferrer" } as const;
