import { BRANDS, type Brand, type Category } from "~/constants/store";
import { waterToken, watchImageUrl, type WatchFaceSpec, type WatchView } from "~/lib/watch-face";
import type { ProductJsonInput } from "~/schemas/product";
import { demoHindiTexts } from "~/db/demo-catalogue-hi";

/**
 * The demo catalogue: watches of the eight brands of SPEC.md §2 in the listproduct JSON shape
 * (SPEC.md §3/§7, prices in rupees), with pictures drawn by /images/watch/… (app/lib/watch-face.ts).
 * Deterministic (seeded PRNG per product): the same count always gives the same catalogue, and a
 * smaller catalogue is a prefix of a larger one. See docs/decisions/0100-demo-catalogue.md.
 */

type Dial = WatchFaceSpec["dial"];
type Metal = WatchFaceSpec["metal"];
type Strap = WatchFaceSpec["strap"];
type Movement = "Automatic" | "Quartz" | "Solar" | "Mechanical (hand-wound)" | "Kinetic" | "Digital quartz" | "Hybrid smartwatch";

type Variant = { ref: string; dial: Dial; metal: Metal; strap: Strap };
type Family = {
  brand: Brand;
  line: string;
  category: Category;
  shape: WatchFaceSpec["case"];
  index: WatchFaceSpec["index"];
  complication: WatchFaceSpec["complication"];
  movement: Movement;
  /** Case diameter in mm (for a couple's pair: his). */
  size: number;
  /** Water resistance in metres. */
  water: number;
  /**
   * What the line sells for in India, whole rupees (decision 0971): its brand's band (PRICE_POLICY),
   * a couple's set the two watches together.
   */
  price: [number, number];
  variants: Variant[];
  blurb: string;
  features: string[];
};

const v = (ref: string, dial: Dial, metal: Metal, strap: Strap): Variant => ({ ref, dial, metal, strap });

