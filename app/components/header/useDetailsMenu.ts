import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Makes a `<details>` menu behave like a menu once JavaScript runs (without it the native
 * `<details>` still opens and closes): it closes when the page changes, on a click or tap
 * outside it, on Escape (focus goes back to its summary) and when keyboard focus leaves it.
 * Returns the ref to put on the `<details>`.
 */
export function useDetailsMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const place = `${location.pathname}${location.search}`;
  const lastPlace = useRef(place);

  useEffect(() => {
    if (lastPlace.current === place) return;
    lastPlace.current = place;
    if (ref.current) ref.current.open = false;
  }, [place]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const menu = details;
    function onPointerDown(event: PointerEvent) {
      if (menu.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || !menu.open) return;
      event.stopPropagation();
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
    function onFocusOut(event: FocusEvent) {
      if (menu.open && event.relatedTarget instanceof Node && !menu.contains(event.relatedTarget)) menu.open = false;
    }
    document.addEventListener("pointerdown", onPointerDown);
    menu.addEventListener("keydown", onKeyDown);
    menu.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      menu.removeEventListener("keydown", onKeyDown);
      menu.removeEventListener("focusout", onFocusOut);
    };
  }, []);

  return ref;
}
