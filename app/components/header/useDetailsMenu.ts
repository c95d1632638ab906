import { useLocation } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";

/** A layout effect in the browser (before paint); on the server, where there is no layout, a plain effect (never run). */
const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Makes a `<details>` menu behave like a menu once JavaScript runs (without it the native
 * `<details>` still opens and closes): it closes when the page changes, on a click or tap
 * outside it, on Escape (focus goes back to its summary) and when keyboard focus leaves it.
 * `companion` is an element outside the `<details>` that it opens (the header's one navigation,
 * shown by CSS while the small-screen menu is open): clicks and focus there count as inside.
 * Returns the ref to put on the `<details>`.
 */
export function useDetailsMenu(companion?: RefObject<HTMLElement>) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const place = `${location.pathname}${location.search}`;
  const lastPlace = useRef(place);

  // Closed in the commit that renders the new page, before it is painted: an effect after paint
  // showed the new page's menu open for a frame (a test under load read the logged-out menu's
  // "Log In / Sign Up" beside the header's account link).
  useBeforePaint(() => {
    if (lastPlace.current === place) return;
    lastPlace.current = place;
    if (ref.current) ref.current.open = false;
  }, [place]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const menu = details;
    const inside = (node: Node) => menu.contains(node) || Boolean(companion?.current?.contains(node));
    function onPointerDown(event: PointerEvent) {
      if (menu.open && event.target instanceof Node && !inside(event.target)) menu.open = false;
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || !menu.open) return;
      event.stopPropagation();
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
    function onFocusOut(event: FocusEvent) {
      if (menu.open && event.relatedTarget instanceof Node && !inside(event.relatedTarget)) menu.open = false;
    }
    document.addEventListener("pointerdown", onPointerDown);
    const parts = [menu, companion?.current].filter((part): part is HTMLElement => Boolean(part));
    for (const part of parts) {
      part.addEventListener("keydown", onKeyDown);
      part.addEventListener("focusout", onFocusOut);
    }
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      for (const part of parts) {
        part.removeEventListener("keydown", onKeyDown);
        part.removeEventListener("focusout", onFocusOut);
      }
    };
  }, [companion]);

  return ref;
}