const FAMILIES: Family[] = [
  // Rolex
  { brand: "Rolex", line: "Submariner Date", category: "Men", shape: "round", index: "dot", complication: "date", movement: "Automatic", size: 41, water: 300, price: [11_50_000, 13_50_000],
    variants: [v("126610LN", "black", "steel", "bracelet"), v("126610LV", "green", "steel", "bracelet"), v("126613LB", "blue", "gold", "bracelet")],
    blurb: "The reference diver's watch: a unidirectional rotatable bezel with a ceramic insert, luminous hour markers and a Cyclops lens over the date.",
    features: ["Unidirectional rotatable bezel with ceramic insert", "Cyclops lens over the date", "Chromalight luminous display", "Oysterlock folding safety clasp"] },
  { brand: "Rolex", line: "Datejust 41", category: "Men", shape: "round", index: "stick", complication: "date", movement: "Automatic", size: 41, water: 100, price: [9_50_000, 12_00_000],
    variants: [v("126334", "blue", "steel", "jubilee"), v("126300", "silver", "steel", "bracelet"), v("126331", "champagne", "rose", "jubilee"), v("126333", "champagne", "gold", "jubilee")],
    blurb: "The archetype of the classic watch, with its instantly recognisable date window at 3 o'clock and a fluted or smooth bezel.",
    features: ["Date with instantaneous change", "Fluted bezel", "Screw-down Twinlock crown", "Sapphire crystal with anti-reflective coating"] },
  { brand: "Rolex", line: "GMT-Master II", category: "Men", shape: "round", index: "dot", complication: "gmt", movement: "Automatic", size: 40, water: 100, price: [11_50_000, 13_50_000],
    variants: [v("126710BLRO", "black", "steel", "jubilee"), v("126710BLNR", "black", "steel", "bracelet")],
    blurb: "Built for travellers: a 24-hour hand and a two-colour rotatable bezel show a second time zone at a glance.",
    features: ["Second time zone with 24-hour hand", "Bidirectional 24-hour rotatable bezel", "Date with Cyclops lens", "Chromalight luminous display"] },
  { brand: "Rolex", line: "Oyster Perpetual 36", category: "Women", shape: "round", index: "stick", complication: "none", movement: "Automatic", size: 36, water: 100, price: [6_20_000, 7_20_000],
    variants: [v("126000", "blue", "steel", "bracelet"), v("126000", "green", "steel", "bracelet"), v("126000", "salmon", "steel", "bracelet"), v("126000", "black", "steel", "bracelet")],
    blurb: "The purest expression of the Oyster: time only, a smooth bezel and a lacquered dial in a bright colour.",
    features: ["Time-only dial with luminous markers", "Smooth domed bezel", "Oyster bracelet with Oysterclasp"] },
  { brand: "Rolex", line: "Explorer 40", category: "Men", shape: "round", index: "arabic", complication: "none", movement: "Automatic", size: 40, water: 100, price: [7_80_000, 8_80_000],
    variants: [v("224270", "black", "steel", "bracelet")],
    blurb: "Born of mountaineering expeditions, the Explorer keeps a legible black dial with 3, 6 and 9 numerals.",
    features: ["Black dial with 3, 6, 9 numerals", "Shock-resistant Paraflex system", "Easylink comfort extension link"] },
  { brand: "Rolex", line: "Day-Date 40", category: "Men", shape: "round", index: "roman", complication: "date", movement: "Automatic", size: 40, water: 100, price: [13_50_000, 15_00_000],
    variants: [v("228238", "champagne", "gold", "bracelet"), v("228235", "salmon", "rose", "bracelet")],
    blurb: "The first wristwatch to show the day spelt out in full, in precious metal on the President bracelet.",
    features: ["Day spelt out in full at 12 o'clock", "Date with Cyclops lens", "President bracelet with concealed Crownclasp", "18k gold case"] },
  { brand: "Rolex", line: "Lady-Datejust 28", category: "Women", shape: "round", index: "diamond", complication: "date", movement: "Automatic", size: 28, water: 100, price: [8_50_000, 11_00_000],
    variants: [v("279171", "pearl", "rose", "jubilee"), v("279174", "silver", "steel", "jubilee"), v("279173", "champagne", "gold", "jubilee")],
    blurb: "An elegant 28 mm Datejust with diamond-set hour markers and a softly rounded Jubilee bracelet.",
    features: ["Diamond-set hour markers", "Mother-of-pearl or sunray dial", "Jubilee bracelet with concealed clasp", "Date with Cyclops lens"] },
  { brand: "Rolex", line: "Cosmograph Daytona", category: "Men", shape: "round", index: "stick", complication: "chrono", movement: "Automatic", size: 40, water: 100, price: [13_00_000, 15_00_000],
    variants: [v("126500LN", "white", "steel", "bracelet"), v("126500LN", "black", "steel", "bracelet"), v("126518LN", "champagne", "gold", "blackrubber")],
    blurb: "The racing chronograph: tachymetric scale, three counters and chronograph pushers screwed down for water resistance.",
    features: ["Chronograph with 30-minute and 12-hour counters", "Tachymetric scale engraved on the bezel", "Screw-down pushers", "Oysterflex bracelet on the gold model"] },
  { brand: "Rolex", line: "Datejust His and Hers Set", category: "Couple", shape: "round", index: "stick", complication: "date", movement: "Automatic", size: 41, water: 100, price: [13_50_000, 15_00_000],
    variants: [v("126334 / 279174", "blue", "steel", "jubilee"), v("126331 / 279171", "champagne", "rose", "jubilee")],
    blurb: "A matching pair: a 41 mm Datejust for him and a 28 mm Lady-Datejust for her, presented together.",
    features: ["Two watches in one presentation box", "Matching dials and Jubilee bracelets", "Date with Cyclops lens on both"] },
  { brand: "Rolex", line: "Sky-Dweller", category: "Men", shape: "round", index: "stick", complication: "date", movement: "Automatic", size: 42, water: 100, price: [13_50_000, 15_00_000],
    variants: [v("336934", "blue", "steel", "jubilee"), v("336938", "champagne", "gold", "bracelet")],
    blurb: "A traveller's annual calendar: a second time zone on an off-centre disc and the months read through twelve apertures.",
    features: ["Annual calendar with month apertures", "Second time zone on an off-centre disc", "Ring Command rotatable bezel", "Date with Cyclops lens"] },
  { brand: "Rolex", line: "Air-King", category: "Men", shape: "round", index: "arabic", complication: "none", movement: "Automatic", size: 40, water: 100, price: [6_80_000, 7_60_000],
    variants: [v("126900", "black", "steel", "bracelet")],
    blurb: "A tribute to the pioneers of flight: a black dial with a large minute scale for reading navigation times.",
    features: ["Large 3, 6 and 9 numerals with a minute scale", "Magnetic shield", "Oysterlock safety clasp", "Chromalight luminous display"] },
  { brand: "Rolex", line: "Datejust 31", category: "Women", shape: "round", index: "roman", complication: "date", movement: "Automatic", size: 31, water: 100, price: [8_20_000, 9_80_000],
    variants: [v("278274", "silver", "steel", "jubilee"), v("278271", "champagne", "rose", "jubilee"), v("278273", "pearl", "gold", "jubilee")],
    blurb: "The Datejust in a 31 mm size, with Roman numerals, a fluted bezel and the famous date window.",
    features: ["Roman numeral dial", "Fluted bezel", "Date with Cyclops lens", "Jubilee bracelet with Crownclasp"] },
  { brand: "Rolex", line: "Yacht-Master 37", category: "Women", shape: "round", index: "dot", complication: "date", movement: "Automatic", size: 37, water: 100, price: [11_00_000, 13_00_000],
    variants: [v("268622", "grey", "steel", "bracelet"), v("268655", "black", "rose", "blackrubber")],
    blurb: "A nautical watch with a bidirectional bezel and raised numerals, sized for a smaller wrist.",
    features: ["Bidirectional rotatable 60-minute bezel", "Date with Cyclops lens", "Oysterflex or Oyster bracelet", "Chromalight luminous display"] },
  { brand: "Rolex", line: "Oyster Perpetual His and Hers Set", category: "Couple", shape: "round", index: "stick", complication: "none", movement: "Automatic", size: 41, water: 100, price: [12_00_000, 14_00_000],
    variants: [v("124300 / 277200", "blue", "steel", "bracelet"), v("124300 / 277200", "green", "steel", "bracelet")],
    blurb: "Two Oyster Perpetuals, 41 mm and 31 mm, with the same bright lacquered dial, presented together.",
    features: ["Two watches in one presentation box", "Time-only dials with luminous markers", "Oyster bracelets with Oysterclasp"] },
  { brand: "Rolex", line: "Day-Date His and Hers Set", category: "Couple", shape: "round", index: "roman", complication: "date", movement: "Automatic", size: 40, water: 100, price: [14_00_000, 15_00_000],
    variants: [v("228238 / 128238", "champagne", "gold", "bracelet")],
    blurb: "The President in two sizes: a 40 mm Day-Date for him and a 36 mm one for her, in 18k gold.",
    features: ["Two watches in one presentation box", "Day spelt out in full and date on both", "President bracelets with concealed Crownclasp"] },

  // Casio
  { brand: "Casio", line: "G-Shock GA-2100 Carbon Core", category: "Men", shape: "octagon", index: "stick", complication: "none", movement: "Quartz", size: 45, water: 200, price: [8_500, 11_000],
    variants: [v("GA-2100-1A1", "black", "black", "blackresin"), v("GA-2100-2A", "blue", "black", "bluerubber"), v("GA-2100-3A", "green", "black", "blackresin")],
    blurb: "The slim octagonal G-Shock with a Carbon Core Guard structure, analogue hands over a digital display.",
    features: ["Carbon Core Guard structure", "Shock resistant", "World time for 48 cities", "LED light with afterglow", "Battery life about 3 years"] },
  { brand: "Casio", line: "G-Shock DW-5600E", category: "Men", shape: "digital", index: "stick", complication: "none", movement: "Digital quartz", size: 43, water: 200, price: [6_500, 8_500],
    variants: [v("DW-5600E-1V", "black", "black", "blackresin"), v("DW-5600BB-1", "grey", "black", "blackresin")],
    blurb: "The square original G-Shock: a tough resin case, a stopwatch and a countdown timer that shrug off knocks.",
    features: ["Shock resistant", "1/100-second stopwatch", "Countdown timer", "Multi-function alarm", "Electro-luminescent backlight"] },
  { brand: "Casio", line: "Vintage A168WA", category: "Men", shape: "digital", index: "stick", complication: "none", movement: "Digital quartz", size: 38, water: 30, price: [2_500, 3_500],
    variants: [v("A168WA-1", "silver", "steel", "bracelet"), v("A168WG-9", "champagne", "gold", "bracelet")],
    blurb: "The 1980s classic: a light stainless steel case, an illuminator and the daily alarm that made it a bestseller.",
    features: ["Electro-luminescent backlight", "Daily alarm and hourly time signal", "1/100-second stopwatch", "Auto calendar", "Adjustable stainless steel bracelet"] },
  { brand: "Casio", line: "Vintage LA670WGA", category: "Women", shape: "digital", index: "stick", complication: "none", movement: "Digital quartz", size: 25, water: 30, price: [3_200, 4_500],
    variants: [v("LA670WGA-9", "champagne", "gold", "bracelet"), v("LA670WA-1", "silver", "steel", "bracelet"), v("LA680WEGA-9", "champagne", "gold", "mesh")],
    blurb: "A petite retro digital watch in a gold or silver tone, light enough to wear every day.",
    features: ["LED light", "Daily alarm", "Stopwatch", "Auto calendar", "Battery life about 3 years"] },
  { brand: "Casio", line: "Edifice Chronograph", category: "Men", shape: "round", index: "stick", complication: "chrono", movement: "Quartz", size: 44, water: 100, price: [11_000, 15_000],
    variants: [v("EFR-556DB-1AV", "black", "steel", "bracelet"), v("EFV-540D-1A2V", "blue", "steel", "bracelet"), v("EFR-526L-1AV", "black", "steel", "blackleather")],
    blurb: "Motorsport styling with a precise chronograph, a tachymeter and a date, in a solid steel case.",
    features: ["1/20-second chronograph", "Tachymeter", "Date display", "Mineral glass", "Screw-lock case back"] },
  { brand: "Casio", line: "Enticer", category: "Men", shape: "round", index: "stick", complication: "date", movement: "Quartz", size: 41, water: 50, price: [1_800, 2_800],
    variants: [v("MTP-V002L-1B", "black", "steel", "blackleather"), v("MTP-V002L-7B", "white", "steel", "brownleather"), v("MTP-V002D-2B", "blue", "steel", "bracelet")],
    blurb: "A clean, affordable dress watch for the office, with a date window and a comfortable leather strap.",
    features: ["Date display", "Mineral glass", "Stainless steel case back", "Battery life about 3 years"] },
  { brand: "Casio", line: "Sheen Ladies", category: "Women", shape: "round", index: "diamond", complication: "none", movement: "Quartz", size: 32, water: 50, price: [12_000, 18_000],
    variants: [v("SHE-4540CG-7A", "pearl", "rose", "bracelet"), v("SHE-3060SPG-7A", "white", "gold", "mesh")],
    blurb: "Sheen is Casio's dress line for women: crystal-set markers, a sapphire crystal and a fine bracelet.",
    features: ["Swarovski crystal markers", "Sapphire crystal", "Ion-plated bracelet", "Tri-fold clasp"] },
  { brand: "Casio", line: "Duro Diver", category: "Men", shape: "round", index: "dot", complication: "date", movement: "Quartz", size: 44, water: 200, price: [7_000, 9_000],
    variants: [v("MDV-106-1A", "black", "steel", "blackresin"), v("MDV-106-2A", "blue", "steel", "bluerubber"), v("MDV-106-3A", "green", "steel", "greennato")],
    blurb: "A no-nonsense diver's watch with a rotating bezel, luminous hands and a date, built for the sea.",
    features: ["Rotating elapsed-time bezel", "Luminous hands and markers", "Date display", "Screw-down crown"] },
  { brand: "Casio", line: "Pro Trek Solar", category: "Men", shape: "digital", index: "stick", complication: "none", movement: "Solar", size: 48, water: 100, price: [19_000, 25_000],
    variants: [v("PRG-340-1", "black", "black", "blackresin"), v("PRG-340-3", "green", "black", "greennato")],
    blurb: "An outdoor companion with a compass, a barometer and an altimeter, charged by light.",
    features: ["Tough Solar power", "Triple sensor: compass, altimeter, barometer", "Sunrise and sunset times", "LED backlight and stopwatch"] },
  { brand: "Casio", line: "Vintage Couple Set", category: "Couple", shape: "digital", index: "stick", complication: "none", movement: "Digital quartz", size: 38, water: 30, price: [6_500, 8_000],
    variants: [v("A168WG-9 & LA680WGA-9", "champagne", "gold", "bracelet"), v("A168WA-1 & LA670WA-1", "silver", "steel", "bracelet")],
    blurb: "His-and-hers retro digitals in matching tones, boxed together as a gift.",
    features: ["Two watches in one gift box", "LED light on both", "Daily alarm and stopwatch", "Adjustable bracelets"] },
  { brand: "Casio", line: "Baby-G BA-110", category: "Women", shape: "round", index: "stick", complication: "none", movement: "Quartz", size: 43, water: 100, price: [9_000, 11_000],
    variants: [v("BA-110-7A3", "white", "steel", "bluerubber"), v("BA-110BC-1A", "black", "black", "blackresin")],
    blurb: "The tough women's Baby-G: an analogue-digital face in a shock-resistant case, in bright colours.",
    features: ["Shock resistant", "World time", "LED light", "1/100-second stopwatch"] },
  { brand: "Casio", line: "Standard LTP-1302", category: "Women", shape: "round", index: "stick", complication: "date", movement: "Quartz", size: 28, water: 30, price: [2_000, 3_000],
    variants: [v("LTP-1302D-7A1", "white", "steel", "bracelet"), v("LTP-1302D-1A2", "black", "steel", "bracelet")],
    blurb: "A small, classic ladies' watch with a date window and a stainless steel bracelet, at a very fair price.",
    features: ["Date display", "Mineral glass", "Stainless steel bracelet", "Battery life about 3 years"] },
  { brand: "Casio", line: "G-Shock GMA-S2100", category: "Women", shape: "octagon", index: "stick", complication: "none", movement: "Quartz", size: 42.9, water: 200, price: [10_000, 12_000],
    variants: [v("GMA-S2100-7A", "white", "steel", "bluerubber"), v("GMA-S2100-1A", "black", "black", "blackresin")],
    blurb: "The octagonal G-Shock made smaller and slimmer, with the same carbon core toughness.",
    features: ["Carbon Core Guard structure", "Shock resistant", "LED light", "World time"] },
  { brand: "Casio", line: "G-Shock Lover's Collection", category: "Couple", shape: "octagon", index: "stick", complication: "none", movement: "Quartz", size: 45, water: 200, price: [18_000, 22_000],
    variants: [v("LOV-21A-1A", "black", "black", "blackresin")],
    blurb: "The G-Shock lovers' pair: a GA-2100 for him and a GMA-S2100 for her, with matching dials in one box.",
    features: ["Two watches in one gift box", "Shock resistant", "Carbon Core Guard structure on both", "LED light"] },
  { brand: "Casio", line: "Enticer Couple Set", category: "Couple", shape: "round", index: "stick", complication: "date", movement: "Quartz", size: 41, water: 50, price: [4_000, 5_500],
    variants: [v("MTP-V002D-7B & LTP-V002D-7B", "white", "steel", "bracelet"), v("MTP-V002L-1B & LTP-V002L-1B", "black", "steel", "blackleather")],
    blurb: "Two Enticer dress watches, his and hers, with the same clean dial and date window.",
    features: ["Two watches in one gift box", "Date display on both", "Mineral glass"] },

  // Seiko
  { brand: "Seiko", line: "Presage Cocktail Time", category: "Men", shape: "round", index: "stick", complication: "date", movement: "Automatic", size: 40.5, water: 50, price: [38_000, 52_000],
    variants: [v("SRPB43J1", "blue", "steel", "bracelet"), v("SRPB41J1", "blue", "steel", "brownleather"), v("SRPB46J1", "brown", "steel", "brownleather"), v("SRPE15J1", "silver", "steel", "blackleather")],
    blurb: "Inspired by Japanese cocktails, the textured dial catches the light like a glass of the evening's drink.",
    features: ["Textured sunburst dial", "Hardlex crystal", "See-through case back", "Hand-winding and hacking"] },
  { brand: "Seiko", line: "5 Sports", category: "Men", shape: "round", index: "dot", complication: "date", movement: "Automatic", size: 42.5, water: 100, price: [22_000, 32_000],
    variants: [v("SRPD55K1", "black", "steel", "bracelet"), v("SRPD51K1", "blue", "steel", "bracelet"), v("SRPD63K1", "green", "steel", "greennato"), v("SRPD65K1", "black", "black", "blackrubber")],
    blurb: "A sports watch for every day, with a rotating bezel, a day-date and the 4R36 automatic calibre.",
    features: ["Day-date display", "Rotating bezel", "LumiBrite hands and markers", "See-through case back"] },
  { brand: "Seiko", line: "Prospex Turtle", category: "Men", shape: "cushion", index: "dot", complication: "date", movement: "Automatic", size: 45, water: 200, price: [38_000, 48_000],
    variants: [v("SRPE93K1", "black", "steel", "blackrubber"), v("SRP773K1", "blue", "steel", "bracelet")],
    blurb: "The cushion-cased diver nicknamed the Turtle, a 200 m ISO-rated tool watch since 1976.",
    features: ["ISO 6425 diver's 200 m", "Unidirectional bezel", "LumiBrite hands and markers", "Day-date display"] },
  { brand: "Seiko", line: "Prospex Alpinist", category: "Men", shape: "round", index: "arabic", complication: "date", movement: "Automatic", size: 39.5, water: 200, price: [62_000, 78_000],
    variants: [v("SPB121J1", "green", "steel", "brownleather"), v("SPB117J1", "black", "steel", "bracelet")],
    blurb: "The field watch for mountaineers, with an internal rotating compass ring and a cathedral-style hour hand.",
    features: ["Internal rotating compass bezel", "Sapphire crystal with anti-reflective coating", "6R35 calibre with 70-hour power reserve", "Screw-down crown"] },
  { brand: "Seiko", line: "Essentials", category: "Men", shape: "round", index: "stick", complication: "date", movement: "Quartz", size: 40, water: 100, price: [13_500, 17_500],
    variants: [v("SUR305P1", "white", "steel", "bracelet"), v("SUR309P1", "blue", "steel", "bracelet"), v("SUR287P1", "black", "steel", "blackleather")],
    blurb: "A simple, honest everyday watch with a crisp dial, a date and reliable Seiko quartz accuracy.",
    features: ["Date display", "Hardlex crystal", "Luminous hands", "Battery life about 3 years"] },
  { brand: "Seiko", line: "Solar Chronograph", category: "Men", shape: "round", index: "stick", complication: "chrono", movement: "Solar", size: 43, water: 100, price: [24_000, 34_000],
    variants: [v("SSC813P1", "blue", "steel", "bracelet"), v("SSC819P1", "black", "steel", "blackleather")],
    blurb: "A light-powered chronograph that never needs a battery change and keeps six months of reserve in the dark.",
    features: ["Solar powered, no battery changes", "1/5-second chronograph up to 60 minutes", "Power reserve indicator", "Sapphire crystal"] },
  { brand: "Seiko", line: "Kinetic", category: "Men", shape: "round", index: "stick", complication: "date", movement: "Kinetic", size: 42, water: 100, price: [22_000, 30_000],
    variants: [v("SKA789P1", "black", "steel", "bracelet"), v("SKA785P1", "blue", "steel", "bracelet")],
    blurb: "Seiko's Kinetic calibre turns the motion of your wrist into electricity, with quartz precision.",
    features: ["Kinetic self-charging movement", "Power reserve indicator", "Date display", "Hardlex crystal"] },
  { brand: "Seiko", line: "Ladies Essentials", category: "Women", shape: "round", index: "diamond", complication: "none", movement: "Quartz", size: 29, water: 50, price: [14_500, 19_500],
    variants: [v("SUR636P1", "pearl", "rose", "bracelet"), v("SUR633P1", "white", "steel", "bracelet"), v("SUR634P1", "champagne", "gold", "mesh")],
    blurb: "A fine ladies' watch with a mother-of-pearl dial and crystal markers on a slim bracelet.",
    features: ["Mother-of-pearl dial", "Crystal hour markers", "Hardlex crystal", "Fold-over clasp"] },
  { brand: "Seiko", line: "Presage Couple Set", category: "Couple", shape: "round", index: "stick", complication: "date", movement: "Automatic", size: 40.5, water: 50, price: [75_000, 98_000],
    variants: [v("SRPB43J1 & SRP843J1", "blue", "steel", "bracelet"), v("SRPB41J1 & SRP839J1", "blue", "steel", "brownleather")],
    blurb: "Two Presage automatics with matching cocktail-inspired dials, sized for him and for her.",
    features: ["Two automatic watches in one box", "Matching textured dials", "See-through case backs"] },
  { brand: "Seiko", line: "King Seiko", category: "Men", shape: "round", index: "stick", complication: "none", movement: "Automatic", size: 37, water: 100, price: [95_000, 1_20_000],
    variants: [v("SPB279J1", "silver", "steel", "bracelet"), v("SPB283J1", "brown", "steel", "brownleather")],
    blurb: "A sharp, faceted 1960s design revived with a modern automatic calibre and a 72-hour reserve.",
    features: ["Faceted case and multi-faceted markers", "Sapphire crystal", "Screw-down case back", "6R31 calibre"] },
  { brand: "Seiko", line: "Lukia Solar", category: "Women", shape: "round", index: "diamond", complication: "none", movement: "Solar", size: 34, water: 100, price: [28_000, 38_000],
    variants: [v("SUT384J1", "pearl", "rose", "bracelet"), v("SUT386J1", "white", "steel", "bracelet")],
    blurb: "A light-powered ladies' watch with a mother-of-pearl dial that never needs a battery.",
    features: ["Solar powered, no battery changes", "Sapphire crystal", "Crystal hour markers", "Three-fold clasp"] },
  { brand: "Seiko", line: "Presage Ladies Automatic", category: "Women", shape: "round", index: "roman", complication: "none", movement: "Automatic", size: 34, water: 50, price: [36_000, 48_000],
    variants: [v("SRP843J1", "blue", "steel", "bracelet"), v("SRP839J1", "white", "steel", "brownleather")],
    blurb: "A small Presage automatic with Roman numerals and a textured dial that shimmers as the wrist turns.",
    features: ["Textured dial", "See-through case back", "Hardlex crystal", "Automatic with hacking seconds"] },
  { brand: "Seiko", line: "Conceptual Ladies Quartz", category: "Women", shape: "square", index: "diamond", complication: "none", movement: "Quartz", size: 24, water: 30, price: [15_000, 21_000],
    variants: [v("SUP440P1", "champagne", "gold", "bracelet"), v("SUP442P1", "white", "steel", "mesh")],
    blurb: "A neat rectangular watch for the office and the evening, on a slim bracelet.",
    features: ["Rectangular case", "Hardlex crystal", "Crystal markers", "Battery life about 3 years"] },
  { brand: "Seiko", line: "5 Sports Couple Set", category: "Couple", shape: "round", index: "dot", complication: "date", movement: "Automatic", size: 42.5, water: 100, price: [42_000, 56_000],
    variants: [v("SRPD51K1 & SRE003K1", "blue", "steel", "bracelet"), v("SRPD55K1 & SRE001K1", "black", "steel", "bracelet")],
    blurb: "Two 5 Sports automatics in matching colours, 42.5 mm for him and 38 mm for her.",
    features: ["Two automatic watches in one box", "Date display on both", "LumiBrite hands and markers"] },
  { brand: "Seiko", line: "Essentials Couple Set", category: "Couple", shape: "round", index: "stick", complication: "date", movement: "Quartz", size: 40, water: 100, price: [26_000, 33_000],
    variants: [v("SUR305P1 & SUR635P1", "white", "steel", "bracelet"), v("SUR309P1 & SUR637P1", "blue", "steel", "bracelet")],
    blurb: "The everyday Essentials for two, with the same crisp dial and date window.",
    features: ["Two watches in one box", "Date display on both", "Hardlex crystals"] },

  // Fossil
  { brand: "Fossil", line: "Grant Chronograph", category: "Men", shape: "round", index: "roman", complication: "chrono", movement: "Quartz", size: 44, water: 50, price: [11_000, 14_000],
    variants: [v("FS4812", "black", "steel", "bracelet"), v("FS4735", "white", "steel", "brownleather"), v("FS5068", "blue", "rose", "brownleather")],
    blurb: "Vintage-inspired Roman numerals and a three-eye chronograph in a generous 44 mm case.",
    features: ["Chronograph with three sub-dials", "Roman numeral markers", "Mineral crystal", "Date window"] },
  { brand: "Fossil", line: "Neutra Chronograph", category: "Men", shape: "round", index: "stick", complication: "chrono", movement: "Quartz", size: 44, water: 50, price: [11_500, 14_500],
    variants: [v("FS5380", "blue", "steel", "brownleather"), v("FS5384", "black", "black", "blackleather"), v("FS5453", "green", "steel", "tanleather")],
    blurb: "Clean lines, a sunray dial and a chronograph for the man who likes a quiet statement.",
    features: ["Chronograph", "Sunray dial", "Genuine leather strap", "Mineral crystal"] },
  { brand: "Fossil", line: "Townsman Automatic", category: "Men", shape: "round", index: "stick", complication: "none", movement: "Automatic", size: 44, water: 50, price: [15_000, 19_500],
    variants: [v("ME3098", "white", "rose", "brownleather"), v("ME3138", "blue", "steel", "bracelet")],
    blurb: "A skeletonised automatic that shows its beating heart through the dial and the case back.",
    features: ["Open-heart skeleton dial", "Exhibition case back", "Automatic movement, no battery", "Genuine leather strap"] },
  { brand: "Fossil", line: "Machine", category: "Men", shape: "round", index: "arabic", complication: "date", movement: "Quartz", size: 45, water: 50, price: [9_500, 12_500],
    variants: [v("FS4552", "black", "black", "bracelet"), v("FS4656", "grey", "steel", "bracelet"), v("FS5526", "black", "black", "blackrubber")],
    blurb: "An industrial-styled watch with bold numerals and a chunky case, built to be noticed.",
    features: ["Bold Arabic numerals", "Date display", "Mineral crystal", "Ion-plated finish"] },
  { brand: "Fossil", line: "Minimalist", category: "Men", shape: "round", index: "stick", complication: "none", movement: "Quartz", size: 44, water: 50, price: [8_000, 10_500],
    variants: [v("FS5447", "black", "black", "mesh"), v("FS5304", "blue", "steel", "brownleather"), v("FS5439", "grey", "steel", "mesh")],
    blurb: "A slim three-hand watch with nothing extra: a flat case, thin markers and a Milanese mesh or leather strap.",
    features: ["Slim 7 mm case", "Three-hand movement", "Interchangeable strap", "Mineral crystal"] },
  { brand: "Fossil", line: "Gen 6 Hybrid", category: "Men", shape: "round", index: "stick", complication: "none", movement: "Hybrid smartwatch", size: 45, water: 30, price: [16_000, 20_000],
    variants: [v("FTW7062", "black", "black", "blackrubber"), v("FTW7064", "blue", "steel", "bracelet")],
    blurb: "A hybrid smartwatch: real hands over an always-on display, with heart rate and up to two weeks of battery.",
    features: ["Heart rate and SpO2 tracking", "Always-on readout", "Up to 2 weeks of battery", "Smartphone notifications"] },
  { brand: "Fossil", line: "Jacqueline", category: "Women", shape: "round", index: "roman", complication: "date", movement: "Quartz", size: 36, water: 30, price: [8_000, 10_000],
    variants: [v("ES3487", "white", "rose", "tanleather"), v("ES3546", "white", "steel", "mesh"), v("ES4100", "white", "rose", "brownleather")],
    blurb: "A feminine dress watch with Roman numerals and a date window on a soft leather or mesh strap.",
    features: ["Roman numeral markers", "Date window", "Mineral crystal", "Buckle closure"] },
  { brand: "Fossil", line: "Carlie Mini", category: "Women", shape: "round", index: "diamond", complication: "none", movement: "Quartz", size: 28, water: 50, price: [8_500, 11_000],
    variants: [v("ES4433", "pearl", "rose", "mesh"), v("ES4646", "white", "gold", "bracelet")],
    blurb: "A delicate 28 mm watch with crystal-accented markers and a mother-of-pearl face.",
    features: ["Crystal-accented markers", "Mother-of-pearl dial", "Three-hand movement", "Stainless steel mesh"] },
  { brand: "Fossil", line: "Stella", category: "Women", shape: "round", index: "diamond", complication: "none", movement: "Quartz", size: 37, water: 50, price: [10_000, 13_500],
    variants: [v("ES5108", "pearl", "rose", "bracelet"), v("ES5131", "champagne", "gold", "bracelet")],
    blurb: "A glamorous multifunction watch with a crystal-set bezel and a polished bracelet.",
    features: ["Crystal-set bezel", "Multifunction sub-eyes", "Stainless steel bracelet", "Push-button deployment clasp"] },
  { brand: "Fossil", line: "His and Hers Gift Set", category: "Couple", shape: "round", index: "stick", complication: "none", movement: "Quartz", size: 44, water: 50, price: [14_000, 18_000],
    variants: [v("BQ2456SET", "blue", "steel", "brownleather"), v("BQ2469SET", "black", "rose", "bracelet")],
    blurb: "A Fossil pair in one gift box: a three-hand watch for him and its smaller twin for her.",
    features: ["Two watches in one gift box", "Matching dials", "Mineral crystals"] },
  { brand: "Fossil", line: "Everett Chronograph", category: "Men", shape: "round", index: "arabic", complication: "chrono", movement: "Quartz", size: 42, water: 50, price: [11_000, 14_500],
    variants: [v("FS5795", "blue", "steel", "brownleather"), v("FS5799", "black", "black", "blackleather")],
    blurb: "A field-inspired chronograph with bold Arabic numerals and a vintage leather strap.",
    features: ["Chronograph with three sub-dials", "Arabic numerals", "Mineral crystal", "Genuine leather strap"] },
  { brand: "Fossil", line: "Raquel", category: "Women", shape: "square", index: "roman", complication: "none", movement: "Quartz", size: 26, water: 30, price: [9_000, 12_000],
    variants: [v("ES4311", "white", "gold", "bracelet"), v("ES5306", "champagne", "rose", "bracelet")],
    blurb: "A rectangular watch with a chain-link bracelet and Roman numerals, as much bracelet as watch.",
    features: ["Rectangular case", "Roman numerals", "Link bracelet with clasp", "Mineral crystal"] },
  { brand: "Fossil", line: "Grant and Jacqueline Gift Set", category: "Couple", shape: "round", index: "roman", complication: "date", movement: "Quartz", size: 44, water: 50, price: [16_000, 20_000],
    variants: [v("FS4735 & ES3546SET", "white", "steel", "brownleather")],
    blurb: "A Grant for him and a Jacqueline for her: Roman numerals on both, boxed together.",
    features: ["Two watches in one gift box", "Roman numerals on both", "Date window on both"] },
  { brand: "Fossil", line: "Minimalist Couple Set", category: "Couple", shape: "round", index: "stick", complication: "none", movement: "Quartz", size: 44, water: 50, price: [14_000, 17_500],
    variants: [v("FS5447SET", "black", "black", "mesh"), v("FS5439SET", "grey", "steel", "mesh")],
    blurb: "Two slim Minimalist watches on Milanese mesh, in two sizes.",
    features: ["Two watches in one gift box", "Slim cases", "Milanese mesh straps"] },
  { brand: "Fossil", line: "Neutra and Carlie Gift Set", category: "Couple", shape: "round", index: "stick", complication: "none", movement: "Quartz", size: 42, water: 50, price: [16_500, 20_000],
    variants: [v("FS5380 & ES4433SET", "blue", "steel", "brownleather")],
    blurb: "A Neutra three-hand for him and a Carlie for her, in a matching blue.",
    features: ["Two watches in one gift box", "Matching blue dials", "Mineral crystals"] },

  // Rado
  { brand: "Rado", line: "Captain Cook Automatic", category: "Men", shape: "round", index: "dot", complication: "date", movement: "Automatic", size: 42, water: 300, price: [1_95_000, 2_45_000],
    variants: [v("R32505313", "green", "steel", "bracelet"), v("R32505203", "blue", "steel", "bluerubber"), v("R32105153", "black", "steel", "bracelet")],
    blurb: "A 1960s diver reborn with a high-tech ceramic bezel, a domed sapphire crystal and an 80-hour automatic.",
    features: ["High-tech ceramic bezel", "Box-shaped sapphire crystal", "80-hour power reserve", "Interchangeable strap"] },
  { brand: "Rado", line: "True Thinline", category: "Men", shape: "round", index: "stick", complication: "none", movement: "Quartz", size: 39, water: 30, price: [1_40_000, 1_80_000],
    variants: [v("R27741172", "black", "black", "bracelet"), v("R27955022", "white", "steel", "whiteceramic")],
    blurb: "Only 5 mm thin, cut from monobloc high-tech ceramic that is light, warm on the skin and scratch resistant.",
    features: ["High-tech ceramic monobloc case", "5 mm thin", "Scratch-resistant", "Sapphire crystal"] },
  { brand: "Rado", line: "Centrix Diamonds", category: "Women", shape: "round", index: "diamond", complication: "none", movement: "Quartz", size: 30, water: 50, price: [1_05_000, 1_35_000],
    variants: [v("R30022712", "pearl", "rose", "whiteceramic"), v("R30021712", "white", "steel", "whiteceramic")],
    blurb: "Mother-of-pearl and diamond markers framed by high-tech ceramic and steel.",
    features: ["Diamond hour markers", "Mother-of-pearl dial", "High-tech ceramic bracelet links", "Sapphire crystal"] },
  { brand: "Rado", line: "DiaStar Original", category: "Men", shape: "cushion", index: "stick", complication: "date", movement: "Automatic", size: 38, water: 30, price: [1_10_000, 1_40_000],
    variants: [v("R12413313", "champagne", "gold", "bracelet"), v("R12160613", "grey", "steel", "bracelet")],
    blurb: "The first scratch-proof watch, 1962: a faceted sapphire crystal over a hard-metal case.",
    features: ["Scratch-proof hard-metal case", "Faceted sapphire crystal", "Day-date", "Automatic movement"] },
  { brand: "Rado", line: "HyperChrome Chronograph", category: "Men", shape: "round", index: "stick", complication: "chrono", movement: "Quartz", size: 45, water: 100, price: [2_10_000, 2_60_000],
    variants: [v("R32259163", "black", "black", "blackrubber"), v("R32022102", "blue", "steel", "bracelet")],
    blurb: "A sporty chronograph in plasma high-tech ceramic with a matching rubber strap.",
    features: ["Plasma high-tech ceramic", "Chronograph", "Tachymeter", "Sapphire crystal"] },
  { brand: "Rado", line: "Coupole Classic", category: "Men", shape: "round", index: "roman", complication: "date", movement: "Automatic", size: 41, water: 50, price: [70_000, 95_000],
    variants: [v("R22862205", "blue", "steel", "bracelet"), v("R22862045", "brown", "steel", "brownleather")],
    blurb: "A dome-shaped sapphire crystal over a sunray dial, with Roman numerals and a date.",
    features: ["Domed sapphire crystal", "Date window", "Roman numerals", "80-hour power reserve"] },
  { brand: "Rado", line: "Florence Ladies", category: "Women", shape: "round", index: "diamond", complication: "none", movement: "Quartz", size: 30, water: 50, price: [72_000, 95_000],
    variants: [v("R48874723", "pearl", "rose", "bracelet"), v("R48913724", "white", "steel", "bracelet")],
    blurb: "Soft, rounded lines and a sparkling diamond-set dial for a watch that flatters the wrist.",
    features: ["Diamond hour markers", "Mother-of-pearl dial", "Sapphire crystal", "Stainless steel bracelet"] },
  { brand: "Rado", line: "Integral", category: "Women", shape: "square", index: "diamond", complication: "none", movement: "Quartz", size: 22, water: 30, price: [1_25_000, 1_60_000],
    variants: [v("R20206712", "white", "steel", "whiteceramic"), v("R20845712", "black", "black", "bracelet")],
    blurb: "A rectangular icon with a high-tech ceramic bracelet that flows from the case.",
    features: ["High-tech ceramic bracelet", "Rectangular sapphire crystal", "Diamond markers", "Three-blade folding clasp"] },
  { brand: "Rado", line: "Centrix Couple Set", category: "Couple", shape: "round", index: "diamond", complication: "none", movement: "Quartz", size: 40, water: 50, price: [2_40_000, 2_95_000],
    variants: [v("R30021712 & R30022712", "white", "steel", "whiteceramic"), v("R30934712 & R30935712", "pearl", "rose", "whiteceramic")],
    blurb: "A pair of Centrix watches with diamond markers, one 40 mm and one 30 mm.",
    features: ["Two watches in one box", "Diamond markers on both", "Ceramic and steel bracelets"] },
  { brand: "Rado", line: "Anatom", category: "Men", shape: "square", index: "stick", complication: "none", movement: "Automatic", size: 32.5, water: 50, price: [1_65_000, 2_10_000],
    variants: [v("R10202109", "black", "black", "blackrubber"), v("R10201109", "blue", "steel", "bracelet")],
    blurb: "A curved rectangular case shaped to the wrist, with an 80-hour automatic movement.",
    features: ["Ergonomic curved case", "Sapphire crystal", "80-hour power reserve", "Rubber strap with folding clasp"] },
  { brand: "Rado", line: "Golden Horse", category: "Men", shape: "round", index: "stick", complication: "date", movement: "Automatic", size: 37, water: 50, price: [1_35_000, 1_70_000],
    variants: [v("R33930203", "green", "steel", "bracelet"), v("R33930313", "blue", "steel", "brownleather")],
    blurb: "A faithful revival of Rado's 1957 Golden Horse, with a domed crystal and a date.",
    features: ["Box-shaped sapphire crystal", "Date window", "80-hour power reserve", "Anchor symbol that turns"] },
  { brand: "Rado", line: "DiaMaster", category: "Men", shape: "round", index: "stick", complication: "date", movement: "Automatic", size: 41, water: 100, price: [1_85_000, 2_30_000],
    variants: [v("R14129106", "grey", "titanium", "bracelet"), v("R14128176", "black", "black", "blackleather")],
    blurb: "Plasma high-tech ceramic with a metallic sheen, light and scratch resistant.",
    features: ["Plasma high-tech ceramic case", "Date window", "Sapphire crystal", "Automatic movement"] },
  { brand: "Rado", line: "Ceramica", category: "Women", shape: "square", index: "stick", complication: "none", movement: "Quartz", size: 22.9, water: 30, price: [1_60_000, 2_00_000],
    variants: [v("R21702702", "white", "steel", "whiteceramic"), v("R21540702", "black", "black", "bracelet")],
    blurb: "A square of high-tech ceramic whose bracelet flows into the case without a seam.",
    features: ["High-tech ceramic case and bracelet", "Sapphire crystal", "Scratch resistant", "Three-blade folding clasp"] },
  { brand: "Rado", line: "Florence Couple Set", category: "Couple", shape: "round", index: "diamond", complication: "none", movement: "Quartz", size: 38, water: 50, price: [1_50_000, 1_90_000],
    variants: [v("R48908723 & R48874723", "pearl", "rose", "bracelet")],
    blurb: "A pair of Florence watches with diamond markers and soft, rounded cases.",
    features: ["Two watches in one box", "Diamond markers on both", "Sapphire crystals"] },
  { brand: "Rado", line: "Coupole Classic Couple Set", category: "Couple", shape: "round", index: "roman", complication: "date", movement: "Automatic", size: 41, water: 50, price: [1_60_000, 1_95_000],
    variants: [v("R22862205 & R22897205", "blue", "steel", "bracelet")],
    blurb: "Two Coupole Classic automatics with domed crystals and Roman numerals, 41 mm and 32 mm.",
    features: ["Two automatic watches in one box", "Domed sapphire crystals", "Date window on both"] },

  // Patek Philippe
  { brand: "PatekPhilippe", line: "Nautilus", category: "Men", shape: "octagon", index: "stick", complication: "date", movement: "Automatic", size: 40, water: 120, price: [60_00_000, 75_00_000],
    variants: [v("5711/1A-010", "blue", "steel", "bracelet"), v("5811/1G-001", "blue", "titanium", "bracelet")],
    blurb: "The porthole-shaped sports watch with a horizontally embossed blue dial and an integrated bracelet.",
    features: ["Horizontally embossed dial", "Integrated bracelet with fold-over clasp", "Sapphire crystal case back", "Date at 3 o'clock"] },
  { brand: "PatekPhilippe", line: "Aquanaut", category: "Men", shape: "octagon", index: "arabic", complication: "date", movement: "Automatic", size: 42, water: 120, price: [38_00_000, 46_00_000],
    variants: [v("5167A-001", "black", "steel", "blackrubber"), v("5168G-010", "green", "titanium", "blackrubber")],
    blurb: "The Aquanaut's 'tropical' composite strap and chequered dial make it Patek's most casual watch.",
    features: ["Embossed dial with luminous numerals", "Tropical composite strap", "Fold-over clasp", "Date display"] },
  { brand: "PatekPhilippe", line: "Calatrava", category: "Men", shape: "round", index: "stick", complication: "date", movement: "Automatic", size: 39, water: 30, price: [28_00_000, 34_00_000],
    variants: [v("5227G-010", "white", "steel", "blackleather"), v("5226G-001", "grey", "titanium", "brownleather"), v("6119R-001", "silver", "rose", "brownleather")],
    blurb: "The essence of the round dress watch: a pure dial, slim case and gold applied markers.",
    features: ["Hinged dust cover", "Applied gold hour markers", "Alligator leather strap", "Gold case"] },
  { brand: "PatekPhilippe", line: "Twenty~4", category: "Women", shape: "square", index: "diamond", complication: "none", movement: "Quartz", size: 25, water: 30, price: [25_00_000, 30_00_000],
    variants: [v("4910/1200A-001", "grey", "steel", "bracelet"), v("4910/1201R-001", "brown", "rose", "bracelet")],
    blurb: "A watch for the active woman: a rectangular case with a diamond-set bezel and a supple bracelet.",
    features: ["Diamond-set bezel", "Rectangular case", "Sunburst dial", "Fold-over clasp"] },
  { brand: "PatekPhilippe", line: "Annual Calendar", category: "Men", shape: "round", index: "arabic", complication: "date", movement: "Automatic", size: 38.5, water: 30, price: [45_00_000, 55_00_000],
    variants: [v("5396R-011", "silver", "rose", "brownleather"), v("5396G-017", "blue", "steel", "blackleather")],
    blurb: "Day, date and month that need setting only once a year, with a moon phase at 6 o'clock.",
    features: ["Annual calendar", "Moon phase", "24-hour indication", "Sapphire crystal case back"] },
  { brand: "PatekPhilippe", line: "Gondolo", category: "Men", shape: "square", index: "roman", complication: "none", movement: "Mechanical (hand-wound)", size: 33, water: 30, price: [27_00_000, 33_00_000],
    variants: [v("5124G-001", "silver", "steel", "blackleather"), v("5124R-001", "white", "rose", "brownleather")],
    blurb: "An Art Deco tonneau case with Breguet numerals and a hand-wound movement.",
    features: ["Hand-wound calibre", "Art Deco case", "Breguet numerals", "Alligator strap"] },
  { brand: "PatekPhilippe", line: "Chronograph", category: "Men", shape: "round", index: "arabic", complication: "chrono", movement: "Mechanical (hand-wound)", size: 41, water: 30, price: [55_00_000, 68_00_000],
    variants: [v("5172G-001", "blue", "steel", "blackleather"), v("5170J-001", "white", "gold", "brownleather")],
    blurb: "A classic manual-winding chronograph with a column wheel and a tachymeter scale.",
    features: ["Column-wheel chronograph", "Tachymeter scale", "Hand-wound movement", "Sapphire case back"] },
  { brand: "PatekPhilippe", line: "Calatrava Ladies", category: "Women", shape: "round", index: "diamond", complication: "none", movement: "Mechanical (hand-wound)", size: 33, water: 30, price: [25_00_000, 31_00_000],
    variants: [v("4897G-010", "blue", "steel", "blackleather"), v("4897R-001", "pearl", "rose", "brownleather")],
    blurb: "A diamond-set Calatrava for women, with a guilloché dial and a hand-wound movement.",
    features: ["Diamond-set bezel", "Hand-guilloché dial", "Hand-wound movement", "Satin strap"] },
  { brand: "PatekPhilippe", line: "Calatrava His and Hers Pair", category: "Couple", shape: "round", index: "stick", complication: "none", movement: "Automatic", size: 39, water: 30, price: [55_00_000, 65_00_000],
    variants: [v("5227G & 4897G", "white", "steel", "blackleather"), v("5227R & 4897R", "silver", "rose", "brownleather")],
    blurb: "The Calatrava in two sizes, presented together for couples who share a taste for understatement.",
    features: ["Two watches in one case", "Matching dials", "Alligator straps"] },
  { brand: "PatekPhilippe", line: "Golden Ellipse", category: "Men", shape: "square", index: "stick", complication: "none", movement: "Automatic", size: 34.5, water: 30, price: [32_00_000, 38_00_000],
    variants: [v("5738R-001", "black", "rose", "blackleather"), v("5738/1R-001", "blue", "rose", "bracelet")],
    blurb: "A case drawn from the golden ratio: the Golden Ellipse, an icon of Patek design since 1968.",
    features: ["Golden-ratio case", "Ebony black sunburst dial", "Ultra-thin automatic calibre", "Alligator strap"] },
  { brand: "PatekPhilippe", line: "Aquanaut Luce", category: "Women", shape: "octagon", index: "arabic", complication: "none", movement: "Quartz", size: 35.6, water: 60, price: [30_00_000, 36_00_000],
    variants: [v("5067A-011", "white", "steel", "blackrubber"), v("5267/200A-001", "blue", "steel", "bluerubber")],
    blurb: "The Aquanaut for women, with a diamond-set bezel and a composite strap in a bright colour.",
    features: ["Diamond-set bezel", "Embossed dial with Arabic numerals", "Composite strap", "Fold-over clasp"] },
  { brand: "PatekPhilippe", line: "Ladies Nautilus", category: "Women", shape: "octagon", index: "stick", complication: "none", movement: "Automatic", size: 35.2, water: 60, price: [42_00_000, 52_00_000],
    variants: [v("7118/1A-001", "blue", "steel", "bracelet"), v("7118/1R-001", "brown", "rose", "bracelet")],
    blurb: "The Nautilus in a slender 35 mm case, with the embossed dial and integrated bracelet.",
    features: ["Horizontally embossed dial", "Integrated bracelet", "Sapphire crystal case back", "Self-winding calibre"] },
  { brand: "PatekPhilippe", line: "Ladies Moon Phase", category: "Women", shape: "round", index: "diamond", complication: "none", movement: "Mechanical (hand-wound)", size: 33, water: 30, price: [38_00_000, 46_00_000],
    variants: [v("4968R-001", "pearl", "rose", "brownleather"), v("4968G-010", "blue", "steel", "blackleather")],
    blurb: "A precious ladies' complication: a moon phase in a diamond-set case, wound by hand.",
    features: ["Moon phase", "Diamond-set bezel", "Hand-wound movement", "Satin strap"] },
  { brand: "PatekPhilippe", line: "Nautilus His and Hers Pair", category: "Couple", shape: "octagon", index: "stick", complication: "date", movement: "Automatic", size: 40, water: 120, price: [72_00_000, 80_00_000],
    variants: [v("5711/1A & 7118/1A", "blue", "steel", "bracelet")],
    blurb: "The two Nautilus, 40 mm and 35 mm, in steel with the blue embossed dial.",
    features: ["Two watches in one case", "Embossed blue dials", "Integrated bracelets", "Date at 3 o'clock on his"] },
  { brand: "PatekPhilippe", line: "Aquanaut His and Hers Pair", category: "Couple", shape: "octagon", index: "arabic", complication: "none", movement: "Automatic", size: 42, water: 120, price: [65_00_000, 78_00_000],
    variants: [v("5167A & 5267A", "black", "steel", "blackrubber")],
    blurb: "Two Aquanauts with matching chequered dials and tropical composite straps.",
    features: ["Two watches in one case", "Tropical composite straps", "Luminous Arabic numerals"] },

  // Cartier
  { brand: "Cartier", line: "Tank Must", category: "Men", shape: "square", index: "roman", complication: "none", movement: "Quartz", size: 33.7, water: 30, price: [4_00_000, 4_80_000],
    variants: [v("WSTA0041", "white", "steel", "blackleather"), v("WSTA0054", "burgundy", "steel", "brownleather"), v("WSTA0055", "blue", "steel", "blackleather")],
    blurb: "The rectangular icon of 1917: brancards that extend into the strap, Roman numerals and a blue cabochon crown.",
    features: ["Rectangular case with brancards", "Roman numerals and railway minute track", "Blue synthetic spinel cabochon", "Alligator-effect strap"] },
  { brand: "Cartier", line: "Tank Louis Cartier", category: "Men", shape: "square", index: "roman", complication: "none", movement: "Mechanical (hand-wound)", size: 33.7, water: 30, price: [8_50_000, 10_50_000],
    variants: [v("WGTA0011", "silver", "rose", "brownleather"), v("WGTA0067", "white", "gold", "blackleather")],
    blurb: "The original Tank of 1922 in 18k gold: a hand-wound movement, a sapphire cabochon and a leather strap.",
    features: ["18k gold case with brancards", "Roman numerals and railway minute track", "Hand-wound movement", "Sapphire cabochon crown"] },
  { brand: "Cartier", line: "Santos de Cartier", category: "Men", shape: "square", index: "roman", complication: "none", movement: "Automatic", size: 39.8, water: 100, price: [6_80_000, 7_80_000],
    variants: [v("WSSA0018", "silver", "steel", "bracelet"), v("WSSA0037", "blue", "steel", "bracelet"), v("W2SA0009", "white", "gold", "bracelet")],
    blurb: "Made for the aviator Alberto Santos-Dumont in 1904: a square case with visible screws.",
    features: ["QuickSwitch strap change", "SmartLink bracelet sizing", "Visible screws on the bezel", "Automatic movement"] },
  { brand: "Cartier", line: "Ballon Bleu", category: "Men", shape: "round", index: "roman", complication: "date", movement: "Automatic", size: 40, water: 30, price: [5_60_000, 6_80_000],
    variants: [v("WSBB0046", "silver", "steel", "bracelet"), v("WSBB0025", "blue", "steel", "bracelet"), v("WGBB0016", "silver", "rose", "brownleather")],
    blurb: "A round case with a blue cabochon crown nestled in a protective arc, like a floating balloon.",
    features: ["Blue cabochon crown guard", "Guilloché dial", "Date window at 3 o'clock", "Sapphire crystal"] },
  { brand: "Cartier", line: "Panthère de Cartier", category: "Women", shape: "square", index: "roman", complication: "none", movement: "Quartz", size: 22, water: 30, price: [4_60_000, 5_80_000],
    variants: [v("WSPN0007", "silver", "steel", "bracelet"), v("W2PN0007", "silver", "gold", "bracelet")],
    blurb: "A square watch on a supple bracelet that drapes around the wrist like jewellery.",
    features: ["Supple link bracelet", "Roman numerals", "Blue cabochon crown", "Quartz movement"] },
  { brand: "Cartier", line: "Tank Française", category: "Women", shape: "square", index: "roman", complication: "none", movement: "Quartz", size: 25, water: 30, price: [4_80_000, 5_80_000],
    variants: [v("WSTA0065", "silver", "steel", "bracelet"), v("WGTA0024", "champagne", "gold", "bracelet")],
    blurb: "A Tank whose case flows into its bracelet, with a faceted crown and a silvered dial.",
    features: ["Integrated bracelet", "Faceted crown with cabochon", "Roman numerals", "Sapphire crystal"] },
  { brand: "Cartier", line: "Pasha de Cartier", category: "Men", shape: "round", index: "arabic", complication: "date", movement: "Automatic", size: 41, water: 100, price: [6_00_000, 7_20_000],
    variants: [v("WSPA0009", "silver", "steel", "bracelet"), v("WSPA0010", "blue", "steel", "blackleather")],
    blurb: "Large Arabic numerals, a square minute track and a chained crown cap: Cartier's bold round watch.",
    features: ["Screw-down crown cap", "Arabic numerals", "QuickSwitch strap change", "Sapphire case back"] },
  { brand: "Cartier", line: "Clé de Cartier", category: "Women", shape: "round", index: "roman", complication: "none", movement: "Automatic", size: 31, water: 30, price: [5_40_000, 6_60_000],
    variants: [v("WSCL0018", "silver", "steel", "bracelet"), v("WGCL0004", "silver", "rose", "brownleather")],
    blurb: "A round case whose key-shaped crown slides into the case, with a guilloché sunray dial.",
    features: ["Key-shaped crown", "Guilloché dial", "Roman numerals", "Sapphire crystal"] },
  { brand: "Cartier", line: "Baignoire", category: "Women", shape: "square", index: "roman", complication: "none", movement: "Quartz", size: 25, water: 30, price: [5_00_000, 6_20_000],
    variants: [v("WGBA0007", "silver", "rose", "brownleather"), v("WGBA0008", "silver", "gold", "blackleather")],
    blurb: "An oval case like a bathtub, the Baignoire has been Cartier's most feminine watch since 1912.",
    features: ["Oval curved case", "Roman numerals", "Sapphire cabochon crown", "Alligator strap"] },
  { brand: "Cartier", line: "Tank Must Pair", category: "Couple", shape: "square", index: "roman", complication: "none", movement: "Quartz", size: 33.7, water: 30, price: [8_20_000, 9_40_000],
    variants: [v("WSTA0041 & WSTA0042", "white", "steel", "blackleather"), v("WSTA0054 & WSTA0056", "burgundy", "steel", "brownleather")],
    blurb: "Two Tank Musts, large and small, for a couple who share the same taste.",
    features: ["Two watches in one red box", "Matching straps", "Roman numerals"] },
  { brand: "Cartier", line: "Drive de Cartier", category: "Men", shape: "cushion", index: "roman", complication: "none", movement: "Automatic", size: 40, water: 30, price: [5_40_000, 6_40_000],
    variants: [v("WSNM0004", "silver", "steel", "blackleather"), v("WGNM0003", "grey", "rose", "brownleather")],
    blurb: "A cushion-shaped case with a guilloché dial and Roman numerals, made for the evening.",
    features: ["Cushion-shaped case", "Guilloché dial", "Roman numerals", "Faceted crown with sapphire cabochon"] },
  { brand: "Cartier", line: "Ronde Must de Cartier", category: "Men", shape: "round", index: "roman", complication: "date", movement: "Quartz", size: 40, water: 30, price: [4_00_000, 4_60_000],
    variants: [v("WSRN0032", "silver", "steel", "blackleather"), v("WSRN0031", "blue", "steel", "blackleather")],
    blurb: "A clean round Cartier with Roman numerals, a railway minute track and a date.",
    features: ["Roman numerals and railway minute track", "Date window", "Blue cabochon crown", "Alligator-effect strap"] },
  { brand: "Cartier", line: "Calibre de Cartier", category: "Men", shape: "round", index: "roman", complication: "date", movement: "Automatic", size: 42, water: 100, price: [6_40_000, 7_60_000],
    variants: [v("W7100037", "black", "steel", "bracelet"), v("W7100041", "silver", "steel", "bracelet")],
    blurb: "A bold case with a sunray dial, oversized XII and the manufacture 1904 MC calibre.",
    features: ["Manufacture 1904 MC calibre", "Oversized XII", "Date window", "Sapphire case back"] },
  { brand: "Cartier", line: "Santos de Cartier Pair", category: "Couple", shape: "square", index: "roman", complication: "none", movement: "Automatic", size: 39.8, water: 100, price: [11_00_000, 12_00_000],
    variants: [v("WSSA0018 & WSSA0010", "silver", "steel", "bracelet")],
    blurb: "The Santos in large and medium sizes, with visible screws and QuickSwitch bracelets on both.",
    features: ["Two watches in one red box", "Visible screws on the bezels", "QuickSwitch strap change"] },
  { brand: "Cartier", line: "Ballon Bleu His and Hers Set", category: "Couple", shape: "round", index: "roman", complication: "date", movement: "Automatic", size: 40, water: 30, price: [10_50_000, 12_00_000],
    variants: [v("WSBB0025 & WSBB0062", "blue", "steel", "bracelet")],
    blurb: "A 40 mm and a 33 mm Ballon Bleu, each with its blue cabochon crown guard.",
    features: ["Two watches in one red box", "Blue cabochon crown guards", "Date window on his"] },

  // Tissot
  { brand: "Tissot", line: "PRX Powermatic 80", category: "Men", shape: "cushion", index: "stick", complication: "date", movement: "Automatic", size: 40, water: 100, price: [58_000, 68_000],
    variants: [v("T137.407.11.041.00", "blue", "steel", "bracelet"), v("T137.407.11.091.00", "green", "steel", "bracelet"), v("T137.407.11.051.00", "black", "steel", "bracelet")],
    blurb: "The 1970s integrated-bracelet look with a waffle dial and an 80-hour automatic movement.",
    features: ["Powermatic 80 with 80-hour reserve", "Integrated bracelet with quick-release", "Waffle-pattern dial", "Sapphire crystal"] },
  { brand: "Tissot", line: "PRX Quartz", category: "Men", shape: "cushion", index: "stick", complication: "date", movement: "Quartz", size: 40, water: 100, price: [32_000, 38_000],
    variants: [v("T137.410.11.051.00", "black", "steel", "bracelet"), v("T137.410.11.031.00", "silver", "steel", "bracelet"), v("T137.410.33.021.00", "champagne", "gold", "bracelet")],
    blurb: "The PRX in a slimmer quartz version, with the same integrated bracelet and clean dial.",
    features: ["Integrated bracelet", "Date display", "Sapphire crystal", "Quick-release bracelet"] },
  { brand: "Tissot", line: "Le Locle Powermatic 80", category: "Men", shape: "round", index: "roman", complication: "date", movement: "Automatic", size: 39.3, water: 30, price: [48_000, 56_000],
    variants: [v("T006.407.11.033.00", "silver", "steel", "bracelet"), v("T006.407.16.033.00", "silver", "steel", "brownleather"), v("T006.407.11.043.00", "black", "steel", "bracelet")],
    blurb: "A tribute to Tissot's home town, with a guilloché dial, Roman numerals and an 80-hour automatic.",
    features: ["Powermatic 80 with 80-hour reserve", "Guilloché dial", "See-through case back", "Date window"] },
  { brand: "Tissot", line: "Seastar 1000 Powermatic 80", category: "Men", shape: "round", index: "dot", complication: "date", movement: "Automatic", size: 43, water: 300, price: [62_000, 72_000],
    variants: [v("T120.407.11.041.03", "blue", "steel", "bracelet"), v("T120.407.17.051.00", "black", "steel", "blackrubber"), v("T120.407.17.091.00", "green", "steel", "blackrubber")],
    blurb: "A 300 m diver with a ceramic bezel, a gradient dial and a helium valve-free case.",
    features: ["Water resistant to 300 m", "Unidirectional ceramic bezel", "Super-LumiNova markers", "Screw-down crown"] },
  { brand: "Tissot", line: "Gentleman Powermatic 80 Silicium", category: "Men", shape: "round", index: "stick", complication: "date", movement: "Automatic", size: 40, water: 100, price: [66_000, 76_000],
    variants: [v("T127.407.11.041.00", "blue", "steel", "bracelet"), v("T127.407.16.051.00", "black", "steel", "blackleather"), v("T127.407.11.091.01", "green", "steel", "bracelet")],
    blurb: "A versatile gentleman's watch with a silicon balance spring that resists magnetism.",
    features: ["Silicium balance spring", "80-hour power reserve", "Sapphire crystal", "Date window"] },
  { brand: "Tissot", line: "Everytime", category: "Men", shape: "round", index: "arabic", complication: "none", movement: "Quartz", size: 40, water: 30, price: [25_000, 31_000],
    variants: [v("T143.410.11.011.00", "white", "steel", "bracelet"), v("T143.410.16.041.00", "blue", "steel", "brownleather"), v("T109.410.16.032.00", "silver", "steel", "tanleather")],
    blurb: "A clear, uncluttered everyday watch from Tissot, at a friendly price.",
    features: ["Arabic numerals", "Sapphire crystal", "Swiss quartz movement", "Easy-to-read dial"] },
  { brand: "Tissot", line: "Chrono XL Classic", category: "Men", shape: "round", index: "arabic", complication: "chrono", movement: "Quartz", size: 45, water: 100, price: [34_000, 42_000],
    variants: [v("T116.617.16.057.00", "black", "steel", "brownleather"), v("T116.617.16.042.00", "blue", "steel", "tanleather"), v("T116.617.36.052.00", "black", "black", "blackleather")],
    blurb: "A large, easy-to-read chronograph with a vintage-inspired leather strap.",
    features: ["Chronograph", "Tachymeter", "Date display", "Sapphire crystal"] },
  { brand: "Tissot", line: "T-Touch Connect Solar", category: "Men", shape: "round", index: "arabic", complication: "none", movement: "Solar", size: 47.5, water: 100, price: [74_000, 80_000],
    variants: [v("T121.420.47.051.00", "black", "titanium", "blackrubber"), v("T121.420.47.051.01", "black", "titanium", "bracelet")],
    blurb: "A tactile-screen watch with smartphone notifications, powered by light, in titanium.",
    features: ["Tactile sapphire crystal", "Solar powered", "Smartphone notifications", "Compass, altimeter, barometer"] },
  { brand: "Tissot", line: "Lovely Square", category: "Women", shape: "square", index: "diamond", complication: "none", movement: "Quartz", size: 20, water: 30, price: [27_000, 33_000],
    variants: [v("T058.109.33.031.00", "silver", "gold", "mesh"), v("T058.109.11.036.00", "pearl", "steel", "mesh")],
    blurb: "A small square watch on a Milanese mesh bracelet, as much jewellery as timepiece.",
    features: ["Milanese mesh bracelet", "Mother-of-pearl or silver dial", "Sapphire crystal", "Swiss quartz"] },
  { brand: "Tissot", line: "Bellissima", category: "Women", shape: "round", index: "stick", complication: "none", movement: "Quartz", size: 29, water: 30, price: [26_000, 31_000],
    variants: [v("T126.010.11.013.00", "pearl", "steel", "bracelet"), v("T126.010.36.013.00", "pearl", "rose", "brownleather")],
    blurb: "A refined small watch with a mother-of-pearl dial and elegant slender hands.",
    features: ["Mother-of-pearl dial", "Sapphire crystal", "Swiss quartz", "Butterfly clasp"] },
  { brand: "Tissot", line: "Everytime Couple Set", category: "Couple", shape: "round", index: "arabic", complication: "none", movement: "Quartz", size: 40, water: 30, price: [50_000, 60_000],
    variants: [v("T143.410.11.011.00 & T143.210.11.011.00", "white", "steel", "bracelet"), v("T143.410.16.041.00 & T143.210.16.041.00", "blue", "steel", "brownleather")],
    blurb: "Everytime for two: the same clear dial in 40 mm and 34 mm sizes.",
    features: ["Two watches in one box", "Sapphire crystals", "Swiss quartz movements"] },
  { brand: "Tissot", line: "PRX 35", category: "Women", shape: "cushion", index: "stick", complication: "date", movement: "Quartz", size: 35, water: 100, price: [32_000, 38_000],
    variants: [v("T137.210.11.351.00", "pearl", "steel", "bracelet"), v("T137.210.33.021.00", "champagne", "gold", "bracelet")],
    blurb: "The PRX's integrated bracelet and 1970s lines in a 35 mm case.",
    features: ["Integrated bracelet", "Date display", "Sapphire crystal", "Quick-release bracelet"] },
  { brand: "Tissot", line: "Classic Dream Lady", category: "Women", shape: "round", index: "roman", complication: "date", movement: "Quartz", size: 28, water: 30, price: [25_000, 28_000],
    variants: [v("T129.210.11.013.00", "white", "steel", "bracelet"), v("T129.210.16.013.00", "white", "steel", "tanleather")],
    blurb: "A small classic with Roman numerals and a date, at the friendly end of Swiss watchmaking.",
    features: ["Roman numerals", "Date window", "Sapphire crystal", "Swiss quartz"] },
  { brand: "Tissot", line: "Flamingo", category: "Women", shape: "round", index: "stick", complication: "none", movement: "Quartz", size: 30, water: 30, price: [25_000, 30_000],
    variants: [v("T094.210.16.111.00", "pearl", "steel", "brownleather"), v("T094.210.11.116.00", "pearl", "steel", "bracelet")],
    blurb: "A slim, feminine watch with a mother-of-pearl dial and a light strap.",
    features: ["Mother-of-pearl dial", "Sapphire crystal", "Swiss quartz", "Slim case"] },
  { brand: "Tissot", line: "PRX His and Hers Set", category: "Couple", shape: "cushion", index: "stick", complication: "date", movement: "Quartz", size: 40, water: 100, price: [66_000, 76_000],
    variants: [v("T137.410.11.041.00 & T137.210.11.041.00", "blue", "steel", "bracelet")],
    blurb: "Two PRX quartz watches, 40 mm and 35 mm, with the same blue dial and integrated bracelet.",
    features: ["Two watches in one box", "Integrated bracelets", "Date display on both"] },
  { brand: "Tissot", line: "Le Locle Couple Set", category: "Couple", shape: "round", index: "roman", complication: "date", movement: "Automatic", size: 39.3, water: 30, price: [72_000, 80_000],
    variants: [v("T006.407.11.033.00 & T006.207.11.038.00", "silver", "steel", "bracelet")],
    blurb: "Two Le Locle automatics with guilloché dials and Roman numerals, 39.3 mm and 29 mm.",
    features: ["Two automatic watches in one box", "Guilloché dials", "Date window on both"] },
];

