import { z } from "zod";

/**
 * Deterministic SVG product pictures of watches, made by the store itself (no remote images).
 * A picture is named by its spec, `/images/watch/<brand>-<case>-<metal>-<dial>-<strap>-<index>-<complication>-<view>.svg`,
 * so the same spec always gives the same picture and the URL can be cached forever.
 * Pure and isomorphic: the image route, the demo catalogue and the video script all use it.
 */

export const WATCH_BRANDS = ["rolex", "casio", "seiko", "fossil", "rado", "patekphilippe", "cartier", "tissot"] as const;
export const WATCH_CASES = ["round", "cushion", "square", "octagon", "digital"] as const;
export const WATCH_METALS = ["steel", "gold", "rose", "black", "titanium"] as const;
export const WATCH_DIALS = [
  "black",
  "blue",
  "green",
  "white",
  "silver",
  "champagne",
  "grey",
  "brown",
  "salmon",
  "burgundy",
  "pearl",
] as const;
export const WATCH_STRAPS = [
  "bracelet",
  "jubilee",
  "mesh",
  "brownleather",
  "blackleather",
  "tanleather",
  "blackrubber",
  "bluerubber",
  "greennato",
  "whiteceramic",
  "blackresin",
] as const;
export const WATCH_INDICES = ["stick", "roman", "arabic", "dot", "diamond"] as const;
export const WATCH_COMPLICATIONS = ["none", "date", "chrono", "gmt"] as const;
/**
 * The movement, which the dial may print ("AUTOMATIC", "QUARTZ", "OYSTER PERPETUAL"…);
 * `unmarked` (the pictures of old 8-token names) prints none (issue 9: dial text agrees with the product).
 */
export const WATCH_MOVEMENTS = ["automatic", "quartz", "solar", "kinetic", "manual", "digital", "hybrid", "unmarked"] as const;
/** Water resistance in metres, which the dial may print ("WATER RESIST 200M", "300m"); `unmarked` prints none. */
export const WATCH_WATER = ["wr30", "wr50", "wr60", "wr100", "wr120", "wr150", "wr200", "wr300", "unmarked"] as const;
/** `single`: one watch; `pair`: a his-and-hers set, drawn as two watches (issue 9: couple sets show two). */
export const WATCH_SETS = ["single", "pair"] as const;
/** front: the whole watch; angle: turned, showing the case side; dial: close-up; strap: strap and buckle. */
export const WATCH_VIEWS = ["front", "angle", "dial", "strap"] as const;

export const watchFaceSpecSchema = z.object({
  brand: z.enum(WATCH_BRANDS),
  case: z.enum(WATCH_CASES),
  metal: z.enum(WATCH_METALS),
  dial: z.enum(WATCH_DIALS),
  strap: z.enum(WATCH_STRAPS),
  index: z.enum(WATCH_INDICES),
  complication: z.enum(WATCH_COMPLICATIONS),
  movement: z.enum(WATCH_MOVEMENTS),
  water: z.enum(WATCH_WATER),
  set: z.enum(WATCH_SETS),
  view: z.enum(WATCH_VIEWS),
});

export type WatchFaceSpec = z.infer<typeof watchFaceSpecSchema>;
export type WatchView = WatchFaceSpec["view"];

const SPEC_KEYS = ["brand", "case", "metal", "dial", "strap", "index", "complication", "movement", "water", "set", "view"] as const;
/** The names of the first pictures (before issue 9): no movement, water or set token. */
const LEGACY_KEYS = ["brand", "case", "metal", "dial", "strap", "index", "complication", "view"] as const;

/**
 * The path of a watch picture, its 11 tokens joined by "-":
 * `/images/watch/rolex-round-steel-black-bracelet-dot-date-automatic-wr300-single-front.svg`.
 */
export function watchImageUrl(spec: WatchFaceSpec): string {
  return `/images/watch/${SPEC_KEYS.map((key) => spec[key]).join("-")}.svg`;
}

/** The water token for a depth in metres (30 → "wr30"); a depth not in WATCH_WATER is `unmarked`. */
export function waterToken(metres: number): WatchFaceSpec["water"] {
  const token = `wr${metres}`;
  return (WATCH_WATER as readonly string[]).includes(token) ? (token as WatchFaceSpec["water"]) : "unmarked";
}

/**
 * Reads a picture's file name back into its spec: 11 tokens joined by "-" and ".svg" (see
 * `watchImageUrl`), or the 8 tokens of the first names (…-<complication>-<view>.svg, still served
 * for stores seeded before issue 9: movement and water `unmarked`, set `single`).
 * Returns null for anything else (unknown token, wrong count, other extension); never throws.
 */
export function parseWatchImageFile(file: string): WatchFaceSpec | null {
  const match = /^([a-z0-9]+(?:-[a-z0-9]+){7}(?:(?:-[a-z0-9]+){3})?)\.svg$/.exec(file);
  if (!match) return null;
  const tokens = match[1].split("-");
  const keys: readonly string[] = tokens.length === LEGACY_KEYS.length ? LEGACY_KEYS : SPEC_KEYS;
  const fields: Record<string, string> = { movement: "unmarked", water: "unmarked", set: "single" };
  keys.forEach((key, i) => (fields[key] = tokens[i]));
  const result = watchFaceSpecSchema.safeParse(fields);
  return result.success ? result.data : null;
}

/** Options of a rendering: `seconds` (0–60, may be fractional) places the seconds hand; the video script animates it. */
export type RenderOptions = { seconds?: number; glint?: number };

// ---------------------------------------------------------------------------------------------
// Palettes

type MetalPalette = { stops: string[]; edge: string; dark: string };
const METALS: Record<WatchFaceSpec["metal"], MetalPalette> = {
  steel: { stops: ["#fbfcfd", "#bfc4cb", "#eef0f3", "#8e949d", "#dde0e4"], edge: "#7b818a", dark: "#4d525a" },
  gold: { stops: ["#fff4c4", "#d6ab3c", "#f8e08f", "#a5761b", "#e9c665"], edge: "#8d6418", dark: "#5e4210" },
  rose: { stops: ["#ffe6da", "#d39b86", "#f5cab8", "#9c6351", "#e7b29e"], edge: "#87533f", dark: "#5a372a" },
  black: { stops: ["#6b6f76", "#202227", "#4a4e55", "#0d0e10", "#34373c"], edge: "#0b0c0d", dark: "#050506" },
  titanium: { stops: ["#e3e5e7", "#959aa1", "#cdd0d3", "#6f747b", "#b4b8bd"], edge: "#62676e", dark: "#41454b" },
};

type DialPalette = { light: string; base: string; edge: string; ink: string; lightDial: boolean };
const DIALS: Record<WatchFaceSpec["dial"], DialPalette> = {
  black: { light: "#3a3c41", base: "#17181b", edge: "#050506", ink: "#f3f1ea", lightDial: false },
  blue: { light: "#3d68c4", base: "#1d3d8c", edge: "#0c1d4a", ink: "#f3f1ea", lightDial: false },
  green: { light: "#3f8a5f", base: "#1d5a3a", edge: "#0b2c1b", ink: "#f3f1ea", lightDial: false },
  white: { light: "#ffffff", base: "#f6f5f1", edge: "#dcdad3", ink: "#1b1c20", lightDial: true },
  silver: { light: "#f2f3f5", base: "#d5d8dc", edge: "#a9aeb5", ink: "#1b1c20", lightDial: true },
  champagne: { light: "#f7ead0", base: "#e4cf9f", edge: "#b99c5f", ink: "#2a2218", lightDial: true },
  grey: { light: "#7c8189", base: "#555a62", edge: "#2e3237", ink: "#f3f1ea", lightDial: false },
  brown: { light: "#8a5c3a", base: "#5b3a24", edge: "#2c1b10", ink: "#f6eee2", lightDial: false },
  salmon: { light: "#fbd3c1", base: "#eeae93", edge: "#c98266", ink: "#2a1d18", lightDial: true },
  burgundy: { light: "#9c2f42", base: "#6e1b2a", edge: "#3a0c15", ink: "#f6eee2", lightDial: false },
  pearl: { light: "#ffffff", base: "#f1ecef", edge: "#d6d0e0", ink: "#24222a", lightDial: true },
};

type StrapPalette = { kind: "links" | "jubilee" | "mesh" | "leather" | "rubber" | "nato" | "resin"; colours: string[] };
function strapPalette(strap: WatchFaceSpec["strap"], metal: MetalPalette): StrapPalette {
  switch (strap) {
    case "bracelet":
      return { kind: "links", colours: metal.stops };
    case "jubilee":
      return { kind: "jubilee", colours: metal.stops };
    case "mesh":
      return { kind: "mesh", colours: metal.stops };
    case "whiteceramic":
      return { kind: "links", colours: ["#ffffff", "#e4e4e2", "#fbfbfa", "#c9c9c6", "#efefed"] };
    case "brownleather":
      return { kind: "leather", colours: ["#4a2a16", "#7a4a2a", "#5c3720"] };
    case "blackleather":
      return { kind: "leather", colours: ["#0e0d0c", "#2f2b28", "#1a1817"] };
    case "tanleather":
      return { kind: "leather", colours: ["#7c4a22", "#b67a45", "#955c30"] };
    case "blackrubber":
      return { kind: "rubber", colours: ["#0f1012", "#2c2e33", "#1a1b1e"] };
    case "bluerubber":
      return { kind: "rubber", colours: ["#142a66", "#2f56b0", "#1e3c86"] };
    case "greennato":
      return { kind: "nato", colours: ["#39452b", "#56653f", "#46543a"] };
    case "blackresin":
      return { kind: "resin", colours: ["#0c0c0d", "#2a2b2e", "#18191b"] };
  }
}

