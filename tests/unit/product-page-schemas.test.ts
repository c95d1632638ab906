import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_SIZE_KEY } from "~/constants/store";
import { addToCartSchema, SELECT_COLOUR_MESSAGE, SELECT_SIZE_MESSAGE } from "~/schemas/add-to-cart";
import { newsletterSchema } from "~/schemas/newsletter";
import {
  defaultMediaPosition,
  galleryItems,
  parseProductView,
  productViewSearch,
} from "~/schemas/product-view";

const withVideo = { images: ["/a.svg", "/b.svg"], videos: ["/v.webm"], videoPoster: "/p.jpg" };

describe("product gallery (SPEC.md §2)", () => {
  it("lists images first, then videos, with 1-based positions", () => {
    expect(galleryItems(withVideo)).toEqual([
      { kind: "image", src: "/a.svg", position: 1 },
      { kind: "image", src: "/b.svg", position: 2 },
      { kind: "video", src: "/v.webm", poster: "/p.jpg", position: 3 },
    ]);
  });

  it("selects the first image by default, otherwise the first video", () => {
    expect(defaultMediaPosition(galleryItems(withVideo))).toBe(1);
    expect(defaultMediaPosition([{ kind: "video", src: "/v.webm", poster: null, position: 1 }])).toBe(1);
    expect(defaultMediaPosition([])).toBe(0);
  });
});

describe("parseProductView", () => {
  const items = galleryItems(withVideo);
  const view = (query: string) => parseProductView(new URLSearchParams(query), items);

  it("reads the media position and the tab", () => {
    expect(view("media=3&tab=reviews")).toEqual({ media: 3, tab: "reviews" });
    expect(view("media=2")).toEqual({ media: 2, tab: "description" });
  });

  it("falls back to the defaults for missing, malformed or out-of-range values", () => {
    for (const query of ["", "media=", "media=0", "media=4", "media=-1", "media=1.5", "media=abc", "media=99999999999", "tab=Reviews", "tab=<script>"]) {
      expect(view(query), query).toEqual({ media: 1, tab: "description" });
    }
  });

  it("never throws and always answers a position in the gallery", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (media, tab) => {
        const parsed = parseProductView(new URLSearchParams({ media, tab }), items);
        expect(parsed.media).toBeGreaterThanOrEqual(1);
        expect(parsed.media).toBeLessThanOrEqual(items.length);
        expect(["description", "reviews"]).toContain(parsed.tab);
      }),
    );
  });
});

describe("productViewSearch", () => {
  it("leaves defaults out so each view has one URL", () => {
    expect(productViewSearch({ media: 1, tab: "description" }, 1)).toBe("");
    expect(productViewSearch({ media: 2, tab: "description" }, 1)).toBe("?media=2");
    expect(productViewSearch({ media: 1, tab: "reviews" }, 1)).toBe("?tab=reviews");
    expect(productViewSearch({ media: 3, tab: "reviews" }, 1)).toBe("?media=3&tab=reviews");
  });

  it("round-trips through parseProductView", () => {
    const items = galleryItems(withVideo);
    for (const media of [1, 2, 3]) {
      for (const tab of ["description", "reviews"] as const) {
        const search = productViewSearch({ media, tab }, 1);
        expect(parseProductView(new URLSearchParams(search), items)).toEqual({ media, tab });
      }
    }
  });
});

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

describe("addToCartSchema (SPEC.md §5, §8)", () => {
  const coloured = addToCartSchema(["Black", "Silver"]);
  const plain = addToCartSchema([]);
  const errorOf = (schema: ReturnType<typeof addToCartSchema>, entries: Record<string, string>) => {
    const submission = parseWithZod(form(entries), { schema });
    return submission.status === "success" ? null : submission.error?.size?.[0];
  };

  it("accepts one of the product's colours as the key", () => {
    const submission = parseWithZod(form({ intent: "add-to-cart", size: "Silver" }), { schema: coloured });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ intent: "add-to-cart", size: "Silver" });
  });

  it("asks for a colour when none, an empty or an unknown one is sent", () => {
    expect(errorOf(coloured, { intent: "add-to-cart" })).toBe(SELECT_COLOUR_MESSAGE);
    expect(errorOf(coloured, { intent: "add-to-cart", size: "" })).toBe(SELECT_COLOUR_MESSAGE);
    expect(errorOf(coloured, { intent: "add-to-cart", size: "Gold" })).toBe(SELECT_COLOUR_MESSAGE);
    expect(errorOf(coloured, { intent: "add-to-cart", size: "black" })).toBe(SELECT_COLOUR_MESSAGE);
    expect(errorOf(coloured, { intent: "add-to-cart", size: DEFAULT_SIZE_KEY })).toBe(SELECT_COLOUR_MESSAGE);
  });

  it("adds a product without colours under the default key, and asks for a size without it", () => {
    expect(parseWithZod(form({ intent: "add-to-cart", size: DEFAULT_SIZE_KEY }), { schema: plain }).status).toBe("success");
    expect(errorOf(plain, { intent: "add-to-cart" })).toBe(SELECT_SIZE_MESSAGE);
    expect(errorOf(plain, { intent: "add-to-cart", size: "XL" })).toBe(SELECT_SIZE_MESSAGE);
  });

  it("uses the texts of SPEC.md §8 word for word", () => {
    expect(SELECT_SIZE_MESSAGE).toBe("Please select a size");
    expect(SELECT_COLOUR_MESSAGE).toBe("Please select a colour.");
  });
});

describe("newsletterSchema (SPEC.md §5)", () => {
  const parse = (entries: Record<string, string>) => parseWithZod(form(entries), { schema: newsletterSchema });

  it("accepts an email, trimmed", () => {
    const submission = parse({ intent: "newsletter", email: "  asha@example.in " });
    expect(submission.status === "success" && submission.value.email).toBe("asha@example.in");
  });

  it("requires an email in email format", () => {
    for (const email of ["", "asha", "asha@", "@example.in", "a b@example.in"]) {
      const submission = parse({ intent: "newsletter", email });
      expect(submission.status === "error" ? submission.error?.email?.[0] : "accepted", email).toMatch(/email address/);
    }
  });

});
