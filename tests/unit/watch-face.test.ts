import { describe, expect, it } from "vitest";
import {
  WATCH_BRANDS,
  WATCH_CASES,
  WATCH_COMPLICATIONS,
  WATCH_DIALS,
  WATCH_INDICES,
  WATCH_METALS,
  WATCH_MOVEMENTS,
  WATCH_SETS,
  WATCH_STRAPS,
  WATCH_VIEWS,
  WATCH_WATER,
  dialLayout,
  dialPrint,
  parseWatchImageFile,
  renderWatchFace,
  watchImageUrl,
  type DialBox,
  type WatchFaceSpec,
} from "~/lib/watch-face";
import { loader } from "~/routes/images.watch.$file";

const spec: WatchFaceSpec = {
  brand: "seiko",
  case: "round",
  metal: "steel",
  dial: "blue",
  strap: "bracelet",
  index: "stick",
  complication: "date",
  movement: "automatic",
  water: "wr100",
  set: "single",
  view: "front",
};
const file = "seiko-round-steel-blue-bracelet-stick-date-automatic-wr100-single-front.svg";

async function get(name: string) {
  const response = (await loader({ params: { file: name }, request: new Request(`http://localhost/images/watch/${name}`), context: {} })) as Response;
  return { response, body: await response.text() };
}

describe("watch pictures: names", () => {
  it("names a spec as /images/watch/<11 tokens>.svg and reads the name back", () => {
    expect(watchImageUrl(spec)).toBe(`/images/watch/${file}`);
    expect(parseWatchImageFile(file)).toEqual(spec);
  });

  it("still reads the 8-token names of stores seeded before issue 9 (nothing printed for movement or water)", () => {
    expect(parseWatchImageFile("seiko-round-steel-blue-bracelet-stick-date-front.svg")).toEqual({ ...spec, movement: "unmarked", water: "unmarked" });
    expect(dialPrint({ ...spec, movement: "unmarked", water: "unmarked" }).upper).toEqual([]);
  });

  it("refuses anything that is not a known spec", () => {
    for (const bad of [
      "seiko-round-steel-blue-bracelet-stick-date-front.png",
      "seiko-round-steel-blue-bracelet-stick-date.svg",
      "seiko-round-steel-blue-bracelet-stick-date-front-extra.svg",
      "seiko-round-steel-blue-bracelet-stick-date-automatic-wr100-front.svg",
      "seiko-round-steel-blue-bracelet-stick-date-automatic-wr99-single-front.svg",
      "seiko-round-steel-blue-bracelet-stick-date-automatic-wr100-triple-front.svg",
      "omega-round-steel-blue-bracelet-stick-date-front.svg",
      "Seiko-round-steel-blue-bracelet-stick-date-front.svg",
      "seiko-round-steel-purple-bracelet-stick-date-front.svg",
      "..%2F..%2Fetc%2Fpasswd",
      "",
    ]) {
      expect(parseWatchImageFile(bad), bad).toBeNull();
    }
  });
});

describe("watch pictures: drawing", () => {
  it("draws a self-contained 800×800 SVG with a description, the same bytes every time", () => {
    const svg = renderWatchFace(spec);
    expect(svg).toBe(renderWatchFace(spec));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"')).toBe(true);
    expect(svg).toContain("<title>Seiko watch, blue dial, steel round case, bracelet strap, front view</title>");
    expect(renderWatchFace({ ...spec, set: "pair" })).toContain("<title>Seiko his-and-hers pair of watches, blue dial, steel round cases, bracelet strap, front view</title>");
    expect(svg).toContain(">SEIKO<");
    expect(svg).not.toMatch(/<script|href=|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });

  it("draws every combination of every option as well-formed, reasonably small SVG", () => {
    const lists = [WATCH_BRANDS, WATCH_CASES, WATCH_METALS, WATCH_DIALS, WATCH_STRAPS, WATCH_INDICES, WATCH_COMPLICATIONS, WATCH_MOVEMENTS, WATCH_WATER, WATCH_SETS, WATCH_VIEWS];
    // Vary one option at a time around the base spec, plus every view of a pair.
    const keys = ["brand", "case", "metal", "dial", "strap", "index", "complication", "movement", "water", "set", "view"] as const;
    const specs: WatchFaceSpec[] = [
      ...keys.flatMap((key, i) => lists[i].map((value) => ({ ...spec, [key]: value }))),
      ...WATCH_VIEWS.map((view) => ({ ...spec, set: "pair" as const, view })),
    ];
    for (const s of specs) {
      const svg = renderWatchFace(s);
      expect(svg.endsWith("</svg>")).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      expect(svg.length).toBeLessThan(spec.set === "pair" || s.set === "pair" ? 80_000 : 40_000);
      // Ids are unique even when a pair draws the dial twice.
      const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size, watchImageUrl(s)).toBe(ids.length);
      // Every opened element is closed (self-closing or paired), a cheap well-formedness check.
      const opened = (svg.match(/<[a-zA-Z][^>]*[^/]>/g) ?? []).length;
      const closed = (svg.match(/<\/[a-zA-Z]+>/g) ?? []).length;
      expect(opened, watchImageUrl(s)).toBe(closed);
    }
  });

  it("draws different pictures for different views, dials and seconds", () => {
    const views = WATCH_VIEWS.map((view) => renderWatchFace({ ...spec, view }));
    expect(new Set(views).size).toBe(WATCH_VIEWS.length);
    expect(renderWatchFace({ ...spec, dial: "green" })).not.toBe(renderWatchFace(spec));
    expect(renderWatchFace(spec, { seconds: 10 })).not.toBe(renderWatchFace(spec, { seconds: 20 }));
  });
});