/**
 * How each brand is priced in an Indian shop (decision 0971), for the families' `price` bands and
 * the discounts. `band`: the brand's usual range in whole rupees, which every family's band lies in
 * (tests/unit/demo-catalogue.test.ts holds the prices to it). `dearest`: the chance that a product is its line's dearest
 * version (precious metal, gem-set, a limited dial), priced in the top fifth of the family's band
 * and selling half as often. `discounted`: the share of products shown below an MRP (at most
 * DISCOUNT_DRAWS), by `off` (a fraction of the MRP). Luxury houses hold their prices (price = MRP);
 * Rado rarely discounts; Tissot and Seiko modestly; Casio and Fossil often and deeply.
 */
const PRICE_POLICY: Readonly<Record<Brand, { band: readonly [number, number]; dearest: number; discounted: number; off: readonly [number, number] }>> = {
  Rolex: { band: [6_00_000, 15_00_000], dearest: 0.35, discounted: 0, off: [0, 0] },
  PatekPhilippe: { band: [25_00_000, 80_00_000], dearest: 0.4, discounted: 0, off: [0, 0] },
  Cartier: { band: [4_00_000, 12_00_000], dearest: 0.3, discounted: 0, off: [0, 0] },
  Rado: { band: [70_000, 3_00_000], dearest: 0.15, discounted: 0.15, off: [0.05, 0.1] },
  Tissot: { band: [25_000, 80_000], dearest: 0.1, discounted: 0.35, off: [0.05, 0.12] },
  Seiko: { band: [13_500, 1_20_000], dearest: 0.08, discounted: 0.4, off: [0.05, 0.15] },
  Fossil: { band: [8_000, 20_000], dearest: 0.03, discounted: 0.85, off: [0.15, 0.4] },
  Casio: { band: [1_800, 25_000], dearest: 0.02, discounted: 0.75, off: [0.1, 0.4] },
};

