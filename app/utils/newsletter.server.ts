import { z } from "zod";
import { newsletterDraftSchema, newsletterSignUpSchema } from "~/schemas/newsletter";

/**
 * The newsletter box's post (schemas/newsletter `newsletterSignUpSchema`): the parsed fields, or
 * the first problem's sentence. Kept here so zod stays out of the pages' browser code.
 */
export function parseNewsletterSignUp(formData: FormData) {
  return newsletterSignUpSchema.safeParse(Object.fromEntries([...formData].filter(([, value]) => typeof value === "string")));
}

/** The back office composer's post (`newsletterDraftSchema`): subject and body, or the problems by field. */
export function parseNewsletterDraft(formData: FormData) {
  return newsletterDraftSchema.safeParse({ intent: "send", subject: formData.get("subject") ?? undefined, body: formData.get("body") ?? undefined });
}

/** `?page=` of the back office's subscriber list: a whole number from 1, else 1. */
export function parseSubscriberPage(url: URL): number {
  return z.coerce.number().int().min(1).max(1_000_000).catch(1).parse(url.searchParams.get("page") ?? 1);
}
