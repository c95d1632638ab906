import { istDateIn } from "~/lib/ist-dates";
import type { ReturnRequestView } from "~/lib/return-requests";
import { rejectReasonWords } from "~/lib/returns-office";

/**
 * `view` with what the page says of each request in `language`, made here: `sentOn`, the day it was
 * sent (lib/ist-dates.ts: "24 Nov 2026" / "24 नव॰ 2026"), and `rejectedBecause`, the staff's reject
 * reason in words (lib/returns-office.ts `rejectReasonWords`; issue 45 item 3), for the order
 * page's and the return form's loaders (issue 45 item 2). Server-only, so the pages' JavaScript
 * carries no date code, none of the return rules and no reason table (DESIGN.md §17 budget). Pure.
 */
export function withPageWords<V extends { requests: ReturnRequestView[] }>(view: V, language: "en" | "hi"): V {
  return {
    ...view,
    requests: view.requests.map((request) => ({
      ...request,
      sentOn: istDateIn(request.createdAt, language),
      ...(request.status === "rejected" && request.rejectReason ? { rejectedBecause: rejectReasonWords(request.rejectReason, language) } : {}),
    })),
  };
}