/**
 * The share of products for which a discount's depth and its MRP's ending are drawn, whatever the
 * brand: the catalogue has always drawn them for 85%, so keeping the draw keeps every later draw of
 * a product (sales, dates, features) where it was (decision 0971). No brand discounts more often.
 */
const DISCOUNT_DRAWS = 0.85;

/** How many sales a brand tends to have, relative to the others. */
const POPULARITY: Record<Brand, number> = {
  Casio: 1.6,
  Fossil: 1.3,
  Seiko: 1.2,
  Tissot: 1,
  Rado: 0.6,
  Rolex: 0.8,
  Cartier: 0.5,
  PatekPhilippe: 0.3,
};

const BRAND_NAMES: Record<Brand, string> = {
  Rolex: "Rolex",
  Casio: "Casio",
  Seiko: "Seiko",
  Fossil: "Fossil",
  Rado: "Rado",
  PatekPhilippe: "Patek Philippe",
  Cartier: "Cartier",
  Tissot: "Tissot",
};

const DIAL_NAMES: Record<Dial, string> = {
  black: "Black",
  blue: "Blue",
  green: "Green",
  white: "White",
  silver: "Silver",
  champagne: "Champagne",
  grey: "Grey",
  brown: "Brown",
  salmon: "Salmon",
  burgundy: "Burgundy",
  pearl: "Mother of Pearl",
};

