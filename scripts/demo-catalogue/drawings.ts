/** The demo products' pictures: one clean SVG illustration per kind of product, in its colour, rendered to PNG. */
import sharp from "sharp";
import type { DemoProduct, Shape } from "./products";

// ---------------------------------------------------------------------------------------------
// Drawings: one clean SVG illustration per kind of product, in the product's colour

const SIDE = 1200;
const BACKGROUND = "#f2f4f7";

type Tones = { fill: string; dark: string; light: string; outline: string; ink: string };

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `hex` moved `amount` (0 to 1) of the way to `toward`. */
function mix(hex: string, toward: string, amount: number): string {
  const [a, b] = [rgbOf(hex), rgbOf(toward)];
  const channel = (i: number) => Math.round(a[i]! + (b[i]! - a[i]!) * amount);
  return `#${[0, 1, 2].map((i) => channel(i).toString(16).padStart(2, "0")).join("")}`;
}

/** How light a colour looks, 0 to 1. */
function lightness(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** The tones a drawing uses: its colour, a darker one for seams and parts (lighter on black), an outline and the logo's ink. */
function tonesOf(hex: string): Tones {
  const l = lightness(hex);
  return {
    fill: hex,
    dark: l < 0.18 ? mix(hex, "#ffffff", 0.2) : mix(hex, "#000000", 0.25),
    light: mix(hex, "#ffffff", 0.3),
    outline: l > 0.85 ? "#b4bac3" : mix(hex, "#000000", 0.4),
    ink: l > 0.62 ? "#23272e" : "#ffffff",
  };
}

/** A sample logo: a round mark beside two bars, centred on (x, y), `size` wide. */
function logo(x: number, y: number, size: number, ink: string): string {
  const s = size / 100;
  return (
    `<circle cx="${x - 30 * s}" cy="${y}" r="${18 * s}" fill="${ink}"/>` +
    `<rect x="${x - 4 * s}" y="${y - 15 * s}" width="${48 * s}" height="${11 * s}" rx="${5.5 * s}" fill="${ink}"/>` +
    `<rect x="${x - 4 * s}" y="${y + 4 * s}" width="${32 * s}" height="${11 * s}" rx="${5.5 * s}" fill="${ink}"/>`
  );
}

/** A body's outline, as every main part is drawn. */
const body = (t: Tones, width = 8) =>
  `fill="${t.fill}" stroke="${t.outline}" stroke-width="${width}" stroke-linejoin="round"`;
const highlight = (x: number, y: number, w: number, h: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w / 2}" fill="#ffffff" opacity="0.2"/>`;
const METAL = "#c3c8ce";

function bottle(t: Tones, cap: string): string {
  return (
    `<path d="M480 1010 V470 Q480 380 545 345 V290 H655 V345 Q720 380 720 470 V1010 Q720 1050 680 1050 H520 Q480 1050 480 1010 Z" ${body(t)}/>` +
    `<rect x="522" y="170" width="156" height="135" rx="24" fill="${cap}"/>` +
    `<rect x="522" y="205" width="156" height="8" fill="#000000" opacity="0.15"/>` +
    `<rect x="522" y="235" width="156" height="8" fill="#000000" opacity="0.15"/>` +
    highlight(510, 480, 34, 500) +
    logo(610, 720, 170, t.ink)
  );
}

function sportsBottle(t: Tones): string {
  return (
    `<circle cx="600" cy="150" r="58" fill="none" stroke="#2b2f35" stroke-width="22"/>` +
    bottle(t, "#2b2f35") +
    `<rect x="505" y="990" width="190" height="10" fill="#000000" opacity="0.12"/>`
  );
}

function glassBottle(t: Tones): string {
  return (
    `<path d="M480 1010 V470 Q480 380 545 345 V300 H655 V345 Q720 380 720 470 V1010 Q720 1050 680 1050 H520 Q480 1050 480 1010 Z" fill="#dff0f4" stroke="#a9c4cc" stroke-width="8"/>` +
    `<rect x="500" y="470" width="200" height="520" fill="#bfe3ec" opacity="0.6"/>` +
    `<rect x="532" y="190" width="136" height="120" rx="18" fill="#c8a27a" stroke="#9b7a55" stroke-width="6"/>` +
    `<rect x="472" y="610" width="256" height="330" rx="26" ${body(t)}/>` +
    highlight(505, 420, 26, 160) +
    logo(610, 775, 150, t.ink)
  );
}

function mug(t: Tones, rim?: string): string {
  return (
    `<path d="M780 500 C990 500 990 800 780 800" fill="none" stroke="${t.outline}" stroke-width="78"/>` +
    `<path d="M780 500 C990 500 990 800 780 800" fill="none" stroke="${t.fill}" stroke-width="60"/>` +
    `<rect x="330" y="380" width="480" height="600" rx="48" ${body(t)}/>` +
    `<ellipse cx="570" cy="392" rx="234" ry="30" fill="${rim ?? t.dark}"/>` +
    (rim ? `<ellipse cx="570" cy="392" rx="234" ry="30" fill="none" stroke="${rim}" stroke-width="16"/>` : "") +
    highlight(370, 450, 34, 460) +
    logo(580, 680, 200, t.ink)
  );
}

function tumbler(t: Tones, sleeve: boolean): string {
  return (
    `<path d="M420 360 H780 L735 1010 Q732 1050 695 1050 H505 Q468 1050 465 1010 Z" ${body(t)}/>` +
    `<rect x="395" y="280" width="410" height="95" rx="32" fill="#2b2f35"/>` +
    `<rect x="545" y="300" width="110" height="18" rx="9" fill="#5b616a"/>` +
    (sleeve ? `<path d="M444 600 H756 L741 800 H459 Z" fill="${t.dark}"/>` : "") +
    highlight(455, 420, 30, 520) +
    logo(610, sleeve ? 480 : 690, 150, t.ink)
  );
}

function wineTumbler(t: Tones): string {
  return (
    `<path d="M440 520 Q420 980 600 1020 Q780 980 760 520 Z" ${body(t)}/>` +
    `<ellipse cx="600" cy="520" rx="172" ry="34" fill="#e9eef3" stroke="#b4bac3" stroke-width="6"/>` +
    `<rect x="570" y="500" width="60" height="14" rx="7" fill="#9aa3ad"/>` +
    highlight(470, 600, 28, 300) +
    logo(610, 760, 150, t.ink)
  );
}

function notebook(t: Tones, scale: number, spiral: boolean): string {
  const ribbon = mix(t.fill, "#c8102e", 0.6);
  const rings = spiral
    ? Array.from({ length: 9 }, (_, i) => {
        const x = 420 + i * 46;
        return `<rect x="${x}" y="170" width="16" height="70" rx="8" fill="${METAL}" stroke="#8c939c" stroke-width="3"/>`;
      }).join("")
    : "";
  return (
    `<g transform="translate(${600 - 600 * scale} ${620 - 620 * scale}) scale(${scale})">` +
    (spiral ? "" : `<path d="M570 1000 v95 l22 -24 l22 24 v-95" fill="${ribbon}"/>`) +
    `<rect x="408" y="214" width="420" height="790" rx="20" fill="#faf6ec" stroke="#d9d2c3" stroke-width="6"/>` +
    `<rect x="380" y="200" width="430" height="800" rx="22" ${body(t)}/>` +
    (spiral ? "" : `<rect x="380" y="200" width="50" height="800" rx="22" fill="${t.dark}" opacity="0.55"/>`) +
    (spiral ? "" : `<rect x="738" y="200" width="22" height="800" fill="${t.dark}"/>`) +
    rings +
    logo(590, 560, 190, spiral ? t.ink : t.dark) +
    `</g>`
  );
}

function pen(t: Tones, stylus: boolean): string {
  return (
    `<g transform="rotate(-35 600 600)">` +
    (stylus ? `<rect x="180" y="565" width="60" height="70" rx="30" fill="#2b2f35"/>` : "") +
    `<rect x="215" y="568" width="48" height="64" rx="12" fill="${METAL}"/>` +
    `<rect x="250" y="555" width="620" height="90" rx="45" ${body(t, 6)}/>` +
    `<rect x="760" y="558" width="112" height="84" fill="${stylus ? "#2b2f35" : METAL}"/>` +
    `<path d="M870 566 L1000 600 L870 634 Z" fill="${METAL}" stroke="#8c939c" stroke-width="4"/>` +
    `<rect x="300" y="520" width="280" height="24" rx="12" fill="${METAL}" stroke="#8c939c" stroke-width="4"/>` +
    `<rect x="292" y="520" width="26" height="50" rx="8" fill="${METAL}"/>` +
    logo(560, 600, 110, t.ink) +
    `</g>`
  );
}

function mouseMat(t: Tones): string {
  return (
    `<rect x="200" y="360" width="800" height="520" rx="50" ${body(t, 10)}/>` +
    `<rect x="222" y="382" width="756" height="476" rx="36" fill="none" stroke="${t.dark}" stroke-width="6" stroke-dasharray="18 12"/>` +
    logo(620, 620, 300, t.ink)
  );
}

function stickyNotes(t: Tones): string {
  return (
    `<rect x="360" y="380" width="480" height="480" rx="10" fill="${t.dark}" transform="rotate(-8 600 620)"/>` +
    `<rect x="360" y="380" width="480" height="480" rx="10" fill="${t.light}" stroke="${t.outline}" stroke-width="6" transform="rotate(4 600 620)"/>` +
    `<rect x="340" y="360" width="480" height="480" rx="10" ${body(t, 6)}/>` +
    `<rect x="340" y="360" width="480" height="70" rx="10" fill="#000000" opacity="0.06"/>` +
    logo(590, 500, 150, t.ink === "#ffffff" ? t.ink : "#23272e")
  );
}

const TEE_BODY =
  "M450 230 Q600 300 750 230 L960 340 L900 520 L800 480 V1020 Q600 1040 400 1020 V480 L300 520 L240 340 Z";
const SLEEVED_BODY =
  "M450 230 Q600 300 750 230 L880 290 Q960 330 975 420 L1010 900 L900 915 L810 500 V1020 Q600 1040 390 1020 V500 L300 915 L190 900 L225 420 Q240 330 320 290 Z";

function tee(t: Tones): string {
  return (
    `<path d="${TEE_BODY}" ${body(t)}/>` +
    `<path d="M450 230 Q600 320 750 230" fill="none" stroke="${t.dark}" stroke-width="22"/>` +
    logo(600, 540, 180, t.ink)
  );
}

function polo(t: Tones): string {
  return (
    `<path d="${TEE_BODY}" ${body(t)}/>` +
    `<path d="M560 262 V420 H640 V262" fill="${t.dark}" opacity="0.5"/>` +
    `<circle cx="600" cy="300" r="9" fill="${t.ink}"/><circle cx="600" cy="350" r="9" fill="${t.ink}"/><circle cx="600" cy="395" r="9" fill="${t.ink}"/>` +
    `<path d="M450 230 L470 200 L600 262 L560 360 Z" ${body(t, 6)}/>` +
    `<path d="M750 230 L730 200 L600 262 L640 360 Z" ${body(t, 6)}/>` +
    logo(720, 520, 90, t.ink)
  );
}

function longSleeve(t: Tones): string {
  return (
    `<path d="${SLEEVED_BODY}" ${body(t)}/>` +
    `<path d="M450 230 Q600 320 750 230" fill="none" stroke="${t.dark}" stroke-width="22"/>` +
    `<rect x="392" y="975" width="416" height="40" fill="${t.dark}" opacity="0.45"/>` +
    `<path d="M190 900 L300 915 L296 870 L194 858 Z" fill="${t.dark}" opacity="0.45"/>` +
    `<path d="M1010 900 L900 915 L904 870 L1006 858 Z" fill="${t.dark}" opacity="0.45"/>` +
    logo(600, 520, 170, t.ink)
  );
}

function hoodie(t: Tones, zip: boolean): string {
  return (
    `<path d="M450 250 Q450 90 600 90 Q750 90 750 250 Z" ${body(t)}/>` +
    `<path d="${SLEEVED_BODY}" ${body(t)}/>` +
    `<path d="M470 240 Q600 150 730 240 Q600 330 470 240 Z" fill="${t.dark}"/>` +
    (zip
      ? `<rect x="594" y="290" width="12" height="730" fill="${METAL}"/>` +
        `<path d="M440 780 H560 V900 H430 Z M760 780 H640 V900 H770 Z" fill="${t.dark}" opacity="0.45"/>`
      : `<path d="M470 800 L730 800 L780 960 L420 960 Z" fill="${t.dark}" opacity="0.45"/>` +
        `<path d="M560 300 V430 M640 300 V430" stroke="${t.ink}" stroke-width="8" stroke-linecap="round"/>`) +
    `<rect x="392" y="975" width="416" height="40" fill="${t.dark}" opacity="0.45"/>` +
    logo(zip ? 730 : 600, zip ? 520 : 580, zip ? 90 : 170, t.ink)
  );
}

function tote(t: Tones, jute: boolean): string {
  const handle = jute ? "#efe6d2" : t.fill;
  const weave = jute
    ? Array.from(
        { length: 14 },
        (_, i) =>
          `<path d="M${360 + i * 36} 455 L${346 + i * 38} 1025" stroke="${t.dark}" stroke-width="3" opacity="0.35"/>`,
      ).join("")
    : "";
  return (
    `<path d="M450 470 V320 Q450 200 560 200 H640 Q750 200 750 320 V470" fill="none" stroke="${t.outline}" stroke-width="44"/>` +
    `<path d="M450 470 V320 Q450 200 560 200 H640 Q750 200 750 320 V470" fill="none" stroke="${handle}" stroke-width="30"/>` +
    `<path d="M350 450 H850 L880 1030 H320 Z" ${body(t)}/>` +
    weave +
    logo(615, 740, 230, jute ? "#23272e" : t.ink)
  );
}

function backpack(t: Tones, rollTop: boolean): string {
  return (
    `<path d="M540 ${rollTop ? 230 : 285} Q600 ${rollTop ? 160 : 215} 660 ${rollTop ? 230 : 285}" fill="none" stroke="${t.outline}" stroke-width="24"/>` +
    `<rect x="362" y="380" width="44" height="560" rx="22" fill="${t.dark}"/>` +
    `<rect x="794" y="380" width="44" height="560" rx="22" fill="${t.dark}"/>` +
    (rollTop
      ? `<rect x="400" y="240" width="400" height="790" rx="70" ${body(t)}/>` +
        `<rect x="392" y="230" width="416" height="110" rx="40" fill="${t.dark}"/>` +
        `<rect x="572" y="300" width="56" height="330" rx="10" fill="#2b2f35"/>` +
        `<rect x="556" y="600" width="88" height="56" rx="12" fill="#1a1d21"/>` +
        logo(600, 830, 130, t.ink)
      : `<rect x="400" y="270" width="400" height="760" rx="120" ${body(t)}/>` +
        `<path d="M432 420 Q600 320 768 420" fill="none" stroke="${t.dark}" stroke-width="8" stroke-dasharray="14 10"/>` +
        `<rect x="455" y="640" width="290" height="330" rx="60" fill="${t.dark}" stroke="${t.outline}" stroke-width="6"/>` +
        logo(605, 780, 140, t.ink))
  );
}

function drawstring(t: Tones): string {
  return (
    `<path d="M420 330 Q330 650 418 1000" fill="none" stroke="#f5f5f5" stroke-width="14"/>` +
    `<path d="M780 330 Q870 650 782 1000" fill="none" stroke="#f5f5f5" stroke-width="14"/>` +
    `<path d="M420 330 Q330 650 418 1000" fill="none" stroke="${t.outline}" stroke-width="3"/>` +
    `<path d="M780 330 Q870 650 782 1000" fill="none" stroke="${t.outline}" stroke-width="3"/>` +
    `<rect x="400" y="300" width="400" height="720" rx="14" ${body(t)}/>` +
    `<rect x="400" y="300" width="400" height="55" rx="14" fill="${t.dark}"/>` +
    `<circle cx="425" cy="995" r="14" fill="${METAL}"/><circle cx="775" cy="995" r="14" fill="${METAL}"/>` +
    logo(610, 650, 220, t.ink)
  );
}

function cooler(t: Tones): string {
  return (
    `<path d="M380 520 Q600 150 820 520" fill="none" stroke="${t.outline}" stroke-width="34"/>` +
    `<path d="M380 520 Q600 150 820 520" fill="none" stroke="${t.dark}" stroke-width="22"/>` +
    `<rect x="340" y="470" width="520" height="540" rx="50" ${body(t)}/>` +
    `<path d="M352 560 H848" stroke="${t.dark}" stroke-width="10" stroke-dasharray="16 10"/>` +
    `<rect x="420" y="680" width="360" height="260" rx="30" fill="${t.dark}" opacity="0.6"/>` +
    logo(610, 810, 170, t.ink)
  );
}

/**
 * A six-panel cap seen from the side, its peak to the right; `crownTop` is how high the crown rises
 * (lower for a soft cap). Drawn a little larger and lower than its coordinates, to sit on its shadow.
 */
function cap(t: Tones, options: { crownTop: number; mesh: boolean; flatPeak: boolean }): string {
  const top = options.crownTop;
  const crown = `M330 730 Q320 ${top + 20} 610 ${top} Q890 ${top + 10} 880 730 Q605 770 330 730 Z`;
  const peak = options.flatPeak
    ? "M700 722 L1050 742 L1046 778 L700 768 Z"
    : "M690 718 Q880 700 1045 748 Q1062 778 1025 792 Q860 802 700 768 Z";
  const mesh = options.mesh
    ? `<defs><pattern id="mesh" width="22" height="22" patternUnits="userSpaceOnUse"><rect width="22" height="22" fill="${t.fill}"/><circle cx="11" cy="11" r="5" fill="${t.dark}"/></pattern>` +
      `<clipPath id="crown"><path d="${crown}"/></clipPath></defs>` +
      `<rect x="300" y="${top - 10}" width="300" height="${780 - top}" fill="url(#mesh)" clip-path="url(#crown)"/>`
    : "";
  return (
    `<g transform="translate(-110 130) scale(1.1)">` +
    `<path d="${crown}" ${body(t)}/>` +
    mesh +
    `<path d="M610 ${top} Q560 ${top + 180} 560 745 M610 ${top} Q730 ${top + 180} 770 742" fill="none" stroke="${t.outline}" stroke-width="5" opacity="0.6"/>` +
    `<ellipse cx="610" cy="${top + 2}" rx="30" ry="13" fill="${t.dark}"/>` +
    `<path d="${peak}" fill="${t.dark}" stroke="${t.outline}" stroke-width="6" stroke-linejoin="round"/>` +
    logo(715, (top + 730) / 2 + 10, 150, t.ink) +
    `</g>`
  );
}

function beanie(t: Tones, pom: boolean): string {
  const ribs = Array.from({ length: 13 }, (_, i) => {
    const x = 395 + i * 34;
    return `<path d="M${x} 715 V900" stroke="${t.outline}" stroke-width="4" opacity="0.35"/>`;
  }).join("");
  return (
    (pom ? `<circle cx="600" cy="270" r="95" fill="${t.light}" stroke="${t.outline}" stroke-width="8"/>` : "") +
    `<path d="M390 780 V560 Q390 320 600 310 Q810 320 810 560 V780 Z" ${body(t)}/>` +
    `<path d="M500 330 Q470 560 480 720 M600 310 V720 M700 330 Q730 560 720 720" fill="none" stroke="${t.outline}" stroke-width="5" opacity="0.3"/>` +
    `<rect x="370" y="700" width="460" height="220" rx="36" fill="${t.dark}" stroke="${t.outline}" stroke-width="8"/>` +
    ribs +
    `<rect x="520" y="765" width="160" height="90" rx="10" fill="${t.ink === "#ffffff" ? "#f4f4f4" : "#23272e"}"/>` +
    logo(606, 810, 110, t.ink === "#ffffff" ? "#23272e" : "#f4f4f4")
  );
}

function bucketHat(t: Tones): string {
  return (
    `<g transform="translate(0 110)">` +
    `<path d="M240 790 Q600 650 960 790 Q1000 850 900 875 Q600 935 300 875 Q200 850 240 790 Z" fill="${t.dark}" stroke="${t.outline}" stroke-width="8"/>` +
    `<path d="M300 820 Q600 720 900 820" fill="none" stroke="${t.outline}" stroke-width="4" stroke-dasharray="14 10" opacity="0.6"/>` +
    `<path d="M430 795 L462 560 Q600 490 738 560 L770 795 Q600 830 430 795 Z" ${body(t)}/>` +
    `<circle cx="485" cy="600" r="10" fill="${t.outline}"/><circle cx="715" cy="600" r="10" fill="${t.outline}"/>` +
    logo(608, 690, 150, t.ink) +
    `</g>`
  );
}

function lanyard(t: Tones): string {
  const dots = [0.2, 0.4, 0.6, 0.8]
    .flatMap((f) => [
      [470 + (575 - 470) * f, 160 + (790 - 160) * f],
      [730 + (625 - 730) * f, 160 + (790 - 160) * f],
    ])
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="12" fill="${t.ink}"/>`)
    .join("");
  const strap = "M470 160 Q600 70 730 160 L625 790 M470 160 L575 790";
  return (
    `<path d="${strap}" fill="none" stroke="${t.outline}" stroke-width="78" stroke-linejoin="round"/>` +
    `<path d="${strap}" fill="none" stroke="${t.fill}" stroke-width="64" stroke-linejoin="round"/>` +
    `<rect x="572" y="92" width="56" height="36" rx="8" fill="#2b2f35"/>` +
    dots +
    `<rect x="555" y="780" width="90" height="60" rx="10" fill="${METAL}" stroke="#8c939c" stroke-width="4"/>` +
    `<path d="M600 840 V880 Q600 910 630 910" fill="none" stroke="${METAL}" stroke-width="16" stroke-linecap="round"/>` +
    `<rect x="460" y="900" width="280" height="200" rx="18" fill="#ffffff" stroke="#c5cbd3" stroke-width="6"/>` +
    `<rect x="490" y="940" width="90" height="110" rx="8" fill="#dde3ea"/>` +
    `<rect x="600" y="950" width="110" height="16" rx="8" fill="#c5cbd3"/><rect x="600" y="985" width="80" height="16" rx="8" fill="#c5cbd3"/>`
  );
}

function sticker(t: Tones): string {
  return (
    `<g transform="rotate(-12 480 520)"><rect x="260" y="300" width="440" height="440" rx="90" fill="${t.fill}" stroke="#c5cbd3" stroke-width="6"/>` +
    `<rect x="295" y="335" width="370" height="370" rx="66" fill="#128a8a"/>${logo(490, 520, 220, "#ffffff")}</g>` +
    `<circle cx="690" cy="700" r="270" fill="${t.fill}" stroke="#c5cbd3" stroke-width="6"/>` +
    `<circle cx="690" cy="700" r="232" fill="#f26b1d"/>` +
    logo(700, 700, 280, "#ffffff")
  );
}

function umbrella(t: Tones): string {
  const scallops = Array.from({ length: 8 }, (_, i) => {
    const x = 1020 - i * 105;
    return `Q${x - 52.5} 600 ${x - 105} 640`;
  }).join(" ");
  const ribs = [285, 390, 495, 600, 705, 810, 915]
    .map(
      (x) =>
        `<path d="M600 310 Q${600 + (x - 600) * 0.55} 420 ${x} 640" fill="none" stroke="${t.outline}" stroke-width="4" opacity="0.55"/>`,
    )
    .join("");
  return (
    `<rect x="592" y="270" width="16" height="60" fill="#3a3d42"/>` +
    `<path d="M180 640 A 420 330 0 0 1 1020 640 ${scallops} Z" ${body(t)}/>` +
    ribs +
    `<rect x="592" y="640" width="16" height="380" fill="#3a3d42"/>` +
    `<path d="M600 1010 V1060 Q600 1110 650 1110 Q700 1110 700 1060" fill="none" stroke="#23272e" stroke-width="30" stroke-linecap="round"/>` +
    logo(655, 500, 140, t.ink)
  );
}

function powerBank(t: Tones): string {
  const lights = [0, 1, 2, 3]
    .map((i) => `<circle cx="${540 + i * 40}" cy="900" r="11" fill="${i < 3 ? "#4cd07d" : "#9aa3ad"}"/>`)
    .join("");
  return (
    `<rect x="420" y="250" width="360" height="760" rx="64" ${body(t)}/>` +
    highlight(445, 300, 26, 520) +
    lights +
    `<rect x="560" y="1000" width="80" height="16" rx="5" fill="#2b2f35"/>` +
    logo(610, 560, 190, t.ink)
  );
}

function keyring(t: Tones): string {
  return (
    `<circle cx="420" cy="330" r="125" fill="none" stroke="#9aa3ad" stroke-width="20"/>` +
    `<g transform="rotate(-20 600 700)">` +
    `<rect x="450" y="420" width="300" height="600" rx="130" ${body(t)}/>` +
    `<circle cx="600" cy="510" r="36" fill="${BACKGROUND}" stroke="${t.outline}" stroke-width="6"/>` +
    `<path d="M530 860 H670 Q690 860 690 880 V930 H510 V880 Q510 860 530 860 Z" fill="${BACKGROUND}" stroke="${t.outline}" stroke-width="6"/>` +
    logo(610, 700, 160, t.dark) +
    `</g>`
  );
}

function pinBadge(t: Tones): string {
  return (
    `<circle cx="600" cy="600" r="320" ${body(t, 6)}/>` +
    `<circle cx="600" cy="600" r="270" fill="#1f2a56"/>` +
    `<path d="M400 740 L530 520 L610 640 L690 560 L800 740 Z" fill="${t.fill}"/>` +
    `<circle cx="700" cy="450" r="50" fill="#f5c518"/>` +
    `<circle cx="600" cy="600" r="270" fill="none" stroke="${t.fill}" stroke-width="14"/>`
  );
}

const DRAWINGS: Record<Shape, (t: Tones) => string> = {
  bottle: (t) => bottle(t, t.dark),
  sportsBottle,
  glassBottle,
  mug: (t) => mug(t),
  enamelMug: (t) => mug(t, "#23272e"),
  tumbler: (t) => tumbler(t, false),
  coffeeCup: (t) => tumbler(t, true),
  wineTumbler,
  notebook: (t) => notebook(t, 1, false),
  pocketNotebook: (t) => notebook(t, 0.78, false),
  spiralNotebook: (t) => notebook(t, 1, true),
  pen: (t) => pen(t, false),
  stylusPen: (t) => pen(t, true),
  mouseMat,
  stickyNotes,
  tee,
  polo,
  longSleeve,
  hoodie: (t) => hoodie(t, false),
  zipHoodie: (t) => hoodie(t, true),
  tote: (t) => tote(t, false),
  jute: (t) => tote(t, true),
  backpack: (t) => backpack(t, false),
  rollTop: (t) => backpack(t, true),
  drawstring,
  cooler,
  cap: (t) => cap(t, { crownTop: 420, mesh: false, flatPeak: false }),
  campCap: (t) => cap(t, { crownTop: 450, mesh: false, flatPeak: true }),
  trucker: (t) => cap(t, { crownTop: 370, mesh: true, flatPeak: false }),
  beanie: (t) => beanie(t, false),
  pomBeanie: (t) => beanie(t, true),
  bucketHat,
  lanyard,
  sticker,
  umbrella,
  powerBank,
  keyring,
  pinBadge,
};

/** The product drawn in one colour on a light ground, with its shadow: a square SVG. */
function drawingOf(shape: Shape, hex: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 ${SIDE} ${SIDE}">` +
    `<rect width="${SIDE}" height="${SIDE}" fill="${BACKGROUND}"/>` +
    `<ellipse cx="600" cy="1080" rx="330" ry="34" fill="#000000" opacity="0.08"/>` +
    DRAWINGS[shape](tonesOf(hex)) +
    `</svg>`
  );
}

/** The drawing as the PNG a member of staff could have uploaded. */
export async function pictureOf(shape: Shape, hex: string): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(Buffer.from(drawingOf(shape, hex)))
      .png()
      .toBuffer(),
  );
}

/** What the picture shows, in words, for people who cannot see it. */
export function altOf(product: DemoProduct, colour: string): string {
  const words = product.pictured.replace("{colour}", colour.toLowerCase());
  return `Drawing of ${/^[aeiou]/i.test(words) ? "an" : "a"} ${words}`;
}
