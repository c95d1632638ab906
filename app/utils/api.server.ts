import { json } from "@remix-run/node";
import { BackendError } from "~/backend/types";

/** A Store API failure answer: `{success:false, message}` with a meaningful status (DESIGN.md §4). */
export function apiFailure(status: number, message: string) {
  return json({ success: false, message }, { status, headers: { "cache-control": "no-store" } });
}

/**
 * Runs a Store API handler and turns what it throws into the contract's answers: BackendError →
 * its status and message; a thrown Response passes through; anything else → 500 with a generic
 * message (and a log line), never a stack trace.
 */
export async function handleApi(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof BackendError) return apiFailure(error.status, error.message);
    console.error("Store API error", error);
    return apiFailure(500, "Something went wrong on our side. Please try again.");
  }
}