const LUXURY: readonly Brand[] = ["Rolex", "PatekPhilippe", "Cartier"];

/** Categories in the order a brand's products take them, round after round (50% Men, 30% Women, 20% Couple). */
const CATEGORY_CYCLE: Category[] = ["Men", "Women", "Men", "Couple", "Men", "Women", "Men", "Women", "Men", "Couple"];

/** Products with a video clip (public/media/, made by scripts/make-demo-videos.ts). */
export const DEMO_VIDEO_PRODUCT_IDS = ["w00001", "w00004", "w00007"] as const;

/** The newest demo product's date; createdAt spreads over the year before it. */
export const DEMO_CATALOGUE_END = Date.UTC(2026, 10, 1);
const DAY_MS = 86_400_000;

/** mulberry32: a small, fast, seeded PRNG giving floats in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function between(random: () => number, lo: number, hi: number): number {
  return lo + random() * (hi - lo);
}

/**
 * A shop-style price in whole rupees (decision 0971), one draw whatever the amount. Under ₹1 lakh,
 * to the ₹100 (under ₹10,000) or the ₹500, ending …99, …95, …00 or …50: ₹4,999, ₹8,495, ₹12,995,
 * ₹34,500, ₹8,450. From ₹1 lakh a round figure, to the ₹5,000 under ₹10 lakh (₹1,45,000,
 * ₹6,45,000), the ₹10,000 under ₹25 lakh (₹12,40,000), then the ₹50,000 (₹32,50,000).
 */
