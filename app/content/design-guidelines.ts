/**
 * Copy of the design guidelines PDF (/design-guidelines.pdf, R-ROUTE-23), rendered by
 * scripts/make-design-guidelines.ts. Print areas and lead times are read from the catalogue by the
 * script, and policy sentences come from ~/content/policy, so the PDF says what the site says.
 */
import { POLICY } from "./policy";

/** Where the PDF is served from (public/design-guidelines.pdf). */
export const DESIGN_GUIDELINES_PATH = "/design-guidelines.pdf";

export type GuidelineSection = { heading: string; intro?: string; points?: readonly string[]; note?: string };

export const DESIGN_GUIDELINES = {
  title: "Design guidelines",
  subtitle: "Artwork, colours, print areas and proofs for your custom branded merch",
  version: "Version 1, November 2026",
  artwork: {
    heading: "1. Artwork formats",
    intro:
      "Vector artwork gives the factory clean outlines to stitch, print, engrave or press, at any size. Our artwork upload accepts .EPS, .PDF and .SVG, and .PNG or .JPG logos, which we check for resolution at the printed size.",
    points: [
      "Preferred: vector EPS, PDF or SVG, exported from Illustrator, Affinity Designer, Inkscape or similar.",
      "Convert all text to outlines (curves) before exporting, so fonts cannot change.",
      "Send one logo per file, on a transparent or white background, with nothing else on the artboard.",
      "If your logo only exists as a photo or screenshot, tell us before you order: we will quote to redraw it as vector.",
      "Any photos inside a PDF must be at least 300 dpi at the printed size.",
    ],
    minimumsHeading: "Smallest details we can reproduce",
    minimums: [
      { method: "Embroidery", detail: "Text at least 5 mm tall; lines at least 1 mm thick; no gradients." },
      { method: "Screen print and DTF transfer", detail: "Text at least 2 mm tall; lines at least 0.5 mm thick." },
      { method: "Deboss and foil", detail: "Lines at least 0.5 mm thick and gaps at least 0.5 mm; no fine halftones." },
      { method: "Laser engraving", detail: "Lines at least 0.3 mm thick; one colour, the tone of the material." },
    ],
  },
  colours: {
    heading: "2. Colours",
    intro: "Tell us exactly which colours you mean, and we match them as closely as each method allows.",
    points: [
      "Spot colours: give a Pantone reference (PMS, coated) for each colour in your logo. This is the most reliable way to match a brand colour.",
      "Full-colour print: supply CMYK artwork. RGB and HEX values are converted to CMYK, and bright screen colours can print duller.",
      "Embroidery: we use the nearest thread colour to your Pantone reference; cap embroidery takes up to 8 thread colours.",
      "Deboss is colourless (blind) or in the foil colour you choose; engraving shows the material's own tone.",
      "Your proof shows the colours we will use. Colours on screen are a guide: small differences between the proof and the finished goods are normal.",
    ],
    exampleHeading: "Example: how to specify a colour",
    exampleIntro: "Our own brand blue, written the way we would like to receive yours:",
    example: { name: "Swag Studio blue", hex: "#2C2ADB", rgb: "44 42 219", cmyk: "80 81 0 14" },
    exampleNote: "Add your Pantone reference from your brand guide: it always wins over the other values.",
  },
  placement: {
    heading: "3. Placement and print areas",
    intro:
      "Each product has fixed areas where branding can go, with a maximum size. Design your logo to fit inside the area; we centre it unless you tell us otherwise in the placement notes.",
    areasLabel: "Where your branding can go",
    methodLabel: "Branding",
    timesLabel: "Production / delivery",
  },
  proofs: {
    heading: "4. Proofs and lead time",
    intro: "Nothing is made until you approve a proof of your design. At checkout you choose how you see it:",
    options: [
      {
        title: "Designer mock-up",
        body: "A mock-up of your logo on the product, made by our designers, to check size, placement and colours.",
      },
      {
        title: "Manufacturer mock-up",
        body: "A mock-up prepared by the factory from your artwork and branding method.",
      },
      {
        title: "Skip the proof",
        body: "Only for a repeat of an earlier order with the same artwork: give us the previous order's reference.",
      },
    ],
    checkHeading: "Check on every proof",
    check: [
      "Spelling, and the version of your logo.",
      "Colours, and which colour goes where.",
      "Size and placement on the product.",
      "The product colour, sizes and quantities.",
    ],
    confirmationsHeading: "Before you order you confirm",
    confirmations: [
      "I confirm I have the rights to use the supplied artwork.",
      "I understand lead time starts after payment and proof approval.",
    ],
    timing: [POLICY.production, POLICY.leadTimeStart, POLICY.quoteValidity],
  },
  contact: {
    heading: "Questions about your artwork?",
    // A committed file cannot know the configured business (decision 059), so it names no address.
    body: "Send us what you have and we'll tell you what will work: reply to your proof e-mail, or write to us from the Contact page on our website, where you can also book a 15-minute call with a merch expert.",
  },
} as const;