/** A soft backdrop per brand so a page of pictures is not monotonous. */
const BACKDROPS: Record<WatchFaceSpec["brand"], [string, string]> = {
  rolex: ["#f6f7f2", "#dfe4d8"],
  casio: ["#f4f6f8", "#d9dee5"],
  seiko: ["#f5f5f7", "#dcdde6"],
  fossil: ["#f8f4ef", "#e6ddd2"],
  rado: ["#f3f4f4", "#d8dcdc"],
  patekphilippe: ["#f7f5f0", "#e4ded2"],
  cartier: ["#f9f3f1", "#ead9d5"],
  tissot: ["#f4f6f7", "#d9e0e4"],
};

type Wordmark = { text: string; sub?: string; foot?: string; font: string; weight: number; size: number; spacing: number; italic?: boolean };
const WORDMARKS: Record<WatchFaceSpec["brand"], Wordmark> = {
  rolex: { text: "ROLEX", sub: "OYSTER PERPETUAL", foot: "SWISS MADE", font: "Georgia, 'DejaVu Serif', serif", weight: 600, size: 22, spacing: 3 },
  casio: { text: "CASIO", sub: "WATER RESIST", font: "Arial, 'DejaVu Sans', sans-serif", weight: 800, size: 24, spacing: 1 },
  seiko: { text: "SEIKO", sub: "AUTOMATIC", foot: "JAPAN", font: "Arial, 'DejaVu Sans', sans-serif", weight: 800, size: 22, spacing: 2 },
  fossil: { text: "FOSSIL", font: "Arial, 'DejaVu Sans', sans-serif", weight: 600, size: 19, spacing: 5 },
  rado: { text: "RADO", sub: "SWITZERLAND", foot: "SWISS MADE", font: "Arial, 'DejaVu Sans', sans-serif", weight: 700, size: 22, spacing: 7 },
  patekphilippe: { text: "PATEK PHILIPPE", sub: "GENEVE", foot: "SWISS MADE", font: "Georgia, 'DejaVu Serif', serif", weight: 500, size: 14, spacing: 2 },
  cartier: { text: "Cartier", font: "'URW Chancery L', 'Z003', Georgia, 'DejaVu Serif', serif", weight: 500, size: 26, spacing: 0, italic: true },
  tissot: { text: "TISSOT", sub: "1853", foot: "SWISS MADE", font: "Arial, 'DejaVu Sans', sans-serif", weight: 800, size: 21, spacing: 2 },
};

const BRAND_NAMES: Record<WatchFaceSpec["brand"], string> = {
  rolex: "Rolex",
  casio: "Casio",
  seiko: "Seiko",
  fossil: "Fossil",
  rado: "Rado",
  patekphilippe: "Patek Philippe",
  cartier: "Cartier",
  tissot: "Tissot",
};

// ---------------------------------------------------------------------------------------------
// Geometry helpers

const CX = 400;
const CY = 400;