function retailPrice(random: () => number, rupees: number): number {
  const ending = pick(random, [1, 1, 5, 0, 50]);
  if (rupees >= 1_00_000) {
    const step = rupees < 10_00_000 ? 5_000 : rupees < 25_00_000 ? 10_000 : 50_000;
    return Math.round(rupees / step) * step;
  }
  const step = rupees < 10_000 ? 100 : 500;
  return Math.max(step, Math.round(rupees / step) * step) - ending;
}

/** Brands in a per-round shuffled order, so each run of 8 products holds every brand once. */
function brandOf(position: number): { brand: Brand; round: number } {
  const round = Math.floor(position / BRANDS.length);
  const order = [...BRANDS];
  const random = prng(0x5eed + round * 7919);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return { brand: order[position % BRANDS.length], round };
}

function strapMaterial(variant: Variant, brand: Brand): string {
  const precious = LUXURY.includes(brand);
  switch (variant.strap) {
    case "bracelet":
    case "jubilee": {
      const style = variant.strap === "jubilee" ? " (Jubilee)" : "";
      if (variant.metal === "gold") return precious ? `18k Yellow Gold Bracelet${style}` : `Gold-tone Stainless Steel Bracelet${style}`;
      if (variant.metal === "rose") return precious ? `18k Rose Gold Bracelet${style}` : `Rose Gold-tone Stainless Steel Bracelet${style}`;
      if (variant.metal === "black") return "Black PVD Stainless Steel Bracelet";
      if (variant.metal === "titanium") return "Titanium Bracelet";
      return `Stainless Steel Bracelet${style}`;
    }
    case "mesh":
      return variant.metal === "gold" || variant.metal === "rose" ? "Gold-tone Milanese Mesh" : "Stainless Steel Milanese Mesh";
    case "brownleather":
      return precious ? "Brown Alligator Leather" : "Brown Genuine Leather";
    case "blackleather":
      return precious ? "Black Alligator Leather" : "Black Genuine Leather";
    case "tanleather":
      return "Tan Genuine Leather";
    case "blackrubber":
      return "Black Rubber";
    case "bluerubber":
      return "Blue Rubber";
    case "greennato":
      return "Olive Nylon NATO";
    case "whiteceramic":
      return "White High-tech Ceramic";
    case "blackresin":
      return "Black Resin";
  }
}

