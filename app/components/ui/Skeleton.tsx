/**
 * A grey placeholder block that pulses while content loads (DESIGN.md §11). Purely visual:
 * hidden from assistive technology; pair it with a status message where loading matters.
 * Size and shape come from `className` (e.g. "aspect-square w-full", "h-4 w-2/3").
 */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded bg-gray-200 motion-reduce:animate-none ${className}`} />;
}
