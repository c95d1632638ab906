import type { ReactNode } from "react";
import { Separator } from "~/components/ui/Separator";

/**
 * A control SPEC.md §1 keeps without behaviour (WISHLIST, Write a Review), made honest: a disabled
 * button with SPEC's text and, beside it, the visible reason that names it through
 * aria-describedby, so nobody presses a button that silently does nothing (issue 9 item 4;
 * docs/decisions/0410-one-copy-honest-controls.md). `id` must be unique on the page.
 */
export function ComingSoonButton({ id, note, className = "", children }: { id: string; note: string; className?: string; children: ReactNode }) {
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button type="button" disabled aria-describedby={id} className={`${className} cursor-not-allowed opacity-60`}>
        {children}
      </button>
      <span id={id} className="text-xs text-gray-600">
        <Separator />
        {note}
      </span>
    </span>
  );
}