/**
 * Whether two turned boxes touch: the separating axis test, written here independently of the
 * generator's own so the check is not the generator checking itself.
 */
function touch(a: DialBox, b: DialBox): boolean {
  const cornersOf = (box: DialBox) => {
    const t = (box.rotate * Math.PI) / 180;
    return [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ].map(([sx, sy]) => {
      const dx = (sx * box.w) / 2;
      const dy = (sy * box.h) / 2;
      return [box.x + dx * Math.cos(t) - dy * Math.sin(t), box.y + dx * Math.sin(t) + dy * Math.cos(t)];
    });
  };
  const A = cornersOf(a);
  const B = cornersOf(b);
  const axes = [A, B].flatMap((p) => [0, 1].map((i) => [p[i][1] - p[i + 1][1], p[i + 1][0] - p[i][0]]));
  return axes.every(([ax, ay]) => {
    const pa = A.map(([x, y]) => x * ax + y * ay);
    const pb = B.map(([x, y]) => x * ax + y * ay);
    return Math.max(...pa) > Math.min(...pb) && Math.max(...pb) > Math.min(...pa);
  });
}

describe("watch pictures: nothing printed on a dial overlaps (issue 9)", () => {
  const faces: WatchFaceSpec[] = [];
  for (const brand of WATCH_BRANDS)
    for (const shape of WATCH_CASES)
      for (const index of WATCH_INDICES)
        for (const complication of WATCH_COMPLICATIONS)
          for (const [movement, water] of [["automatic", "wr300"], ["quartz", "wr30"], ["solar", "wr200"]] as const)
            faces.push({ ...spec, brand, case: shape, index, complication, movement, water });

  it("keeps every numeral, wordmark and line of small print apart from each other and from the date window, counters and hub", () => {
    for (const face of faces) {
      const boxes = dialLayout(face);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          if (a.role === "marker" && b.role === "marker") continue;
          expect(touch(a, b), `${watchImageUrl(face)}: ${a.role} "${a.text}" touches ${b.role} "${b.text}"`).toBe(false);
        }
      }
    }
  });

  it("keeps numerals readable: every hour not given to a window or counter, at least 14 px, centres further apart than the numerals are tall", () => {
    for (const face of faces.filter((f) => f.index === "roman" || f.index === "arabic")) {
      const numerals = dialLayout(face).filter((box) => box.role === "numeral");
      const round = face.case !== "square" && face.case !== "digital";
      const skipped = !round ? 0 : face.complication === "date" ? 1 : face.complication === "chrono" ? 3 : 0;
      if (face.case === "digital") continue;
      expect(numerals, watchImageUrl(face)).toHaveLength(12 - skipped);
      for (const box of numerals) expect(box.size, watchImageUrl(face)).toBeGreaterThanOrEqual(14);
      for (let i = 0; i < numerals.length; i++) {
        for (let j = i + 1; j < numerals.length; j++) {
          const distance = Math.hypot(numerals[i].x - numerals[j].x, numerals[i].y - numerals[j].y);
          expect(distance, `${watchImageUrl(face)} ${numerals[i].text}/${numerals[j].text}`).toBeGreaterThan(numerals[i].size);
        }
      }
    }
  });

  it("draws the numerals and print where the layout put them, at its sizes", () => {
    for (const face of [
      { ...spec, brand: "cartier", case: "square", index: "roman", complication: "none" },
      { ...spec, brand: "rolex", case: "round", index: "roman", complication: "date" },
      { ...spec, brand: "patekphilippe", case: "square", index: "roman", complication: "none" },
      { ...spec, brand: "tissot", case: "round", index: "arabic", complication: "chrono" },
    ] as WatchFaceSpec[]) {
      const svg = renderWatchFace(face);
      for (const box of dialLayout(face).filter((b) => b.role === "numeral" || b.role === "wordmark" || b.role === "print")) {
        const size = String(Math.round(box.size * 10) / 10);
        const escaped = box.text.replace(/&/g, "&amp;");
        expect(svg, `${watchImageUrl(face)} ${box.text}`).toMatch(new RegExp(`font-size="${size}"[^>]*>${escaped}</text>`));
      }
    }
  });
});

describe("GET /images/watch/:file", () => {
  it("answers the picture as image/svg+xml, cacheable for a year", async () => {
    const { response, body } = await get(file);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(body).toBe(renderWatchFace(spec));
    expect((await get(file)).body).toBe(body);
  });

  it("answers 404, not 500, for a name that is not a picture", async () => {
    for (const name of ["nope.svg", "seiko-round-steel-blue-bracelet-stick-date-front.png", "a".repeat(5000)]) {
      const { response } = await get(name);
      expect(response.status).toBe(404);
    }
  });
});
