import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Drives Debian's `lynx` (a browser without JavaScript or CSS) the way a shopper does, for the
 * text-browser purchase test (issue 9, "Tests and done"):
 * - `dump(url)`: the page as lynx prints it, links AND form fields numbered ("[24]____"), with
 *   the list of link URLs at the end;
 * - `interact(url, actions)`: an interactive lynx fed a keystroke script (`-cmd_script`) that
 *   moves to numbered fields, types, presses buttons, and saves the page it ends on (lynx's
 *   "Print → Save to a local file"), whose text is returned. Forms are filled and sent by lynx
 *   itself: its own hidden fields, encoding, cookies and `Referer`.
 * Cookies persist between runs in a cookie file, and lynx returns them as RFC 6265 says
 * (`COOKIE_VERSION:RFC-6265`): no `Secure` cookie over http, not even on loopback.
 */

/** One thing the shopper does on a page; field numbers are the `[N]` of `dump()`. */
export type LynxAction =
  /** Move to text field N, clear it, type `text`. */
  | { fill: number; text: string }
  /** Move to field N (button, checkbox, radio) and press Enter: submit, toggle, choose. */
  | { press: number }
  /** Move to select N, open its list, go down `down` entries from the first one, choose it. */
  | { choose: number; down: number };

export class Lynx {
  readonly dir: string;
  private readonly cfg: string;
  private saved = 0;

  /** `dir`: a fresh folder for the config, the cookie jar, scripts and saved pages. */
  constructor(dir: string) {
    this.dir = dir;
    fs.mkdirSync(dir, { recursive: true });
    this.cfg = path.join(dir, "lynx.cfg");
    fs.writeFileSync(
      this.cfg,
      [
        "INCLUDE:/etc/lynx/lynx.cfg",
        "ACCEPT_ALL_COOKIES:TRUE",
        "PERSISTENT_COOKIES:TRUE",
        `COOKIE_FILE:${path.join(dir, "cookies.txt")}`,
        `COOKIE_SAVE_FILE:${path.join(dir, "cookies.txt")}`,
        "COOKIE_VERSION:RFC-6265",
        "DEFAULT_KEYPAD_MODE:LINKS_AND_FIELDS_ARE_NUMBERED",
        "CHARACTER_SET:utf-8",
        "",
      ].join("\n"),
    );
  }

  /** The cookie jar as lynx saved it (Netscape format), "" before any cookie. */
  cookieJar(): string {
    const file = path.join(this.dir, "cookies.txt");
    return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  }

  /** `lynx -dump` of `url` with numbered links and fields. Throws when lynx fails. */
  dump(url: string): string {
    return this.run(["-dump", "-width=200", url]).stdout;
  }

  /**
   * Opens `url` in an interactive lynx, does `actions` in order, saves the page it ends on and
   * quits (the cookie jar is written on quitting). Returns the saved page's text (as `dump`)
   * and its URL (from lynx's "=" information page: where the last form post or redirect led).
   */
  interact(url: string, actions: LynxAction[]): { text: string; url: string } {
    this.saved += 1;
    const savedFile = path.join(this.dir, `page-${this.saved}.txt`);
    const infoFile = path.join(this.dir, `page-${this.saved}-info.txt`);
    // lynx would ask before overwriting a file, and the script would answer with the wrong keys.
    for (const file of [savedFile, infoFile]) fs.rmSync(file, { force: true });
    const keys: string[] = [];
    let at: number | null = null;
    const moveTo = (field: number) => {
      if (at === null) {
        // From the first link of a fresh page: "Follow link (or goto link or page) number: N".
        keys.push(...[...String(field)].map(char), "^J");
      } else {
        const step = field > at ? "Down Arrow" : "Up Arrow";
        for (let i = 0; i < Math.abs(field - at); i += 1) keys.push(step);
      }
      at = field;
    };
    for (const action of actions) {
      if ("fill" in action) {
        moveTo(action.fill);
        keys.push("^U", ...[...action.text].map(char));
      } else if ("press" in action) {
        moveTo(action.press);
        keys.push("^J");
        at = null; // a submit loads a new page; a toggle stays (the next move restarts by number)
      } else {
        moveTo(action.choose);
        keys.push("^J", ...Array.from({ length: action.down }, () => "Down Arrow"), "^J");
      }
    }
    // Print → "Save to a local file" → the file name (lynx then shows the page again); its
    // information page ("=") saved the same way; quit.
    const save = (file: string) => keys.push("p", "^J", "^U", ...[...file].map(char), "^J");
    save(savedFile);
    keys.push("=");
    save(infoFile);
    keys.push("q", "y");
    const script = path.join(this.dir, `script-${this.saved}.txt`);
    fs.writeFileSync(script, keys.map((key) => `key ${key}\n`).join("") + "exit\n");
    this.run([`-cmd_script=${script}`, url], { interactive: true });
    if (!fs.existsSync(savedFile) || !fs.existsSync(infoFile)) throw new Error(`lynx saved no page (script ${script})`);
    const info = fs.readFileSync(infoFile, "utf8");
    const location = /^\s*URL: (\S+)$/m.exec(info)?.[1];
    if (!location) throw new Error(`no URL on lynx's information page:\n${info}`);
    return { text: fs.readFileSync(savedFile, "utf8"), url: location };
  }

