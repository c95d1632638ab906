import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Lynx, bodyText } from "../setup/text-browser-lynx";
import { startTextBrowserServer, type TextBrowserServer } from "../setup/text-browser-server";

/**
 * A Hindi product page read with Debian's lynx — no JavaScript, no CSS (issue 48 item 2; docs/decisions/0972):
 * the demo's w00001 (a Cartier Ronde Must) shows its feature list, specification values,
 * declarations and colours in Hindi, and none of the English terms the Hindi vocabulary
 * translates is left on the page. Both lists are written out here by hand.
 */

const hasLynx = spawnSync("lynx", ["-version"], { encoding: "utf8" }).status === 0;

/** What the Hindi page says, each as lynx prints it (spaces folded). */
const HINDI = [
  "रोमन अंक और रेलवे मिनट ट्रैक",
  "तारीख़ की खिड़की",
  "नीला कैबोशॉन क्राउन",
  "स्टेनलेस स्टील का 40 मिमी केस",
  "30 मीटर तक पानी से सुरक्षित",
  "बैटरी लगभग 3 साल चलती है",
  "मूवमेंट क्वार्ट्ज़",
  "स्ट्रैप का मटीरियल काला एलिगेटर चमड़ा",
  "सामान्य नाम कलाई घड़ी",
  "शुद्ध मात्रा 1 नग",
  "मूल देश स्विट्ज़रलैंड",
  "सिल्वर",
  "नीला",
];

/** The English terms of the vocabulary tables this watch's page showed before (issue 48): none may be left. */
const ENGLISH = [
  "Quartz",
  "Black Alligator Leather",
  "Wrist watch",
  "1 N",
  "Water resistant",
  "Battery life",
  "Date window",
  "stainless steel case",
  "Roman numerals",
  "Blue cabochon crown",
  "Alligator-effect strap",
  "Silver",
];

describe.runIf(hasLynx || process.env.CI)("a Hindi product page in lynx (no JavaScript)", () => {
  let server: TextBrowserServer;
  let dir: string;
  let lynx: Lynx;

  beforeAll(async () => {
    if (!hasLynx) throw new Error("lynx is not installed (apt-get install lynx)");
    server = await startTextBrowserServer("lynxhindi");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lynx-hindi-"));
    lynx = new Lynx(dir);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reads the features, specification values, declarations and colours in Hindi, with no English term of the vocabulary left", () => {
    const page = bodyText(lynx.dump(`${server.baseUrl}/hi/product/w00001`)).replace(/\s+/g, " ");
    for (const hindi of HINDI) expect(page, hindi).toContain(hindi);
    for (const english of ENGLISH) expect(page, english).not.toContain(english);
    // The English page keeps them.
    const english = bodyText(lynx.dump(`${server.baseUrl}/product/w00001`)).replace(/\s+/g, " ");
    for (const term of ["Quartz", "Black Alligator Leather", "Wrist watch", "1 N", "Water resistant to 30 m", "Silver"]) expect(english, term).toContain(term);
  });
});
