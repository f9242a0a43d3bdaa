/**
 * Copy of /about (R-MKT-04, R-MKT-10), whose giving pledge the footer's charity note also quotes.
 * Its own module, so each page loads its own copy and no other page's (the shared parts are in
 * ./marketing).
 */
import { CLAIMS } from "./claims";
import { WHAT_WE_DO } from "./marketing";

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
