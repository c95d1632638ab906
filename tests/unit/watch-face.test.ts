import { describe, expect, it } from "vitest";
import {
  WATCH_BRANDS,
  WATCH_CASES,
  WATCH_COMPLICATIONS,
  WATCH_DIALS,
  WATCH_INDICES,
  WATCH_METALS,
  WATCH_STRAPS,
  WATCH_VIEWS,
  parseWatchImageFile,
  renderWatchFace,
  watchImageUrl,
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
  view: "front",
};
const file = "seiko-round-steel-blue-bracelet-stick-date-front.svg";

async function get(name: string) {
  const response = (await loader({ params: { file: name }, request: new Request(`http://localhost/images/watch/${name}`), context: {} })) as Response;
  return { response, body: await response.text() };
}

describe("watch pictures: names", () => {
  it("names a spec as /images/watch/<8 tokens>.svg and reads the name back", () => {
    expect(watchImageUrl(spec)).toBe(`/images/watch/${file}`);
    expect(parseWatchImageFile(file)).toEqual(spec);
  });

  it("refuses anything that is not a known spec", () => {
    for (const bad of [
      "seiko-round-steel-blue-bracelet-stick-date-front.png",
      "seiko-round-steel-blue-bracelet-stick-date.svg",
      "seiko-round-steel-blue-bracelet-stick-date-front-extra.svg",
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
    expect(svg).toContain(">SEIKO<");
    expect(svg).not.toMatch(/<script|href=|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });

  it("draws every combination of every option as well-formed, reasonably small SVG", () => {
    const lists = [WATCH_BRANDS, WATCH_CASES, WATCH_METALS, WATCH_DIALS, WATCH_STRAPS, WATCH_INDICES, WATCH_COMPLICATIONS, WATCH_VIEWS];
    // Vary one option at a time around the base spec, plus a few mixed ones.
    const keys = ["brand", "case", "metal", "dial", "strap", "index", "complication", "view"] as const;
    const specs: WatchFaceSpec[] = keys.flatMap((key, i) => lists[i].map((value) => ({ ...spec, [key]: value })));
    for (const s of specs) {
      const svg = renderWatchFace(s);
      expect(svg.endsWith("</svg>")).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      expect(svg.length).toBeLessThan(40_000);
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
