import { useEffect, useRef, useState } from "react";

/**
 * A flag that turns on only after `value` has been true for `delayMs`, and once on stays on for at
 * least `minMs` (the "spin delay" pattern: no flash for fast loads, no flicker for slow ones;
 * docs/decisions/0122). Times in ms.
 */
export function useDelayedFlag(value: boolean, delayMs: number, minMs: number): boolean {
  const [shown, setShown] = useState(false);
  const shownAt = useRef(0);
  useEffect(() => {
    if (value && !shown) {
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setShown(true);
      }, delayMs);
      return () => clearTimeout(timer);
    }
    if (!value && shown) {
      const timer = setTimeout(() => setShown(false), Math.max(0, minMs - (Date.now() - shownAt.current)));
      return () => clearTimeout(timer);
    }
  }, [value, shown, delayMs, minMs]);
  return shown;
}
