import { useNavigate } from "~/components/ui/local-links";
import type { MouseEvent } from "react";

/** Typography for rendered Markdown (no typography plugin: arbitrary variants on the wrapper). */
export const PROSE_CLASS = [
  "text-base leading-7 text-gray-700",
  "[&>*:first-child]:mt-0",
  "[&_h2]:mt-10 [&_h2]:scroll-mt-6 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:text-gray-900",
  "[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-gray-900",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_strong]:font-semibold [&_strong]:text-gray-900",
  "[&_a]:font-medium [&_a]:text-gray-900 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-black",
  "[&_.content-table]:mt-6 [&_.content-table]:overflow-x-auto [&_.content-table]:rounded-md [&_.content-table]:border [&_.content-table]:border-gray-200",
  "[&_table]:w-full [&_table]:text-left [&_table]:text-sm",
  "[&_th]:bg-gray-50 [&_th]:px-4 [&_th]:py-3 [&_th]:font-semibold [&_th]:text-gray-900",
  "[&_td]:border-t [&_td]:border-gray-200 [&_td]:px-4 [&_td]:py-3 [&_td]:align-top",
].join(" ");

/**
 * Server-rendered Markdown HTML (app/utils/content.server.ts; the store owner's own files, so
 * trusted). With JavaScript, its links inside the store navigate client-side like `<Link>`.
 */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  const navigate = useNavigate();
  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest("a");
    if (!anchor || anchor.target || anchor.hasAttribute("download")) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || !anchor.getAttribute("href")?.startsWith("/")) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  }
  return (
    // The click handler only enhances the real links inside (Enter on a link is a click too).
    <div className={`${PROSE_CLASS} ${className}`} data-prose="" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
