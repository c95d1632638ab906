import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { getBackend } from "~/backend/index.server";
import { NewsletterForm } from "~/components/home/Newsletter";
import { storeNameOf } from "~/components/StaticPage";
import { readFormData, throwBodyError } from "~/http/body.server";
import { newsletterSignUpSchema } from "~/schemas/newsletter";
import { NEWSLETTER_CHECK_INBOX } from "~/schemas/newsletter-constants";
import { newsletterAddressAllowed } from "~/utils/newsletter.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithSuccess } from "~/utils/toast.server";

/**
 * /newsletter (issue 24 item 3; DESIGN.md §22): GET shows the sign-up form on a page of its own;
 * the newsletter box's POST lands here. A good address is answered by a 303 back to `redirectTo`
 * with the one sentence "check your inbox" — whether it was queued a confirmation email, is
 * subscribed already, or is over a limit (per client address behind TRUST_PROXY, per email, per
 * store) — so the answer never tells whether an address is subscribed. A bad one: this page with
 * the message, 400. Foreign origin 403; a store without the newsletter 404.
 */
export async function loader() {
  newsletterOwn();
  return json(null);
}

type ActionData = { error: string; typed: string | null };

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const own = newsletterOwn();
  const formData = await readFormData(request).catch(throwBodyError);
  const parsed = newsletterSignUpSchema.safeParse(Object.fromEntries([...formData].filter(([, value]) => typeof value === "string")));
  if (!parsed.success) {
    const typed = formData.get("email");
    return json<ActionData>({ error: parsed.error.issues[0]?.message ?? "Please check the form.", typed: typeof typed === "string" ? typed.slice(0, 254) : null }, { status: 400 });
  }
  if (await newsletterAddressAllowed(request)) {
    await own.newsletter.requestSubscription({ email: parsed.data.email, consentVersion: parsed.data.consentVersion }, { now: Date.now() });
  }
  return redirectWithSuccess(safeRedirect(parsed.data.redirectTo, "/"), NEWSLETTER_CHECK_INBOX);
}

function newsletterOwn() {
  const { own, capabilities } = getBackend();
  if (!own || !capabilities.newsletter) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return own;
}

export default function NewsletterPage() {
  const data = useActionData<ActionData>();
  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 id="newsletter-heading" className="font-serif text-3xl text-gray-900">
        Join our newsletter
      </h1>
      <p className="mx-auto mt-3 max-w-lg text-gray-600">New watches and offers, about twice a month. We ask you to confirm by email first.</p>
      <NewsletterForm error={data?.error} typed={data?.typed} redirectTo="/newsletter" />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: `Newsletter | ${storeNameOf(matches)}` }, { name: "robots", content: "noindex" }];