const MOVEMENT_SENTENCES: Record<Movement, string> = {
  Automatic: "Its self-winding automatic movement is powered by the motion of your wrist, so it never needs a battery.",
  Quartz: "A precise quartz movement keeps it accurate to a few seconds a month.",
  Solar: "A solar movement charges from any light, so the battery never needs changing.",
  "Mechanical (hand-wound)": "A hand-wound mechanical movement asks for a few turns of the crown each morning.",
  Kinetic: "The Kinetic movement charges itself from the motion of your wrist and keeps quartz precision.",
  "Digital quartz": "A digital quartz module gives the exact time, a stopwatch and an alarm at the press of a button.",
  "Hybrid smartwatch": "Analogue hands sit over a quartz module that talks to your phone.",
};

function movementFeature(movement: Movement, random: () => number): string {
  switch (movement) {
    case "Automatic":
      return pick(random, ["Power reserve of about 70 hours", "Power reserve of about 80 hours", "Power reserve of about 41 hours"]);
    case "Quartz":
      return "Battery life about 3 years";
    case "Solar":
      return "Charges from sunlight or indoor light";
    case "Mechanical (hand-wound)":
      return "Power reserve of about 65 hours";
    case "Kinetic":
      return "Kinetic power reserve of up to 6 months";
    case "Digital quartz":
      return "Battery life about 7 years";
    case "Hybrid smartwatch":
      return "Charges with a magnetic cable";
  }
}

/** What a picture's spec says about the movement (the dial prints it: "AUTOMATIC", "OYSTER PERPETUAL"…). */
const MOVEMENT_TOKENS: Record<Movement, WatchFaceSpec["movement"]> = {
  Automatic: "automatic",
  Quartz: "quartz",
  Solar: "solar",
  "Mechanical (hand-wound)": "manual",
  Kinetic: "kinetic",
  "Digital quartz": "digital",
  "Hybrid smartwatch": "hybrid",
};

/**
 * Features the picture shows that the family's list does not name yet, so the product says what
 * its dial shows (issue 9): a date window, chronograph counters, a second time zone, the
 * digital display's day and date.
 */
function dialFeatures(family: Family): string[] {
  const said = (pattern: RegExp) => family.features.some((feature) => pattern.test(feature)) || pattern.test(family.blurb);
  const extra: string[] = [];
  if (family.complication === "date" && !said(/date/i)) extra.push("Date window at 3 o'clock");
  if (family.complication === "chrono" && !said(/chronograph/i)) extra.push("Chronograph");
  if (family.complication === "gmt" && !said(/time zone|GMT/i)) extra.push("Second time zone");
  if (family.shape === "digital" && !said(/calendar|date/i)) extra.push("Day and date display");
  return extra;
}

