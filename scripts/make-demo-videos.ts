/**
 * Makes the demo catalogue's product videos and posters (docs/decisions/0102-demo-video.md):
 * for each id in DEMO_VIDEO_PRODUCT_IDS, the product's front picture (app/lib/watch-face.ts) is
 * drawn 100 times in Chromium with the seconds hand sweeping one full turn, a slow breathing zoom and
 * a moving reflection, so the 4-second clip loops seamlessly; ffmpeg encodes it as H.264 MP4
 * (480×480, 25 fps, no sound). The poster is the first frame at 800×800 as JPEG.
 *
 *   node --import tsx scripts/make-demo-videos.ts      (needs ffmpeg and Chromium: apt-get install -y ffmpeg chromium)
 *
 * Writes public/media/watch-<id>.mp4, public/media/watch-<id>-poster.jpg and public/media/manifest.json
 * (which picture each clip shows; tests/unit/demo-catalogue.test.ts checks it still matches).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { DEMO_VIDEO_PRODUCT_IDS, generateDemoCatalogue } from "~/db/demo-catalogue";
import { parseWatchImageFile, renderWatchFace, type RenderOptions, type WatchFaceSpec } from "~/lib/watch-face";

const FPS = 25;
const SECONDS = 4;
const VIDEO_SIZE = 480;
const POSTER_SIZE = 800;
const OUT_DIR = path.resolve("public/media");

/** One frame's SVG: the picture with the seconds hand at `t` (0–1 of the loop) and a gentle zoom. */
function frameSvg(spec: WatchFaceSpec, t: number): string {
  const options: RenderOptions = { seconds: 35 + t * 60, glint: 0.5 + 0.5 * Math.sin(t * 2 * Math.PI) };
  const zoom = 1 + 0.05 * (1 - Math.cos(t * 2 * Math.PI)) / 2;
  const side = 800 / zoom;
  const origin = (800 - side) / 2;
  return renderWatchFace(spec, options).replace('viewBox="0 0 800 800"', `viewBox="${origin} ${origin} ${side} ${side}"`);
}

async function main() {
  execFileSync("ffmpeg", ["-version"], { stdio: "ignore" });
  const catalogue = generateDemoCatalogue(Math.max(120, ...DEMO_VIDEO_PRODUCT_IDS.map((id) => Number(id.slice(1)))));
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH === "bundled" ? undefined : (process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium"),
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const page = await browser.newPage({ viewport: { width: POSTER_SIZE, height: POSTER_SIZE } });
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const manifest: Record<string, { image: string; video: string; poster: string }> = {};

  for (const id of DEMO_VIDEO_PRODUCT_IDS) {
    const product = catalogue.find((p) => p._id === id);
    const spec = product && parseWatchImageFile(product.image[0].split("/").pop() ?? "");
    if (!product || !spec || !product.video?.[0] || typeof product.videoPoster !== "string") throw new Error(`${id}: no product with a watch picture and a video`);
    const poster = product.videoPoster;
    const work = fs.mkdtempSync(path.join(os.tmpdir(), `video-${id}-`));
    try {
      const frames = FPS * SECONDS;
      for (let i = 0; i < frames; i++) {
        const svg = frameSvg(spec, i / frames);
        await page.setContent(`<html><body style="margin:0">${svg.replace("<svg ", '<svg style="display:block;width:800px;height:800px" ')}</body></html>`);
        await page.screenshot({ path: path.join(work, `f${String(i).padStart(3, "0")}.png`) });
        if (i === 0) {
          await page.screenshot({ path: path.resolve("public", poster.slice(1)), type: "jpeg", quality: 82 });
        }
      }
      const video = path.resolve("public", product.video[0].slice(1));
      execFileSync(
        "ffmpeg",
        ["-y", "-loglevel", "error", "-framerate", String(FPS), "-i", path.join(work, "f%03d.png"),
          "-vf", `scale=${VIDEO_SIZE}:${VIDEO_SIZE}:flags=lanczos`, "-c:v", "libx264", "-preset", "veryslow", "-crf", "30",
          "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-an", video],
        { stdio: "inherit" },
      );
      manifest[id] = { image: product.image[0], video: product.video[0], poster };
      console.log(`${id}: ${product.video[0]} ${fs.statSync(video).size} bytes, poster ${fs.statSync(path.resolve("public", poster.slice(1))).size} bytes`);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  await browser.close();
  fs.writeFileSync(path.join(OUT_DIR, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