function n(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/** Point at `angle` degrees clockwise from 12 o'clock, `r` from the centre. */
function polar(angle: number, r: number, cx = CX, cy = CY): [number, number] {
  const rad = (angle * Math.PI) / 180;
  return [cx + r * Math.sin(rad), cy - r * Math.cos(rad)];
}

type DialShape = { kind: "circle"; r: number } | { kind: "rect"; w: number; h: number };

/** Distance from the centre to the dial's edge in the direction `angle` (degrees from 12). */
function edgeDistance(shape: DialShape, angle: number): number {
  if (shape.kind === "circle") return shape.r;
  const rad = (angle * Math.PI) / 180;
  const dx = Math.abs(Math.sin(rad));
  const dy = Math.abs(Math.cos(rad));
  const hx = dx < 1e-9 ? Infinity : shape.w / 2 / dx;
  const hy = dy < 1e-9 ? Infinity : shape.h / 2 / dy;
  return Math.min(hx, hy);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// ---------------------------------------------------------------------------------------------
// Parts

type Ctx = {
  spec: WatchFaceSpec;
  metal: MetalPalette;
  dial: DialPalette;
  strap: StrapPalette;
  shape: DialShape;
  /** Half-width of the strap where it meets the case. */
  strapHalf: number;
  /** Where the top strap meets the case, and where the bottom one does (y). */
  lugTop: number;
  lugBottom: number;
  seconds: number;
};

function defs(ctx: Ctx, backdrop: [string, string]): string {
  const { metal, dial, strap } = ctx;
  const metalStops = metal.stops
    .map((colour, i) => `<stop offset="${n((i / (metal.stops.length - 1)) * 100)}%" stop-color="${colour}"/>`)
    .join("");
  const strapStops =
    strap.kind === "links" || strap.kind === "jubilee" || strap.kind === "mesh"
      ? strap.colours.map((c, i) => `<stop offset="${n((i / (strap.colours.length - 1)) * 100)}%" stop-color="${c}"/>`).join("")
      : `<stop offset="0%" stop-color="${strap.colours[0]}"/><stop offset="30%" stop-color="${strap.colours[1]}"/><stop offset="70%" stop-color="${strap.colours[2]}"/><stop offset="100%" stop-color="${strap.colours[0]}"/>`;
  return [
    "<defs>",
    `<radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0%" stop-color="${backdrop[0]}"/><stop offset="100%" stop-color="${backdrop[1]}"/></radialGradient>`,
    `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1">${metalStops}</linearGradient>`,
    `<linearGradient id="metalV" x1="0" y1="0" x2="1" y2="0">${metalStops}</linearGradient>`,
    `<linearGradient id="strap" x1="0" y1="0" x2="1" y2="0">${strapStops}</linearGradient>`,
    `<radialGradient id="dial" cx="42%" cy="36%" r="72%"><stop offset="0%" stop-color="${dial.light}"/><stop offset="65%" stop-color="${dial.base}"/><stop offset="100%" stop-color="${dial.edge}"/></radialGradient>`,
    `<linearGradient id="glass" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0%" stop-color="#fff" stop-opacity="0.38"/><stop offset="55%" stop-color="#fff" stop-opacity="0.04"/><stop offset="100%" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
    `<radialGradient id="floor" cx="50%" cy="50%" r="50%"><stop offset="0%" stop-color="#000" stop-opacity="0.28"/><stop offset="100%" stop-color="#000" stop-opacity="0"/></radialGradient>`,
    `<filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="0" dy="12" stdDeviation="14" flood-color="#000" flood-opacity="0.30"/></filter>`,
    `<filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feDropShadow dx="0" dy="2" stdDeviation="2" flood-color="#000" flood-opacity="0.35"/></filter>`,
    // In defs, not in the dial: a pair draws the dial twice, and an id must be unique.
    ctx.shape.kind === "rect"
      ? `<clipPath id="dialClip"><rect x="${CX - ctx.shape.w / 2}" y="${CY - ctx.shape.h / 2}" width="${ctx.shape.w}" height="${ctx.shape.h}" rx="6"/></clipPath>`
      : "",
    "</defs>",
  ].join("");
}

/** A strap running from y0 to y1 (y0 < y1), `half` wide at `attachY`, tapering towards the far end. */
function strapBand(ctx: Ctx, y0: number, y1: number, attachY: number, end: "none" | "buckle"): string {
  const { strap } = ctx;
  const half = ctx.strapHalf;
  const taperable = strap.kind === "leather" || strap.kind === "rubber" || strap.kind === "nato";
  const far = y0 < attachY - 1 ? y0 : y1;
  const farHalf = taperable ? half * 0.84 : half;
  const length = Math.abs(far - attachY) || 1;
  const halfAt = (y: number) => half + (farHalf - half) * Math.min(1, Math.abs(y - attachY) / length);
  const top = Math.min(y0, y1);
  const bottom = Math.max(y0, y1);
  const roundEnd = end === "buckle" && taperable;
  const parts: string[] = [];
  const outline = roundEnd
    ? `M${n(CX - halfAt(top))},${n(top)} L${n(CX + halfAt(top))},${n(top)} L${n(CX + halfAt(bottom - 40))},${n(bottom - 40)} Q${n(CX + halfAt(bottom))},${n(bottom)} ${CX},${n(bottom)} Q${n(CX - halfAt(bottom))},${n(bottom)} ${n(CX - halfAt(bottom - 40))},${n(bottom - 40)} Z`
    : `M${n(CX - halfAt(top))},${n(top)} L${n(CX + halfAt(top))},${n(top)} L${n(CX + halfAt(bottom))},${n(bottom)} L${n(CX - halfAt(bottom))},${n(bottom)} Z`;
  parts.push(`<path d="${outline}" fill="url(#strap)"/>`);

  switch (strap.kind) {
    case "links": {
      // Three-piece links: brushed outer links either side of a polished, slightly raised centre link.
      const pitch = 34;
      const third = half / 3;
      const rows: string[] = [];
      for (let y = top - pitch + ((attachY - top) % pitch); y < bottom; y += pitch) {
        const y0 = Math.max(top, y + 1.5);
        const y1 = Math.min(bottom, y + pitch - 1.5);
        if (y1 - y0 < 4) continue;
        rows.push(
          `<rect x="${n(CX - half)}" y="${n(y0)}" width="${n(half - third - 1.5)}" height="${n(y1 - y0)}" rx="5"/>`,
          `<rect x="${n(CX + third + 1.5)}" y="${n(y0)}" width="${n(half - third - 1.5)}" height="${n(y1 - y0)}" rx="5"/>`,
        );
      }
      parts.push(`<rect x="${n(CX - half)}" y="${n(top)}" width="${n(half * 2)}" height="${n(bottom - top)}" fill="${ctx.metal.dark}"/>`);
      parts.push(`<g fill="url(#metalV)" stroke="${ctx.metal.edge}" stroke-opacity="0.5" stroke-width="1">${rows.join("")}</g>`);
      parts.push(`<rect x="${n(CX - third)}" y="${n(top)}" width="${n(third * 2)}" height="${n(bottom - top)}" fill="url(#metal)" stroke="${ctx.metal.edge}" stroke-opacity="0.6" stroke-width="1.2"/>`);
      const seams: string[] = [];
      for (let y = top + ((attachY - top) % pitch); y < bottom; y += pitch) seams.push(`M${n(CX - third)},${n(y)}H${n(CX + third)}`);
      parts.push(`<path d="${seams.join("")}" stroke="${ctx.metal.edge}" stroke-opacity="0.35" stroke-width="1"/>`);
      parts.push(`<rect x="${n(CX - third * 0.55)}" y="${n(top)}" width="${n(third * 0.35)}" height="${n(bottom - top)}" fill="#fff" opacity="0.18"/>`);
      break;
    }
    case "jubilee": {
      const pitch = 24;
      const fifth = half / 2.6;
      for (let y = top + ((attachY - top) % pitch); y < bottom; y += pitch) {
        parts.push(`<line x1="${n(CX - half)}" y1="${n(y)}" x2="${n(CX - fifth)}" y2="${n(y)}" stroke="${ctx.metal.edge}" stroke-opacity="0.5" stroke-width="1.6"/>`);
        parts.push(`<line x1="${n(CX + fifth)}" y1="${n(y)}" x2="${n(CX + half)}" y2="${n(y)}" stroke="${ctx.metal.edge}" stroke-opacity="0.5" stroke-width="1.6"/>`);
        parts.push(`<rect x="${n(CX - fifth + 3)}" y="${n(y + 3)}" width="${n(fifth - 5)}" height="${pitch - 6}" rx="5" fill="url(#metal)" stroke="${ctx.metal.edge}" stroke-opacity="0.4"/>`);
        parts.push(`<rect x="${n(CX + 2)}" y="${n(y + pitch / 2 + 3)}" width="${n(fifth - 5)}" height="${pitch - 6}" rx="5" fill="url(#metal)" stroke="${ctx.metal.edge}" stroke-opacity="0.4"/>`);
      }
      break;
    }
    case "mesh": {
      const lines: string[] = [];
      for (let y = top; y < bottom; y += 6) lines.push(`M${n(CX - half)},${n(y)}H${n(CX + half)}`);
      parts.push(`<path d="${lines.join("")}" stroke="${ctx.metal.edge}" stroke-opacity="0.35" stroke-width="1.2"/>`);
      break;
    }
    case "leather": {
      // Stitching along both edges.
      const inset = 10;
      const stitch = (side: 1 | -1) =>
        `<path d="M${n(CX + side * (halfAt(top) - inset))},${n(top)} L${n(CX + side * (halfAt(bottom - (roundEnd ? 40 : 0)) - inset))},${n(bottom - (roundEnd ? 40 : 0))}" stroke="#efe3c8" stroke-opacity="0.7" stroke-width="2" stroke-dasharray="9 6"/>`;
      parts.push(stitch(1), stitch(-1));
      // Subtle grain.
      parts.push(`<path d="${outline}" fill="#000" opacity="0.05"/>`);
      break;
    }
    case "rubber":
    case "resin": {
      const pitch = strap.kind === "resin" ? 26 : 20;
      const lines: string[] = [];
      for (let y = top + pitch / 2; y < bottom - (roundEnd ? 30 : 0); y += pitch) {
        const h = halfAt(y) - 14;
        lines.push(`M${n(CX - h)},${n(y)}H${n(CX + h)}`);
      }
      parts.push(`<path d="${lines.join("")}" stroke="#000" stroke-opacity="0.45" stroke-width="5" stroke-linecap="round"/>`);
      parts.push(`<path d="${lines.join("")}" transform="translate(0 3)" stroke="#fff" stroke-opacity="0.08" stroke-width="2" stroke-linecap="round"/>`);
      break;
    }
    case "nato": {
      const w = half * 0.16;
      parts.push(`<rect x="${n(CX - w * 1.6)}" y="${n(top)}" width="${n(w)}" height="${n(bottom - top - (roundEnd ? 40 : 0))}" fill="#c9b98f" opacity="0.85"/>`);
      parts.push(`<rect x="${n(CX + w * 0.6)}" y="${n(top)}" width="${n(w)}" height="${n(bottom - top - (roundEnd ? 40 : 0))}" fill="#c9b98f" opacity="0.85"/>`);
      break;
    }
  }

  if (end === "buckle") {
    if (taperable) {
      // Holes, a keeper loop and a pin buckle past the end.
      for (let i = 0; i < 5; i++) {
        parts.push(`<circle cx="${CX}" cy="${n(bottom - 70 - i * 34)}" r="5" fill="#000" opacity="0.55"/>`);
      }
      const kY = bottom - 250;
      parts.push(`<rect x="${n(CX - halfAt(kY) - 6)}" y="${n(kY)}" width="${n(halfAt(kY) * 2 + 12)}" height="26" rx="8" fill="${strap.colours[0]}" stroke="#000" stroke-opacity="0.3"/>`);
      const bY = bottom - 120;
      const bh = halfAt(bY) + 16;
      parts.push(
        `<rect x="${n(CX - bh)}" y="${n(bY - 60)}" width="${n(bh * 2)}" height="110" rx="26" fill="none" stroke="url(#metal)" stroke-width="16" filter="url(#soft)"/>`,
        `<rect x="${n(CX - 5)}" y="${n(bY - 60)}" width="10" height="80" rx="5" fill="url(#metal)" stroke="${ctx.metal.edge}" stroke-width="1"/>`,
      );
    } else {
      // Folding clasp with the brand engraved.
      const cY = bottom - 150;
      const mark = WORDMARKS[ctx.spec.brand];
      parts.push(
        `<rect x="${n(CX - half - 4)}" y="${n(cY)}" width="${n(half * 2 + 8)}" height="150" rx="14" fill="url(#metal)" stroke="${ctx.metal.edge}" stroke-width="2" filter="url(#soft)"/>`,
        `<rect x="${n(CX - half * 0.55)}" y="${n(cY + 20)}" width="${n(half * 1.1)}" height="110" rx="10" fill="url(#metalV)" stroke="${ctx.metal.edge}" stroke-opacity="0.6"/>`,
        `<text x="${CX}" y="${n(cY + 75)}" transform="rotate(90 ${CX} ${n(cY + 75)})" text-anchor="middle" dominant-baseline="middle" font-family="${mark.font}" font-size="${Math.min(mark.size, 20)}" font-weight="${mark.weight}" letter-spacing="${mark.spacing}"${mark.italic ? ' font-style="italic"' : ""} fill="${ctx.metal.dark}" opacity="0.75">${escapeXml(mark.text)}</text>`,
      );
    }
  }
  return parts.join("");
}

/** The case outline, bezel and crown (everything metal around the dial). */
function caseParts(ctx: Ctx): string {
  const { spec, metal } = ctx;
  const parts: string[] = [];
  const crown = (x: number, y: number, w: number, h: number) => {
    const ridges: string[] = [];
    for (let i = 1; i < 6; i++) ridges.push(`M${n(x + 4)},${n(y + (h * i) / 6)}H${n(x + w)}`);
    return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="5" fill="url(#metalV)" stroke="${metal.edge}" stroke-width="1.5"/><path d="${ridges.join("")}" stroke="${metal.edge}" stroke-opacity="0.7" stroke-width="1.5"/>`;
  };
  switch (spec.case) {
    case "round": {
      parts.push(`<rect x="${CX - 112}" y="${CY - 182}" width="224" height="364" rx="22" fill="url(#metal)" stroke="${metal.edge}" stroke-width="2"/>`);
      parts.push(crown(CX + 158, CY - 24, 30, 48));
      parts.push(`<circle cx="${CX}" cy="${CY}" r="166" fill="url(#metal)" stroke="${metal.edge}" stroke-width="2.5"/>`);
      parts.push(bezelInsert(ctx));
      break;
    }
    case "cushion": {
      parts.push(`<rect x="${CX - 118}" y="${CY - 186}" width="236" height="372" rx="28" fill="url(#metal)" stroke="${metal.edge}" stroke-width="2"/>`);
      parts.push(crown(CX + 160, CY - 22, 28, 44));
      parts.push(`<rect x="${CX - 170}" y="${CY - 170}" width="340" height="340" rx="92" fill="url(#metal)" stroke="${metal.edge}" stroke-width="2.5"/>`);
      parts.push(`<circle cx="${CX}" cy="${CY}" r="146" fill="none" stroke="${metal.edge}" stroke-opacity="0.55" stroke-width="2"/>`);
      break;
    }
    case "square": {
      // A rectangular case with side rails (brancards), crown with a cabochon.
      parts.push(`<rect x="${CX - 132}" y="${CY - 175}" width="264" height="350" rx="22" fill="url(#metal)" stroke="${metal.edge}" stroke-width="2.5"/>`);
      parts.push(`<rect x="${CX - 132}" y="${CY - 175}" width="34" height="350" rx="16" fill="url(#metalV)" stroke="${metal.edge}" stroke-opacity="0.7"/>`);
      parts.push(`<rect x="${CX + 98}" y="${CY - 175}" width="34" height="350" rx="16" fill="url(#metalV)" stroke="${metal.edge}" stroke-opacity="0.7"/>`);
      parts.push(`<rect x="${CX + 132}" y="${CY - 14}" width="20" height="28" rx="4" fill="url(#metalV)" stroke="${metal.edge}"/>`);
      parts.push(`<circle cx="${CX + 158}" cy="${CY}" r="10" fill="#1f3a93" stroke="${metal.edge}" stroke-width="2"/>`);
      break;
    }
    case "octagon": {
      parts.push(`<rect x="${CX - 122}" y="${CY - 184}" width="244" height="368" rx="20" fill="url(#metal)" stroke="${metal.edge}" stroke-width="2"/>`);
      parts.push(crown(CX + 160, CY - 22, 28, 44));
      parts.push(`<circle cx="${CX}" cy="${CY}" r="172" fill="url(#metal)" stroke="${metal.edge}" stroke-width="2.5"/>`);
      const pts = Array.from({ length: 8 }, (_, i) => polar(22.5 + i * 45, 162).map(n).join(",")).join(" ");
      parts.push(`<polygon points="${pts}" fill="url(#metalV)" stroke="${metal.edge}" stroke-width="2.5" stroke-linejoin="round"/>`);
      for (let i = 0; i < 8; i++) {
        const [x, y] = polar(22.5 + i * 45, 146);
        parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="7" fill="url(#metal)" stroke="${metal.edge}" stroke-width="1.5"/><path d="M${n(x - 4)},${n(y)}H${n(x + 4)}" stroke="${metal.dark}" stroke-width="2"/>`);
      }
      break;
    }
    case "digital": {
      const body = spec.metal === "black" || spec.strap === "blackresin" ? "#1b1c1f" : "url(#metal)";
      parts.push(`<path d="M${CX - 150},${CY - 196} h300 l28,40 v312 l-28,40 h-300 l-28,-40 v-312 z" fill="${body}" stroke="${metal.edge}" stroke-width="3" stroke-linejoin="round"/>`);
      for (const [x, y] of [
        [CX - 196, CY - 100],
        [CX - 196, CY + 60],
        [CX + 178, CY - 100],
        [CX + 178, CY + 60],
      ]) {
        parts.push(`<rect x="${x}" y="${y}" width="18" height="40" rx="6" fill="url(#metalV)" stroke="${metal.edge}"/>`);
      }
      parts.push(`<rect x="${CX - 150}" y="${CY - 170}" width="300" height="340" rx="36" fill="#111214" stroke="#000" stroke-width="2"/>`);
      break;
    }
  }
  return parts.join("");
}

/** The case's outline in its darkest tone: the side of the case in the angled view. */
function caseSilhouette(ctx: Ctx): string {
  const fill = `fill="${ctx.metal.dark}" stroke="${ctx.metal.edge}" stroke-width="2"`;
  switch (ctx.spec.case) {
    case "round":
      return `<rect x="${CX - 112}" y="${CY - 182}" width="224" height="364" rx="22" ${fill}/><circle cx="${CX}" cy="${CY}" r="166" ${fill}/>`;
    case "cushion":
      return `<rect x="${CX - 170}" y="${CY - 170}" width="340" height="340" rx="92" ${fill}/>`;
    case "square":
      return `<rect x="${CX - 132}" y="${CY - 175}" width="264" height="350" rx="22" ${fill}/>`;
    case "octagon":
      return `<rect x="${CX - 122}" y="${CY - 184}" width="244" height="368" rx="20" ${fill}/><circle cx="${CX}" cy="${CY}" r="172" ${fill}/>`;
    case "digital":
      return `<path d="M${CX - 150},${CY - 196} h300 l28,40 v312 l-28,40 h-300 l-28,-40 v-312 z" ${fill}/>`;
  }
}

/** Diver's 60-minute or GMT 24-hour bezel on round cases; nothing otherwise. */
function bezelInsert(ctx: Ctx): string {
  const { spec, dial } = ctx;
  const parts: string[] = [];
  const outer = 160;
  const inner = 140;
  if (spec.complication === "gmt") {
    const [topColour, bottomColour] = spec.dial === "blue" || spec.dial === "black" ? ["#9f1d2c", "#1d3b86"] : ["#1c1d20", "#4a4f57"];
    parts.push(`<circle cx="${CX}" cy="${CY}" r="${(outer + inner) / 2}" fill="none" stroke="${bottomColour}" stroke-width="${outer - inner}"/>`);
    parts.push(
      `<path d="M${CX - (outer + inner) / 2},${CY} A${(outer + inner) / 2},${(outer + inner) / 2} 0 0 1 ${CX + (outer + inner) / 2},${CY}" fill="none" stroke="${topColour}" stroke-width="${outer - inner}"/>`,
    );
    for (let h = 0; h < 24; h++) {
      const angle = h * 15;
      if (h === 0) {
        const [x1, y1] = polar(-5, outer - 3);
        const [x2, y2] = polar(5, outer - 3);
        const [x3, y3] = polar(0, inner + 4);
        parts.push(`<polygon points="${n(x1)},${n(y1)} ${n(x2)},${n(y2)} ${n(x3)},${n(y3)}" fill="#f2ead2"/>`);
      } else if (h % 2 === 0) {
        const [x, y] = polar(angle, (outer + inner) / 2);
        parts.push(`<text x="${n(x)}" y="${n(y)}" transform="rotate(${angle} ${n(x)} ${n(y)})" text-anchor="middle" dominant-baseline="central" font-family="Arial, 'DejaVu Sans', sans-serif" font-size="12" font-weight="700" fill="#f2ead2">${h}</text>`);
      } else {
        const [x, y] = polar(angle, (outer + inner) / 2);
        parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="2.2" fill="#f2ead2"/>`);
      }
    }
  } else if (spec.index === "dot") {
    const insert = dial.lightDial ? "#17181b" : dial.base;
    parts.push(`<circle cx="${CX}" cy="${CY}" r="${(outer + inner) / 2}" fill="none" stroke="${insert}" stroke-width="${outer - inner}"/>`);
    parts.push(`<circle cx="${CX}" cy="${CY}" r="${(outer + inner) / 2}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="${outer - inner}"/>`);
    for (let m = 0; m < 60; m++) {
      const angle = m * 6;
      if (m === 0) {
        const [x1, y1] = polar(-5.5, outer - 2);
        const [x2, y2] = polar(5.5, outer - 2);
        const [x3, y3] = polar(0, inner + 3);
        parts.push(`<polygon points="${n(x1)},${n(y1)} ${n(x2)},${n(y2)} ${n(x3)},${n(y3)}" fill="#f2ead2"/><circle cx="${n(polar(0, inner + 10)[0])}" cy="${n(polar(0, inner + 10)[1])}" r="3" fill="#f2ead2" opacity="0.8"/>`);
      } else if (m % 10 === 0) {
        const [x, y] = polar(angle, (outer + inner) / 2);
        parts.push(`<text x="${n(x)}" y="${n(y)}" transform="rotate(${angle} ${n(x)} ${n(y)})" text-anchor="middle" dominant-baseline="central" font-family="Arial, 'DejaVu Sans', sans-serif" font-size="15" font-weight="700" fill="#f2ead2">${m}</text>`);
      } else if (m % 5 === 0 || m < 15) {
        const [x1, y1] = polar(angle, outer - 4);
        const [x2, y2] = polar(angle, m % 5 === 0 ? inner + 4 : outer - 10);
        parts.push(`<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="#f2ead2" stroke-width="${m % 5 === 0 ? 4 : 2}"/>`);
      }
    }
  } else {
    // Polished bezel with a fine fluted edge on gold and rose cases.
    if (spec.metal === "gold" || spec.metal === "rose") {
      const lines: string[] = [];
      for (let i = 0; i < 120; i++) {
        const [x1, y1] = polar(i * 3, outer);
        const [x2, y2] = polar(i * 3, inner + 2);
        lines.push(`M${n(x1)},${n(y1)}L${n(x2)},${n(y2)}`);
      }
      parts.push(`<path d="${lines.join("")}" stroke="${ctx.metal.edge}" stroke-opacity="0.5" stroke-width="1.3"/>`);
    }
    parts.push(`<circle cx="${CX}" cy="${CY}" r="${inner}" fill="none" stroke="${ctx.metal.edge}" stroke-opacity="0.6" stroke-width="2"/>`);
  }
  return parts.join("");
}

/** The dial surface with its texture and the minute track. */
function dialSurface(ctx: Ctx): string {
  const { shape, dial, spec } = ctx;
  const parts: string[] = [];
  const shapeEl = (attrs: string) =>
    shape.kind === "circle"
      ? `<circle cx="${CX}" cy="${CY}" r="${shape.r}" ${attrs}/>`
      : `<rect x="${CX - shape.w / 2}" y="${CY - shape.h / 2}" width="${shape.w}" height="${shape.h}" rx="6" ${attrs}/>`;
  parts.push(shapeEl(`fill="url(#dial)" stroke="#000" stroke-opacity="0.35" stroke-width="2"`));

  if (spec.case === "octagon") {
    // Horizontal embossed lines.
    const r = shape.kind === "circle" ? shape.r : 120;
    const lines: string[] = [];
    for (let y = -r + 8; y < r; y += 9) {
      const half = Math.sqrt(Math.max(0, r * r - y * y)) - 3;
      lines.push(`M${n(CX - half)},${n(CY + y)}H${n(CX + half)}`);
    }
    parts.push(`<path d="${lines.join("")}" stroke="${dial.lightDial ? "#000" : "#fff"}" stroke-opacity="0.09" stroke-width="3.5"/>`);
  } else if (spec.dial === "pearl") {
    parts.push(shapeEl(`fill="#d7e8f4" opacity="0.25"`));
    parts.push(`<ellipse cx="${CX + 30}" cy="${CY + 40}" rx="90" ry="60" fill="#f4d7e6" opacity="0.35"/>`);
  } else {
    // Sunburst: faint rays from the centre.
    const rays: string[] = [];
    const reach = shape.kind === "circle" ? shape.r : Math.max(shape.w, shape.h) / 2;
    for (let i = 0; i < 72; i++) {
      const [x, y] = polar(i * 5, reach);
      rays.push(`M${CX},${CY}L${n(x)},${n(y)}`);
    }
    const clip = shape.kind === "rect" ? ` clip-path="url(#dialClip)"` : "";
    parts.push(`<path d="${rays.join("")}" stroke="${dial.lightDial ? "#000" : "#fff"}" stroke-opacity="${dial.lightDial ? 0.035 : 0.05}" stroke-width="2"${clip}/>`);
  }

  // Minute track.
  const ticks: string[] = [];
  const heavy: string[] = [];
  for (let m = 0; m < 60; m++) {
    const angle = m * 6;
    const edge = edgeDistance(shape, angle) - 6;
    const [x1, y1] = polar(angle, edge);
    const [x2, y2] = polar(angle, edge - (m % 5 === 0 ? 12 : 7));
    (m % 5 === 0 ? heavy : ticks).push(`M${n(x1)},${n(y1)}L${n(x2)},${n(y2)}`);
  }
  parts.push(`<path d="${ticks.join("")}" stroke="${dial.ink}" stroke-opacity="0.7" stroke-width="1.4"/>`);
  parts.push(`<path d="${heavy.join("")}" stroke="${dial.ink}" stroke-opacity="0.9" stroke-width="2.6"/>`);
  if (shape.kind === "rect") {
    // Railway track frame.
    for (const inset of [6, 19]) {
      parts.push(`<rect x="${CX - shape.w / 2 + inset}" y="${CY - shape.h / 2 + inset}" width="${shape.w - inset * 2}" height="${shape.h - inset * 2}" rx="3" fill="none" stroke="${dial.ink}" stroke-opacity="0.7" stroke-width="1.2"/>`);
    }
  }
  return parts.join("");
}

// ---------------------------------------------------------------------------------------------
// Dial layout: every text printed on the dial, and the windows and counters it must keep clear
// of, as boxes, so nothing overlaps (issue 9: no overlapping numerals). Sizes shrink until the
// boxes are apart; `dialLayout` exposes the result for the tests.

const SERIF = "Georgia, 'DejaVu Serif', serif";
const SANS = "Arial, 'DejaVu Sans', sans-serif";
const PRINT_SPACING = 1.2;
/** Date window centre, chronograph counters' centre distance and radius, as fractions of the dial radius. */
const DATE_AT = 0.66;
const SUBDIAL_AT = 0.46;
const SUBDIAL_R = 0.2;
/** Room kept between two boxes, in px of the 800×800 picture. */
const GAP = 2;
/** Room kept between two numerals, so they read as separate. */
const NUMERAL_GAP = 5;

/**
 * One thing on the dial: a centre (x, y), a width along its own baseline (w) and a height (h), turned
 * `rotate` degrees clockwise about the centre; texts also give their font size and, for the
 * wordmark and small print, the alphabetic baseline they are drawn on.
 */
export type DialBox = {
  role: "numeral" | "marker" | "wordmark" | "print" | "date" | "counter" | "hub";
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  rotate: number;
  size: number;
  baseline: number;
};

/**
 * Advance width of `text` at `size` px, in the wider of the fonts its stack may fall back to
 * (measured: Georgia/DejaVu Serif semi-bold, Arial/DejaVu Sans bold) plus letter spacing, so a box
 * is never narrower than the drawn text on any machine.
 */
export function textWidth(text: string, size: number, family: "serif" | "sans", spacing = 0): number {
  let em = 0;
  for (const ch of text) {
    if (ch === " " || ch === "·" || ch === "." || ch === "'" || ch === "/") em += 0.37;
    else if (ch === "I") em += family === "serif" ? 0.47 : 0.38;
    else if (/[0-9]/.test(ch)) em += 0.7;
    else if (ch === "M" || ch === "W" || ch === "m") em += 1.12;
    else if (ch === "V" || ch === "X" || ch === "L") em += 0.8;
    else if (/[a-z]/.test(ch)) em += 0.64;
    else em += family === "serif" ? 0.9 : 0.8;
  }
  return em * size + spacing * Math.max(0, [...text].length - 1);
}

/** The corners of a box, clockwise. */
function corners(box: DialBox): [number, number][] {
  const rad = (box.rotate * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  return [
    [-box.w / 2, -box.h / 2],
    [box.w / 2, -box.h / 2],
    [box.w / 2, box.h / 2],
    [-box.w / 2, box.h / 2],
  ].map(([dx, dy]) => [box.x + dx * cos - dy * sin, box.y + dx * sin + dy * cos]);
}

/** Whether two (turned) boxes come closer than `gap` px: the separating axis test on their edges. */
export function boxesOverlap(a: DialBox, b: DialBox, gap = GAP): boolean {
  const ca = corners(a);
  const cb = corners(b);
  for (const poly of [ca, cb]) {
    for (let i = 0; i < 2; i++) {
      const [x1, y1] = poly[i];
      const [x2, y2] = poly[i + 1];
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const axis = [-(y2 - y1) / len, (x2 - x1) / len];
      const project = (pts: [number, number][]) => pts.map(([x, y]) => x * axis[0] + y * axis[1]);
      const pa = project(ca);
      const pb = project(cb);
      if (Math.max(...pa) + gap <= Math.min(...pb) || Math.max(...pb) + gap <= Math.min(...pa)) return false;
    }
  }
  return true;
}

const ROMAN = ["XII", "I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "IX", "X", "XI"];

/** Whether hour `h` gives its place to the date window or a chronograph counter. */
function hourSkipped(ctx: Ctx, h: number): boolean {
  const { spec, shape } = ctx;
  if (shape.kind !== "circle") return false;
  return (spec.complication === "date" && h === 3) || (spec.complication === "chrono" && (h === 3 || h === 6 || h === 9));
}

/** Numerals at `size`: radial on round dials; on rectangular ones upright or sideways by the side they sit on. */
function numeralBoxes(ctx: Ctx, size: number): DialBox[] {
  const { spec, shape } = ctx;
  const roman = spec.index === "roman";
  const boxes: DialBox[] = [];
  const h = size * 0.8;
  for (let hour = 0; hour < 12; hour++) {
    if (hourSkipped(ctx, hour)) continue;
    const angle = hour * 30;
    const text = roman ? ROMAN[hour] : String(hour === 0 ? 12 : hour);
    const w = textWidth(text, size, roman ? "serif" : "sans");
    if (shape.kind === "circle") {
      const depth = roman ? h / 2 : Math.max(w, h) / 2;
      const [x, y] = polar(angle, shape.r - 24 - depth);
      const flip = angle > 90 && angle < 270 ? 180 : 0;
      boxes.push({ role: "numeral", text, x, y, w, h, rotate: roman ? angle + flip : 0, size, baseline: y });
    } else {
      // Which side the hour's ray meets, and how far in the numeral's centre sits.
      const inset = 23 + h / 2;
      const inner: DialShape = { kind: "rect", w: shape.w - 2 * inset, h: shape.h - 2 * inset };
      const [x, y] = polar(angle, edgeDistance(inner, angle));
      const onSide = Math.abs(x - CX) >= inner.w / 2 - 0.5 && Math.abs(y - CY) < inner.h / 2 - 0.5;
      const rotate = roman && onSide ? (x > CX ? 90 : -90) : 0;
      boxes.push({ role: "numeral", text, x, y, w, h, rotate, size, baseline: y });
    }
  }
  return boxes;
}

/** The applied hour markers (stick, diamond, dot) as boxes, as `hourMarkers` draws them. */
function markerBoxes(ctx: Ctx): DialBox[] {
  const { spec, shape } = ctx;
  if (spec.index === "roman" || spec.index === "arabic") return [];
  const boxes: DialBox[] = [];
  for (let hour = 0; hour < 12; hour++) {
    if (hourSkipped(ctx, hour)) continue;
    const angle = hour * 30;
    const edge = edgeDistance(shape, angle) - 24;
    let depth: number;
    let w: number;
    let h: number;
    if (spec.index === "dot") {
      depth = 14;
      [w, h] = hour === 0 ? [33, 31] : hour % 3 === 0 ? [17, 39] : [25, 25];
    } else {
      const len = hour === 0 ? 38 : 30;
      depth = len / 2;
      [w, h] = hour === 0 ? [29, len + 1] : spec.index === "diamond" ? [16, 22] : [11, len + 1];
    }
    const [x, y] = polar(angle, edge - depth);
    boxes.push({ role: "marker", text: "", x, y, w, h, rotate: angle, size: 0, baseline: y });
  }
  return boxes;
}

/** The printed lines of a dial, each derived from the spec (issue 9: the dial agrees with the product). */
export function dialPrint(spec: WatchFaceSpec): { upper: string[]; lower: string[] } {
  const metres = spec.water === "unmarked" ? undefined : Number(spec.water.slice(2));
  const movementWord: Partial<Record<WatchFaceSpec["movement"], string>> = {
    automatic: "AUTOMATIC",
    quartz: "QUARTZ",
    solar: "SOLAR",
    kinetic: "KINETIC",
  };
  const automatic = spec.movement === "automatic" ? ["AUTOMATIC"] : [];
  const depth = metres !== undefined && metres >= 200 ? [`${metres}m`] : [];
  switch (spec.brand) {
    case "rolex":
      return { upper: spec.movement === "automatic" ? ["OYSTER PERPETUAL"] : [], lower: [...depth, "SWISS MADE"] };
    case "casio":
      return { upper: metres !== undefined ? [`WATER RESIST ${metres}M`] : [], lower: [] };
    case "seiko":
      return { upper: movementWord[spec.movement] ? [movementWord[spec.movement]!] : [], lower: [...depth, "JAPAN"] };
    case "fossil":
      return { upper: automatic, lower: [] };
    case "rado":
      return { upper: ["SWITZERLAND", ...automatic], lower: [...depth, "SWISS MADE"] };
    case "patekphilippe":
      return { upper: ["GENEVE"], lower: ["SWISS MADE"] };
    case "cartier":
      return { upper: [], lower: [] };
    case "tissot":
      return { upper: ["1853", ...automatic], lower: [...depth, "SWISS MADE"] };
  }
}

/** A line of text drawn on an alphabetic baseline, centred on x = CX. */
function lineBox(role: "wordmark" | "print", text: string, baseline: number, size: number, width: number): DialBox {
  return { role, text, x: CX, y: baseline - size * 0.36, w: width, h: size * 0.82, rotate: 0, size, baseline };
}

const layouts = new WeakMap<Ctx, DialBox[]>();

/** The dial's boxes for a context (memoised: markers and brand text both read it). */
function layoutOf(ctx: Ctx): DialBox[] {
  let boxes = layouts.get(ctx);
  if (!boxes) {
    boxes = computeLayout(ctx);
    layouts.set(ctx, boxes);
  }
  return boxes;
}

function computeLayout(ctx: Ctx): DialBox[] {
  const { spec, shape } = ctx;
  if (spec.case === "digital") return [];
  const fixed: DialBox[] = [{ role: "hub", text: "", x: CX, y: CY, w: 24, h: 24, rotate: 0, size: 0, baseline: CY }];
  if (shape.kind === "circle" && spec.complication === "date") {
    fixed.push({ role: "date", text: "", x: CX + shape.r * DATE_AT, y: CY, w: 40, h: 30, rotate: 0, size: 0, baseline: CY });
  }
  if (shape.kind === "circle" && spec.complication === "chrono") {
    for (const angle of [90, 180, 270]) {
      const [x, y] = polar(angle, shape.r * SUBDIAL_AT);
      const d = 2 * shape.r * SUBDIAL_R;
      fixed.push({ role: "counter", text: "", x, y, w: d, h: d, rotate: 0, size: 0, baseline: y });
    }
  }
  const clear = (box: DialBox, others: DialBox[], gap = GAP) => others.every((other) => !boxesOverlap(box, other, gap));

  // Numerals: the largest size at which no two of them, nor a window or counter, touch.
  let numerals: DialBox[] = [];
  if (spec.index === "roman" || spec.index === "arabic") {
    const start = shape.kind === "rect" ? 22 : spec.index === "roman" ? 25 : 26;
    for (let size = start; size >= 10; size -= 0.5) {
      numerals = numeralBoxes(ctx, size);
      if (numerals.every((box, i) => clear(box, [...numerals.slice(i + 1), ...fixed], NUMERAL_GAP))) break;
    }
  }
  const placed = [...fixed, ...numerals, ...markerBoxes(ctx)];

  // The wordmark under 12: shrunk to fit, else on two lines.
  const mark = WORDMARKS[spec.brand];
  const family = mark.font.includes("serif") && !mark.font.startsWith("Arial") ? "serif" : "sans";
  const reach = shape.kind === "circle" ? shape.r : shape.h / 2;
  const top = CY - reach * (numerals.length > 0 ? 0.36 : 0.46);
  const wordmarkLines = (size: number, lines: string[]) =>
    lines.map((text, i) => lineBox("wordmark", text, top + i * size * 1.1, size, textWidth(text, size, family, mark.spacing)));
  let wordmark: DialBox[] = [];
  const splits = mark.text.includes(" ") ? [[mark.text], mark.text.split(" ")] : [[mark.text]];
  // Largest size first; at each size, nudged down (up to 16 px) past the marker at 12.
  search: for (const lines of splits) {
    for (let size = mark.size; size >= mark.size * 0.6; size -= 0.5) {
      for (let shift = 0; shift <= 16; shift += 2) {
        wordmark = wordmarkLines(size, lines).map((box) => ({ ...box, y: box.y + shift, baseline: box.baseline + shift }));
        if (wordmark.every((box) => clear(box, placed))) break search;
      }
    }
  }
  placed.push(...wordmark);

  // Small print: under the wordmark, and above 6; a line that would touch anything is left out.
  const print = dialPrint(spec);
  const out: DialBox[] = [];
  if (spec.complication !== "chrono") {
    let baseline = wordmark[wordmark.length - 1].baseline + 20;
    // The largest size from `size` down to 6.5 px at which the line touches nothing; undefined if none.
    const fit = (text: string, at: number, size: number) => {
      for (let s = size; s >= 6.5; s -= 0.5) {
        const box = lineBox("print", text, at, s, textWidth(text, s, "sans", PRINT_SPACING));
        if (clear(box, [...placed, ...out])) return box;
      }
      return undefined;
    };
    for (const text of print.upper) {
      const box = fit(text, baseline, 9.5);
      if (box) {
        out.push(box);
        baseline += 12;
      }
    }
    baseline = CY + reach * 0.62;
    for (const text of [...print.lower].reverse()) {
      const box = fit(text, baseline, 8);
      if (box) {
        out.push(box);
        baseline -= 11;
      }
    }
  }
  return [...placed, ...out];
}

/**
 * The boxes of everything printed on the dial of `spec` (numerals, wordmark, small print) and
 * of what they must keep clear of (date window, chronograph counters, the hands' hub), in the
 * 800×800 picture's coordinates before the view's zoom. Empty for the digital case (a fixed LCD).
 */
export function dialLayout(spec: WatchFaceSpec): DialBox[] {
  return layoutOf(context(spec, 35));
}

function markerFill(ctx: Ctx): { fill: string; stroke: string; lume: string } {
  if (ctx.dial.lightDial) return { fill: ctx.spec.metal === "gold" || ctx.spec.metal === "rose" ? "url(#metal)" : "#2a2d33", stroke: ctx.metal.dark, lume: "#f6f4ea" };
  return { fill: "url(#metal)", stroke: ctx.metal.edge, lume: "#f3efdc" };
}

/** Hour markers in the spec's style. */
function hourMarkers(ctx: Ctx): string {
  const { spec, shape, dial } = ctx;
  const parts: string[] = [];
  const { fill, stroke, lume } = markerFill(ctx);
  const skip = (h: number) =>
    (spec.complication === "date" && h === 3 && shape.kind === "circle") ||
    (spec.complication === "chrono" && (h === 3 || h === 6 || h === 9) && shape.kind === "circle");
  for (let h = 0; h < 12; h++) {
    if (skip(h)) continue;
    const angle = h * 30;
    const edge = edgeDistance(shape, angle) - 24;
    switch (spec.index) {
      case "stick":
      case "diamond": {
        const len = h === 0 ? 38 : 30;
        const widths = h === 0 ? [-9, 9] : [0];
        for (const offset of widths) {
          const [x, y] = polar(angle, edge - len / 2);
          if (spec.index === "diamond" && h !== 0) {
            parts.push(`<polygon points="${n(x)},${n(y - 10)} ${n(x + 7)},${n(y)} ${n(x)},${n(y + 10)} ${n(x - 7)},${n(y)}" transform="rotate(${angle} ${n(x)} ${n(y)})" fill="#ffffff" stroke="#9fb6cf" stroke-width="1.5"/><circle cx="${n(x - 2)}" cy="${n(y - 3)}" r="1.6" fill="#fff"/>`);
          } else {
            parts.push(`<rect x="${n(x - 5 + offset)}" y="${n(y - len / 2)}" width="10" height="${len}" rx="2" transform="rotate(${angle} ${n(x)} ${n(y)})" fill="${fill}" stroke="${stroke}" stroke-width="1"/>`);
            if (!dial.lightDial) parts.push(`<rect x="${n(x - 2 + offset)}" y="${n(y - len / 2 + 4)}" width="4" height="${len - 8}" rx="1" transform="rotate(${angle} ${n(x)} ${n(y)})" fill="${lume}"/>`);
          }
        }
        break;
      }
      case "dot": {
        const [x, y] = polar(angle, edge - 14);
        if (h === 0) {
          parts.push(`<polygon points="${n(x - 15)},${n(y - 14)} ${n(x + 15)},${n(y - 14)} ${n(x)},${n(y + 14)}" fill="${lume}" stroke="${ctx.metal.edge}" stroke-width="2.5"/>`);
        } else if (h % 3 === 0) {
          parts.push(`<rect x="${n(x - 7)}" y="${n(y - 18)}" width="14" height="36" rx="2" transform="rotate(${angle} ${n(x)} ${n(y)})" fill="${lume}" stroke="${ctx.metal.edge}" stroke-width="2.5"/>`);
        } else {
          parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="11" fill="${lume}" stroke="${ctx.metal.edge}" stroke-width="2.5"/>`);
        }
        break;
      }
      case "roman":
      case "arabic":
        break; // drawn from the layout below
    }
  }
  for (const box of layoutOf(ctx).filter((b) => b.role === "numeral")) {
    const font = spec.index === "roman" ? `font-family="${SERIF}"` : `font-family="${SANS}" font-weight="700"`;
    const turn = box.rotate === 0 ? "" : ` transform="rotate(${n(box.rotate)} ${n(box.x)} ${n(box.y)})"`;
    parts.push(`<text x="${n(box.x)}" y="${n(box.y)}"${turn} text-anchor="middle" dominant-baseline="central" ${font} font-size="${n(box.size)}" fill="${dial.ink}">${box.text}</text>`);
  }
  return parts.join("");
}

/** Brand wordmark under 12, the lines under it, and the small print above 6, placed by `dialLayout`. */
function brandText(ctx: Ctx): string {
  const { spec, dial } = ctx;
  const mark = WORDMARKS[spec.brand];
  const parts: string[] = [];
  for (const box of layoutOf(ctx)) {
    if (box.role === "wordmark") {
      const font = `font-family="${mark.font}" font-weight="${mark.weight}" letter-spacing="${mark.spacing}"${mark.italic ? ' font-style="italic"' : ""}`;
      parts.push(`<text x="${n(box.x)}" y="${n(box.baseline)}" text-anchor="middle" ${font} font-size="${n(box.size)}" fill="${dial.ink}">${escapeXml(box.text)}</text>`);
    } else if (box.role === "print") {
      parts.push(`<text x="${n(box.x)}" y="${n(box.baseline)}" text-anchor="middle" font-family="${SANS}" font-size="${n(box.size)}" letter-spacing="${PRINT_SPACING}" fill="${dial.ink}" opacity="0.8">${escapeXml(box.text)}</text>`);
    }
  }
  return parts.join("");
}

function complications(ctx: Ctx): string {
  const { spec, dial, shape } = ctx;
  if (shape.kind !== "circle") return "";
  const r = shape.r;
  const parts: string[] = [];
  if (spec.complication === "date") {
    const x = CX + r * DATE_AT;
    parts.push(`<rect x="${n(x - 20)}" y="${CY - 15}" width="40" height="30" rx="3" fill="#fbfaf5" stroke="${ctx.metal.edge}" stroke-width="2.5"/>`);
    parts.push(`<text x="${n(x)}" y="${CY + 1}" text-anchor="middle" dominant-baseline="central" font-family="Arial, 'DejaVu Sans', sans-serif" font-weight="700" font-size="19" fill="#15161a">24</text>`);
  }
  if (spec.complication === "chrono") {
    const ring = dial.lightDial ? "#2a2d33" : "#e9e6dc";
    const sub = dial.lightDial ? "#1d1f24" : "#f2efe6";
    for (const [angle, handAngle] of [
      [90, 200],
      [180, 40],
      [270, 300],
    ]) {
      const [x, y] = polar(angle, r * SUBDIAL_AT);
      const sr = r * SUBDIAL_R;
      parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(sr)}" fill="${sub}" fill-opacity="0.12" stroke="${ring}" stroke-width="2"/>`);
      const ticks: string[] = [];
      for (let i = 0; i < 12; i++) {
        const [x1, y1] = polar(i * 30, sr - 2, x, y);
        const [x2, y2] = polar(i * 30, sr - 8, x, y);
        ticks.push(`M${n(x1)},${n(y1)}L${n(x2)},${n(y2)}`);
      }
      parts.push(`<path d="${ticks.join("")}" stroke="${ring}" stroke-width="1.6"/>`);
      const [hx, hy] = polar(handAngle, sr - 6, x, y);
      parts.push(`<line x1="${n(x)}" y1="${n(y)}" x2="${n(hx)}" y2="${n(hy)}" stroke="${ring}" stroke-width="3" stroke-linecap="round"/><circle cx="${n(x)}" cy="${n(y)}" r="4" fill="${ring}"/>`);
    }
  }
  return parts.join("");
}

/** Hour and minute hands at 10:10, the seconds hand at `ctx.seconds`, the GMT hand when present. */
function hands(ctx: Ctx): string {
  const { dial, shape, spec } = ctx;
  const reach = shape.kind === "circle" ? shape.r : Math.min(shape.w, shape.h) / 2 + 20;
  const parts: string[] = [];
  const dark = dial.lightDial;
  const blued = spec.index === "roman";
  const handFill = blued ? "#1d2f6f" : dark ? "#1f2228" : "url(#metal)";
  const handStroke = blued ? "#0f1a40" : dark ? "#0c0d10" : ctx.metal.edge;
  const lume = "#f4f1e2";

  const baton = (angle: number, length: number, width: number, withLume: boolean) => {
    const w = width / 2;
    const path = blued
      ? `M${CX},${CY - length} L${CX + w},${CY - length * 0.55} L${CX + w * 0.5},${CY + 18} L${CX - w * 0.5},${CY + 18} L${CX - w},${CY - length * 0.55} Z`
      : `M${CX - w * 0.55},${CY - length} L${CX + w * 0.55},${CY - length} L${CX + w},${CY - length + 12} L${CX + w * 0.7},${CY + 20} L${CX - w * 0.7},${CY + 20} L${CX - w},${CY - length + 12} Z`;
    let el = `<path d="${path}" transform="rotate(${n(angle)} ${CX} ${CY})" fill="${handFill}" stroke="${handStroke}" stroke-width="1.2" stroke-linejoin="round"/>`;
    if (withLume && !blued && !dark) {
      el += `<rect x="${CX - w * 0.38}" y="${n(CY - length + 16)}" width="${n(w * 0.76)}" height="${n(length * 0.62)}" rx="${n(w * 0.3)}" transform="rotate(${n(angle)} ${CX} ${CY})" fill="${lume}" opacity="0.95"/>`;
    }
    return el;
  };

  const hourAngle = (10 + 10 / 60) * 30;
  const minuteAngle = 10 * 6 + (ctx.seconds / 60) * 6;
  parts.push(`<g filter="url(#soft)">`);
  if (spec.complication === "gmt" && shape.kind === "circle") {
    const gmtAngle = 62;
    const length = reach * 0.86;
    parts.push(
      `<g transform="rotate(${gmtAngle} ${CX} ${CY})"><line x1="${CX}" y1="${CY}" x2="${CX}" y2="${n(CY - length + 12)}" stroke="#b3202d" stroke-width="3"/><polygon points="${CX - 10},${n(CY - length + 18)} ${CX + 10},${n(CY - length + 18)} ${CX},${n(CY - length - 6)}" fill="#b3202d" stroke="${ctx.metal.edge}" stroke-width="1"/></g>`,
    );
  }
  parts.push(baton(hourAngle, reach * 0.52, 16, true));
  parts.push(baton(minuteAngle, reach * 0.8, 12, true));
  const secondsColour = dark ? "#c8102e" : spec.index === "dot" ? "#e0e0e0" : "#e2452f";
  const sa = (ctx.seconds / 60) * 360;
  parts.push(
    `<g transform="rotate(${n(sa)} ${CX} ${CY})"><line x1="${CX}" y1="${n(CY + reach * 0.22)}" x2="${CX}" y2="${n(CY - reach * 0.9)}" stroke="${secondsColour}" stroke-width="2.6" stroke-linecap="round"/><circle cx="${CX}" cy="${n(CY + reach * 0.16)}" r="6" fill="${secondsColour}"/></g>`,
  );
  parts.push(`<circle cx="${CX}" cy="${CY}" r="9" fill="${handFill}" stroke="${handStroke}" stroke-width="1.2"/><circle cx="${CX}" cy="${CY}" r="3.5" fill="${secondsColour}"/>`);
  parts.push("</g>");
  return parts.join("");
}

// 7-segment digits for the digital case: segments a b c d e f g.
const SEGMENTS: Record<string, string> = {
  "0": "abcdef",
  "1": "bc",
  "2": "abdeg",
  "3": "abcdg",
  "4": "bcfg",
  "5": "acdfg",
  "6": "acdefg",
  "7": "abc",
  "8": "abcdefg",
  "9": "abcdfg",
};

function sevenSegment(digit: string, x: number, y: number, w: number, h: number, colour: string): string {
  const t = w * 0.2;
  const half = h / 2;
  const seg: Record<string, string> = {
    a: `M${n(x + t)},${n(y)}h${n(w - 2 * t)}l${n(-t / 2)},${n(t)}h${n(-(w - 3 * t))}z`,
    d: `M${n(x + t)},${n(y + h)}h${n(w - 2 * t)}l${n(-t / 2)},${n(-t)}h${n(-(w - 3 * t))}z`,
    g: `M${n(x + t / 2)},${n(y + half)}l${n(t / 2)},${n(-t / 2)}h${n(w - 2 * t)}l${n(t / 2)},${n(t / 2)}l${n(-t / 2)},${n(t / 2)}h${n(-(w - 2 * t))}z`,
    f: `M${n(x)},${n(y + t)}l${n(t)},${n(t / 2)}v${n(half - 2 * t)}l${n(-t)},${n(t / 2)}z`,
    b: `M${n(x + w)},${n(y + t)}l${n(-t)},${n(t / 2)}v${n(half - 2 * t)}l${n(t)},${n(t / 2)}z`,
    e: `M${n(x)},${n(y + half + t / 2)}l${n(t)},${n(t / 2)}v${n(half - 2 * t)}l${n(-t)},${n(t / 2)}z`,
    c: `M${n(x + w)},${n(y + half + t / 2)}l${n(-t)},${n(t / 2)}v${n(half - 2 * t)}l${n(t)},${n(t / 2)}z`,
  };
  const on = SEGMENTS[digit] ?? "";
  return `<path d="${[...on].map((s) => seg[s]).join("")}" fill="${colour}"/>`;
}

/** The LCD face of the digital case: time 10:10 with seconds, day and date, brand. */
function digitalFace(ctx: Ctx): string {
  const { dial, spec } = ctx;
  const parts: string[] = [];
  const mark = WORDMARKS[spec.brand];
  const face = dial.lightDial ? "#e9ebe6" : dial.base;
  const faceInk = dial.lightDial ? "#22252a" : dial.ink;
  parts.push(`<rect x="${CX - 132}" y="${CY - 152}" width="264" height="304" rx="26" fill="${face}" stroke="#000" stroke-opacity="0.5" stroke-width="2"/>`);
  parts.push(`<text x="${CX}" y="${CY - 118}" text-anchor="middle" font-family="${mark.font}" font-weight="${mark.weight}" font-size="${mark.size}" letter-spacing="${mark.spacing}" fill="${faceInk}">${escapeXml(mark.text)}</text>`);
  const water = spec.water === "unmarked" ? "" : `WATER RESIST · ${spec.water.slice(2)}M`;
  if (water) parts.push(`<text x="${CX}" y="${CY + 132}" text-anchor="middle" font-family="Arial, 'DejaVu Sans', sans-serif" font-size="10" letter-spacing="1.5" fill="${faceInk}" opacity="0.85">${water}</text>`);
  // LCD
  parts.push(`<rect x="${CX - 108}" y="${CY - 92}" width="216" height="180" rx="12" fill="#aeb8a4" stroke="#3a3f38" stroke-width="3"/>`);
  parts.push(`<rect x="${CX - 108}" y="${CY - 92}" width="216" height="60" rx="12" fill="#fff" opacity="0.12"/>`);
  const lcdInk = "#1c211b";
  parts.push(`<text x="${CX - 90}" y="${CY - 58}" font-family="Arial, 'DejaVu Sans', sans-serif" font-weight="700" font-size="17" fill="${lcdInk}">SU</text>`);
  parts.push(sevenSegment("2", CX + 40, CY - 76, 16, 28, lcdInk), sevenSegment("4", CX + 62, CY - 76, 16, 28, lcdInk));
  parts.push(`<line x1="${CX - 96}" y1="${CY - 38}" x2="${CX + 96}" y2="${CY - 38}" stroke="${lcdInk}" stroke-opacity="0.35" stroke-width="1.5"/>`);
  const digits = ["1", "0", "1", "0"];
  const xs = [CX - 98, CX - 60, CX - 8, CX + 30];
  digits.forEach((d, i) => parts.push(sevenSegment(d, xs[i], CY - 22, 32, 62, lcdInk)));
  parts.push(`<rect x="${CX - 23}" y="${CY - 4}" width="7" height="7" fill="${lcdInk}"/><rect x="${CX - 23}" y="${CY + 20}" width="7" height="7" fill="${lcdInk}"/>`);
  const secs = String(Math.floor(ctx.seconds) % 60).padStart(2, "0");
  parts.push(sevenSegment(secs[0], CX + 72, CY + 8, 13, 30, lcdInk), sevenSegment(secs[1], CX + 89, CY + 8, 13, 30, lcdInk));
  parts.push(`<text x="${CX - 96}" y="${CY + 70}" font-family="Arial, 'DejaVu Sans', sans-serif" font-size="11" font-weight="700" fill="${lcdInk}" opacity="0.85">PM</text>`);
  // Buttons' labels
  for (const [x, label, anchor] of [
    [CX - 124, "LIGHT", "start"],
    [CX + 124, "START", "end"],
  ] as const) {
    parts.push(`<text x="${x}" y="${CY - 132}" text-anchor="${anchor}" font-family="Arial, 'DejaVu Sans', sans-serif" font-size="9" fill="${faceInk}" opacity="0.8">${label}</text>`);
  }
  return parts.join("");
}

/** Crystal reflection: a soft diagonal highlight across the upper left. */
function glass(ctx: Ctx, glint: number): string {
  const { shape } = ctx;
  const r = shape.kind === "circle" ? shape.r : Math.max(shape.w, shape.h) / 2;
  const offset = (glint - 0.5) * 60;
  return `<path d="M${n(CX - r * 0.92 + offset)},${n(CY - r * 0.25)} A${r},${r} 0 0 1 ${n(CX + r * 0.35 + offset)},${n(CY - r * 0.93)} Q${n(CX - r * 0.2 + offset)},${n(CY - r * 0.55)} ${n(CX - r * 0.92 + offset)},${n(CY - r * 0.25)} Z" fill="url(#glass)"/>`;
}

/** The watch as one group, pointing up, centred on (400, 400). `bottomEnd` ends the lower strap with its buckle at y. */
function watch(ctx: Ctx, opts: { strapTop: number; strapBottom: number; buckle: boolean; glint: number }): string {
  const parts: string[] = [];
  parts.push(strapBand(ctx, opts.strapTop, ctx.lugTop + 4, ctx.lugTop + 4, "none"));
  parts.push(strapBand(ctx, ctx.lugBottom - 4, opts.strapBottom, ctx.lugBottom - 4, opts.buckle ? "buckle" : "none"));
  parts.push(`<g filter="url(#shadow)">${caseParts(ctx)}</g>`);
  if (ctx.spec.case === "digital") {
    parts.push(digitalFace(ctx));
  } else {
    parts.push(dialSurface(ctx), hourMarkers(ctx), complications(ctx), brandText(ctx), hands(ctx));
  }
  parts.push(glass(ctx, opts.glint));
  return parts.join("");
}

function context(spec: WatchFaceSpec, seconds: number): Ctx {
  const metal = METALS[spec.metal];
  const shapes: Record<WatchFaceSpec["case"], DialShape> = {
    round: { kind: "circle", r: spec.index === "dot" || spec.complication === "gmt" ? 136 : 138 },
    cushion: { kind: "circle", r: 140 },
    square: { kind: "rect", w: 176, h: 264 },
    octagon: { kind: "circle", r: 132 },
    digital: { kind: "circle", r: 130 },
  };
  const strapHalf: Record<WatchFaceSpec["case"], number> = { round: 96, cushion: 100, square: 84, octagon: 104, digital: 118 };
  const lugs: Record<WatchFaceSpec["case"], [number, number]> = {
    round: [CY - 182, CY + 182],
    cushion: [CY - 186, CY + 186],
    square: [CY - 175, CY + 175],
    octagon: [CY - 184, CY + 184],
    digital: [CY - 196, CY + 196],
  };
  return {
    spec,
    metal,
    dial: DIALS[spec.dial],
    strap: strapPalette(spec.strap, metal),
    shape: shapes[spec.case],
    strapHalf: strapHalf[spec.case],
    lugTop: lugs[spec.case][0],
    lugBottom: lugs[spec.case][1],
    seconds,
  };
}

/** A short text description of the picture, for the SVG's <title>. */
export function describeWatchFace(spec: WatchFaceSpec): string {
  const strap = spec.strap.replace(/(leather|rubber|nato|ceramic|resin)$/, " $1");
  const views: Record<WatchView, string> = { front: "front view", angle: "angled view", dial: "dial close-up", strap: "strap and clasp" };
  const what = spec.set === "pair" ? "his-and-hers pair of watches" : "watch";
  const cases = spec.set === "pair" ? "cases" : "case";
  return `${BRAND_NAMES[spec.brand]} ${what}, ${spec.dial} dial, ${spec.metal} ${spec.case} ${cases}, ${strap} strap, ${views[spec.view]}`;
}

/** Where each watch of a picture sits: its group's transform, and the strap's ends (see `watch`). */
type Placement = { name: "one" | "his" | "hers"; transform: string; strapTop: number; strapBottom: number; buckle: boolean; glint: number; side?: boolean };

/** The watches a view draws: one, or a pair (his larger, hers smaller beside it). */
function placements(spec: WatchFaceSpec, glint: number): Placement[] {
  const pair = spec.set === "pair";
  switch (spec.view) {
    case "front":
      return pair
        ? [
            { name: "his", transform: "translate(262 400) scale(0.8) translate(-400 -400)", strapTop: -340, strapBottom: 1140, buckle: false, glint },
            { name: "hers", transform: "translate(574 414) scale(0.62) translate(-400 -400)", strapTop: -340, strapBottom: 1140, buckle: false, glint },
          ]
        : [{ name: "one", transform: "translate(400 400) scale(1.16) translate(-400 -400)", strapTop: -80, strapBottom: 880, buckle: false, glint }];
    case "angle":
      return pair
        ? [
            { name: "his", transform: "rotate(-16 400 400) translate(270 380) scale(0.74 0.78) translate(-400 -400)", strapTop: -420, strapBottom: 1220, buckle: false, glint: 0.2, side: true },
            { name: "hers", transform: "rotate(-16 400 400) translate(560 420) scale(0.58 0.61) translate(-400 -400)", strapTop: -420, strapBottom: 1220, buckle: false, glint: 0.2, side: true },
          ]
        : [{ name: "one", transform: "translate(410 400) rotate(-24) scale(1 1.06) translate(-400 -400)", strapTop: -220, strapBottom: 1020, buckle: false, glint: 0.2, side: true }];
    case "dial":
      return pair
        ? [
            { name: "his", transform: "translate(285 400) scale(1.25) translate(-400 -400)", strapTop: -20, strapBottom: 820, buckle: false, glint: 0.7 },
            { name: "hers", transform: "translate(612 480) scale(0.92) translate(-400 -400)", strapTop: -20, strapBottom: 820, buckle: false, glint: 0.7 },
          ]
        : [{ name: "one", transform: "translate(400 400) scale(1.8) translate(-400 -400)", strapTop: -20, strapBottom: 820, buckle: false, glint: 0.7 }];
    case "strap":
      return pair
        ? [
            { name: "his", transform: "translate(500 290) scale(0.6) rotate(-90) translate(-400 -860)", strapTop: -20, strapBottom: 1170, buckle: true, glint },
            { name: "hers", transform: "translate(520 560) scale(0.48) rotate(-90) translate(-400 -860)", strapTop: -20, strapBottom: 1170, buckle: true, glint },
          ]
        : [{ name: "one", transform: "translate(440 400) scale(0.9) rotate(-90) translate(-400 -860)", strapTop: -20, strapBottom: 1170, buckle: true, glint }];
  }
}

/**
 * Renders one product picture as an 800×800 SVG document (a string of about 10–50 KB).
 * Deterministic: the same spec and options always give the same bytes. `options.seconds`
 * positions the seconds hand (default 35 s, the hands otherwise show 10:10); `options.glint`
 * (0–1) moves the crystal's reflection. A `pair` spec draws two watches, his and hers, each in a
 * `<g data-watch="his|hers">` (a single watch: `data-watch="one"`).
 */
export function renderWatchFace(spec: WatchFaceSpec, options: RenderOptions = {}): string {
  const seconds = options.seconds ?? 35;
  const glint = options.glint ?? 0.5;
  const ctx = context(spec, seconds);
  const backdrop = BACKDROPS[spec.brand];
  const body: string[] = [`<rect width="800" height="800" fill="url(#bg)"/>`];
  if (spec.view === "angle") body.push(`<ellipse cx="430" cy="660" rx="260" ry="46" fill="url(#floor)" opacity="0.6"/>`);
  if (spec.view === "strap") body.push(`<ellipse cx="520" cy="${spec.set === "pair" ? 680 : 520}" rx="300" ry="30" fill="url(#floor)" opacity="0.5"/>`);
  for (const place of placements(spec, glint)) {
    const side = place.side ? `<g transform="translate(18 10)">${caseSilhouette(ctx)}</g>` : "";
    body.push(`<g data-watch="${place.name}" transform="${place.transform}">${side}${watch(ctx, place)}</g>`);
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img">`,
    `<title>${escapeXml(describeWatchFace(spec))}</title>`,
    defs(ctx, backdrop),
    ...body,
    `</svg>`,
  ].join("");
}