function imageViews(random: () => number, forceMany: boolean): WatchView[] {
  const counts = [1, 2, 2, 3, 3, 4];
  const count = forceMany ? 4 : pick(random, counts);
  return (["front", "angle", "dial", "strap"] as const).slice(0, count);
}

/**
 * The demo catalogue in the listproduct JSON shape (SPEC.md §3), `count` products (default 120;
 * the bench uses 10,000). Ids are "w00001"…; brands cycle so any 8 consecutive products hold all
 * eight; about 12.5% are bestsellers (one per round of eight, brands rotating); prices are whole
 * rupees at what each brand sells for in India (PRICE_POLICY: Casio from about ₹2,000 to Patek
 * Philippe's ₹80 lakh), a third of them below a higher original `discount` (Casio and Fossil often,
 * Tissot, Seiko and Rado now and then, Rolex, Patek Philippe and Cartier never; decision 0971);
 * every 37th product (from the 12th) has an empty `price` (SPEC.md §3: discount is shown then);
 * `createdAt` falls in the year before 2026-11-01 (the first ten in its last month).
 */
export function generateDemoCatalogue(count = 120): ProductJsonInput[] {
  const products: ProductJsonInput[] = [];
  for (let position = 0; position < count; position++) {
    products.push(demoProduct(position));
  }
  return products;
}

function demoProduct(position: number): ProductJsonInput {
  const random = prng(Math.imul(position + 1, 2654435761) ^ 0x9e3779b9);
  const { brand, round } = brandOf(position);
  const id = `w${String(position + 1).padStart(5, "0")}`;
  const brandIndex = BRANDS.indexOf(brand);
  const category = CATEGORY_CYCLE[(round + brandIndex * 3) % CATEGORY_CYCLE.length];
  // The k-th product of a brand and category takes the next family, then the next variant, so
  // names repeat only once every combination has been used.
  const families = FAMILIES.filter((f) => f.brand === brand && f.category === category);
  const k = occurrencesBefore(round, brandIndex, category);
  const family = families[(k + brandIndex) % families.length];
  const variant = family.variants[Math.floor(k / families.length) % family.variants.length];

  // Colours (SPEC.md §2: the colour picker) on about a third of the products whose family has several dials.
  const dialChoices = [...new Set(family.variants.map((x) => x.dial))];
  const colours = dialChoices.length > 1 && random() < 0.35 ? dialChoices.map((d) => DIAL_NAMES[d]) : [];
  const shownVariant = colours.length > 0 ? family.variants.find((x) => x.dial === dialChoices[0])! : variant;

  const brandName = BRAND_NAMES[brand];
  // "Datejust 41 41mm" says the size twice: a line that names its size gets no size word.
  const sizeWord = family.category !== "Couple" && random() < 0.5 && !family.line.endsWith(` ${Math.round(family.size)}`) ? ` ${family.size}mm` : "";
  const dialWord = colours.length === 0 && random() < 0.55 ? ` ${DIAL_NAMES[shownVariant.dial]} Dial` : "";
  const name = `${brandName} ${family.line}${sizeWord}${dialWord} ${shownVariant.ref}`;

  // Pictures.
  const hasVideo = (DEMO_VIDEO_PRODUCT_IDS as readonly string[]).includes(id);
  const views = imageViews(random, hasVideo);
  const face: Omit<WatchFaceSpec, "view"> = {
    brand: brand.toLowerCase() as WatchFaceSpec["brand"],
    case: family.shape,
    metal: shownVariant.metal,
    dial: shownVariant.dial,
    strap: shownVariant.strap,
    index: family.index,
    complication: family.complication,
    movement: MOVEMENT_TOKENS[family.movement],
    water: waterToken(family.water),
    set: family.category === "Couple" ? "pair" : "single",
  };
  const image = views.map((view) => watchImageUrl({ ...face, view }));

  // Money, whole rupees (decision 0971). The same draws in the same order as ever, so everything
  // after them (sales, dates, features) is what it was; only the amounts changed.
  const policy = PRICE_POLICY[brand];
  const dearest = random() < policy.dearest;
  const [low, high] = family.price;
  const where = random();
  const price = retailPrice(random, dearest ? high - 0.2 * (high - low) * where : low + (high - low) * where);
  const discountDraw = random();
  let original: number | undefined;
  if (discountDraw < DISCOUNT_DRAWS) {
    const mrp = retailPrice(random, price / (1 - between(random, ...policy.off)));
    if (discountDraw < policy.discounted && mrp > price) original = mrp;
  }
  const priceEmpty = position % 37 === 11;

  const bestseller = position % BRANDS.length === bestsellerSlot(round);
  const sold = Math.round(
    (bestseller ? between(random, 450, 2400) : between(random, 0, 380)) * POPULARITY[brand] * (dearest ? 0.5 : 1),
  );
  const ageDays = position < 10 ? between(random, 0, 30) : between(random, 0, 365);
  const createdAt = new Date(DEMO_CATALOGUE_END - Math.round((ageDays * DAY_MS) / 60_000) * 60_000).toISOString();

  const strap = strapMaterial(shownVariant, brand);
  const features = [
    ...family.features,
    ...dialFeatures(family),
    `${family.size} mm ${caseMetalWords(shownVariant.metal, brand)} case`,
    `Water resistant to ${family.water} m`,
    movementFeature(family.movement, random),
  ];
  const description = [
    family.blurb,
    MOVEMENT_SENTENCES[family.movement],
    `The ${family.size} mm case is ${caseMetalWords(shownVariant.metal, brand)}, water resistant to ${family.water} metres, and it comes on a ${strap.toLowerCase()}${/bracelet|mesh|ceramic/i.test(strap) ? "" : " strap"}.`,
    "Delivered in the brand's box with its warranty card.",
  ].join(" ");

  const product: ProductJsonInput = {
    _id: id,
    name,
    image,
    ...(hasVideo ? { video: [`/media/watch-${id}.mp4`], videoPoster: `/media/watch-${id}-poster.jpg` } : {}),
    price: priceEmpty ? "" : price,
    // SPEC.md §3: an empty price shows the discount, so such a listing's one figure is its price.
    ...(priceEmpty ? { discount: price } : original !== undefined ? { discount: original } : {}),
    category: family.category,
    subCategory: brand,
    description,
    features,
    movement: family.movement,
    ...(random() < 0.92 ? { strapMaterial: strap } : {}),
    colours,
    bestseller,
    sold,
    createdAt,
    stock: demoStock(position, price, bestseller),
    // Issue 25 item 2: the month the watch was imported (its brand's declarations say the rest).
    declarations: { manufactured: createdAt.slice(0, 7) },
    // Issue 48 item 2 (docs/decisions/0972): its Hindi name, description and features (demo-catalogue-hi.ts).
    ...demoHindiTexts({
      brand, brandName, line: family.line, nameSize: sizeWord ? family.size : null, nameDial: dialWord ? DIAL_NAMES[shownVariant.dial] : null, ref: shownVariant.ref,
      features, movement: family.movement, size: family.size, caseMetal: caseMetalWords(shownVariant.metal, brand), water: family.water, strap,
    }),
  };
  return product;
}

/**
 * The demo brands' Legal Metrology declarations (issue 25 item 2), which the demo store's owner
 * would set once at /admin/declarations: every demo watch is imported by the store's own company.
 * Demo data: the manufacturers' names and cities stand for what an owner copies from the box.
 */
export const DEMO_BRAND_DECLARATIONS: Record<string, { manufacturer: string; manufacturerAddress: string; countryOfOrigin: string }> = {
  Rolex: { manufacturer: "Rolex SA", manufacturerAddress: "Geneva, Switzerland", countryOfOrigin: "Switzerland" },
  PatekPhilippe: { manufacturer: "Patek Philippe SA", manufacturerAddress: "Plan-les-Ouates, Geneva, Switzerland", countryOfOrigin: "Switzerland" },
  Cartier: { manufacturer: "Cartier", manufacturerAddress: "La Chaux-de-Fonds, Switzerland", countryOfOrigin: "Switzerland" },
  Rado: { manufacturer: "Rado Uhren AG", manufacturerAddress: "Lengnau, Switzerland", countryOfOrigin: "Switzerland" },
  Tissot: { manufacturer: "Tissot SA", manufacturerAddress: "Le Locle, Switzerland", countryOfOrigin: "Switzerland" },
  Casio: { manufacturer: "Casio Computer Co., Ltd.", manufacturerAddress: "Tokyo, Japan", countryOfOrigin: "Japan" },
  Seiko: { manufacturer: "Seiko Watch Corporation", manufacturerAddress: "Tokyo, Japan", countryOfOrigin: "Japan" },
  Fossil: { manufacturer: "Fossil Group, Inc.", manufacturerAddress: "Richardson, Texas, USA", countryOfOrigin: "China" },
};

/** The demo's sold-out watches (issue 23 item 3): two Rolexes no test buys. */
export const DEMO_SOLD_OUT_IDS = ["w00023", "w00058"] as const;

/**
 * Believable stock for a demo product (issue 23 item 3), from its own random stream so the rest of
 * the catalogue stays as it was: the newest arrivals (the first ten, the home page's) a fresh
 * delivery of 120–240, every ninth product from the 31st only 1–5 left, DEMO_SOLD_OUT_IDS none,
 * watches of ₹1 lakh or more (a shop keeps few of its dearest; decision 0971) 6–14, bestsellers
 * 40–120, the rest 12–60.
 */
function demoStock(position: number, priceRupees: number, bestseller: boolean): number {
  const random = prng(Math.imul(position + 7, 40503) ^ 0x51ed27);
  if ((DEMO_SOLD_OUT_IDS as readonly string[]).includes(`w${String(position + 1).padStart(5, "0")}`)) return 0;
  if (position < 10) return Math.round(between(random, 120, 240));
  if (position >= 30 && position % 9 === 4) return Math.round(between(random, 1, 5));
  if (priceRupees >= 1_00_000) return Math.round(between(random, 6, 14));
  return Math.round(bestseller ? between(random, 40, 120) : between(random, 12, 60));
}

/** How many earlier rounds gave this brand the same category (see CATEGORY_CYCLE). */
function occurrencesBefore(round: number, brandIndex: number, category: Category): number {
  const cycle = CATEGORY_CYCLE.length;
  const offset = brandIndex * 3;
  const matches = (r: number) => CATEGORY_CYCLE[(r + offset) % cycle] === category;
  let perCycle = 0;
  for (let r = 0; r < cycle; r++) if (matches(r)) perCycle++;
  let count = Math.floor(round / cycle) * perCycle;
  for (let r = Math.floor(round / cycle) * cycle; r < round; r++) if (matches(r)) count++;
  return count;
}

/** The slot (0–7) of each round's bestseller, chosen so bestsellers rotate through the brands. */
function bestsellerSlot(round: number): number {
  const wanted = BRANDS[(round * 3 + 1) % BRANDS.length];
  for (let slot = 0; slot < BRANDS.length; slot++) {
    if (brandOf(round * BRANDS.length + slot).brand === wanted) return slot;
  }
  return 0;
}

function caseMetalWords(metal: Metal, brand: Brand): string {
  const precious = LUXURY.includes(brand);
  switch (metal) {
    case "steel":
      return "stainless steel";
    case "gold":
      return precious ? "18k yellow gold" : "gold-tone stainless steel";
    case "rose":
      return precious ? "18k rose gold" : "rose gold-tone stainless steel";
    case "black":
      return "black PVD-coated steel";
    case "titanium":
      return "titanium";
  }
}
