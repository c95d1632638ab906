import { istDateIn } from "~/lib/ist-dates";
import type { ReturnRequestView } from "~/lib/return-requests";

/**
 * `view` with each request's `sentOn` in `language` (lib/ist-dates.ts: "24 Nov 2026" / "24 नव॰
 * 2026"), for the order page's and the return form's loaders (issue 45 item 2). Server-only, so
 * the pages' JavaScript carries no date code and none of the return rules (DESIGN.md §17 budget).
 * Pure.
 */
export function withSentOn<V extends { requests: ReturnRequestView[] }>(view: V, language: "en" | "hi"): V {
  return { ...view, requests: view.requests.map((request) => ({ ...request, sentOn: istDateIn(request.createdAt, language) })) };
}