  private run(args: string[], { interactive = false } = {}) {
    const result = spawnSync("lynx", [`-cfg=${this.cfg}`, "-nopause", ...args], {
      env: { ...process.env, HOME: this.dir, TERM: "vt100", LANG: "C.UTF-8", COLUMNS: "200", LINES: "60", LYNX_CFG: this.cfg },
      encoding: "utf8",
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
      ...(interactive ? { stdio: ["ignore", "ignore", "pipe"] as const } : {}),
    });
    if (result.error) throw result.error;
    if (result.status !== 0) throw new Error(`lynx ${args.join(" ")} exited ${result.status}: ${result.stderr ?? ""}`);
    return { stdout: result.stdout ?? "" };
  }
}

/** A keystroke as `-cmd_script` writes it: printable 7-bit ASCII as is (a space too). */
function char(c: string): string {
  if (c.length !== 1 || c < " " || c > "~") throw new Error(`cannot type ${JSON.stringify(c)} in a lynx script`);
  return c;
}

/** The number lynx gives the field right after `label` (from `after` on), e.g. "Name [24]____" → 24. */
export function fieldAfter(page: string, label: string, after = ""): number {
  const start = after ? page.indexOf(after) : 0;
  if (start < 0) throw new Error(`"${after}" is not on the page:\n${page}`);
  const at = page.indexOf(label, start);
  if (at < 0) throw new Error(`"${label}" is not on the page:\n${page}`);
  const match = /\[(\d+)\]/.exec(page.slice(at + label.length));
  if (!match) throw new Error(`no field after "${label}"`);
  return Number(match[1]);
}

/** The number of the button labelled `label`: "([29]BUTTON) Sign Up" → 29. */
export function buttonNumber(page: string, label: string): number {
  const match = new RegExp(`\\(\\[(\\d+)\\]BUTTON\\) ${escape(label)}`).exec(page);
  if (!match) throw new Error(`no button "${label}" on the page:\n${page}`);
  return Number(match[1]);
}

/** The number of the first button after field `after` (the button of that field's form, whatever its label). */
export function nextButton(page: string, after: number): number {
  for (const match of page.matchAll(/\(\[(\d+)\]BUTTON\)/g)) if (Number(match[1]) > after) return Number(match[1]);
  throw new Error(`no button after field ${after} on the page:\n${page}`);
}

/** The number of the checkbox or radio labelled `label`: "[33][ ] Casio" or "[32](*) Silver" → 33, 32. */
export function choiceNumber(page: string, label: string): number {
  const match = new RegExp(`\\[(\\d+)\\](?:\\[[ X]\\]|\\([ *]\\)) ${escape(label)}(?![\\w])`).exec(page);
  if (!match) throw new Error(`no checkbox or radio "${label}" on the page:\n${page}`);
  return Number(match[1]);
}

/** The URLs of the page's numbered links (lynx's "References" list), by number. */
export function references(page: string): Map<number, string> {
  const links = new Map<number, string>();
  for (const match of page.matchAll(/^\s*(\d+)\. (\S+)$/gm)) links.set(Number(match[1]), match[2]);
  return links;
}

/** The page's text without the References list, with runs of spaces folded (for reading). */
export function bodyText(page: string): string {
  const cut = page.search(/^References$/m);
  return (cut >= 0 ? page.slice(0, cut) : page).replace(/[ \t]+/g, " ");
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
