import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, MaxPartSizeExceededError } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getBackend } from "~/backend/index.server";
import type { OwnStore } from "~/backend/own/types";
import { ReturnForm } from "~/components/orders/ReturnForm";
import { ReturnRequestList } from "~/components/orders/ReturnRequests";
import { Link } from "~/components/ui/local-links";
import { MAX_RETURN_PHOTO_BYTES, MAX_RETURN_PHOTOS, RETURN_BODY_BYTES, RETURN_POSTS_PER_HOUR } from "~/constants/returns";
import { BodyError, throwBodyError } from "~/http/body.server";
import { ExtraFilePartError, withUploadFiles } from "~/http/upload.server";
import { languageOfPath, pathIn } from "~/i18n/language";
import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { BackendError } from "~/lib/errors";
import { RETURN_MESSAGES } from "~/lib/return-requests";
import { withPageWords } from "~/utils/return-view.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { limitShopper } from "~/utils/rate-limit.server";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";
import { redirectWithSuccess } from "~/utils/toast.server";

const NO_STORE = { "cache-control": "private, no-store" };

/**
 * `/orders/:orderId/return` (and /hi/…): the shopper's return and exchange request (issue 45 item
 * 2; DESIGN.md §26; docs/decisions/0982). GET: the form for a delivered order inside its window
 * (lib/return-requests.ts decides), else the sentence why not; the order's requests below. POST
 * (multipart, works without JavaScript; Origin checked): the lines `quantity_<index>` (0 = not
 * returned) and `exchangeColour_<index>`, `reason`, `resolution`, `description` and up to 3
 * `photos` (each ≤ 5 MB, streamed to a folder of the request's own that is removed whatever
 * happens; checked by their bytes in services/returns.server.ts). Any other field (a refund
 * amount) is refused with nothing written. Success: 303 to the order page with a toast; a
 * refusal: the form again with the sentence (its 4xx status). Another shopper's, an unknown or an
 * unpaid order: the ordinary 404, before the body is read. At most RETURN_POSTS_PER_HOUR posts an hour.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { own, userId } = await shopper(request);
  const language = languageOfPath(new URL(request.url).pathname);
  const view = withPageWords(await ownView(own, userId, params.orderId ?? ""), language);
  return json(
    {
      view,
      messages: messagesFor(language, ["orders", "returns"]),
      phrases: phrasesFor(language, ["order", "report", "returns"]),
      title: translate(language, "returns.pageTitle", { id: view.orderId }),
    },
    { headers: NO_STORE },
  );
}

/** The fields the form may hold; anything else is refused (a refund amount, a forged price). */
const FIELD = /^(reason|resolution|description|photos|quantity_\d{1,3}|exchangeColour_\d{1,3})$/;

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { own, userId } = await shopper(request);
  const orderId = params.orderId ?? "";
  await ownView(own, userId, orderId);
  const language = languageOfPath(new URL(request.url).pathname);
  const refuse = (status: number, error: string) => json({ error }, { status, headers: NO_STORE });
  const allowed = await limitShopper("return", userId, RETURN_POSTS_PER_HOUR, 60 * 60);
  if (!allowed.ok) return refuse(429, RETURN_MESSAGES.rateLimited);
  const limits = {
    incoming: own.returns.returnUploadsDir(),
    fileField: "photos",
    maxFiles: MAX_RETURN_PHOTOS,
    maxFileBytes: MAX_RETURN_PHOTO_BYTES,
    maxTextBytes: 16 * 1024,
    maxBodyBytes: RETURN_BODY_BYTES,
  };
  try {
    // The request's upload folder is removed when this returns or throws (http/upload.server.ts).
    return await withUploadFiles(request, limits, async (form, files) => {
      for (const key of form.keys()) if (!FIELD.test(key)) throw new BackendError(400, RETURN_MESSAGES.unknownField);
      const lines: { lineIndex: number; quantity: number; exchangeColour?: string }[] = [];
      for (const [key, value] of form.entries()) {
        const match = /^quantity_(\d{1,3})$/.exec(key);
        if (!match || typeof value !== "string") continue;
        const quantity = Number(value);
        if (!Number.isInteger(quantity) || quantity < 0) throw new BackendError(400, RETURN_MESSAGES.lines);
        if (quantity === 0) continue;
        const colour = form.get(`exchangeColour_${match[1]}`);
        lines.push({ lineIndex: Number(match[1]), quantity, ...(typeof colour === "string" && colour ? { exchangeColour: colour } : {}) });
      }
      const text = (name: string) => {
        const value = form.get(name);
        return typeof value === "string" ? value : "";
      };
      const input = { reason: text("reason"), resolution: text("resolution"), description: text("description"), lines };
      // An exchange colour chosen on a line but a refund asked: the colours are the exchange's only.
      if (input.resolution !== "exchange") for (const line of lines) delete line.exchangeColour;
      await own.returns.requestReturn(userId, orderId, input, Date.now(), { photos: files.filter((file) => file.size > 0) });
      return redirectWithSuccess(pathIn(`/orders/${encodeURIComponent(orderId)}#returns`, language), RETURN_MESSAGES.requested);
    });
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return refuse(400, error.field === "photos" ? RETURN_MESSAGES.photoTooLarge : RETURN_MESSAGES.descriptionTooLong);
    if (error instanceof ExtraFilePartError) return refuse(400, RETURN_MESSAGES.tooManyPhotos);
    if (error instanceof BodyError) throwBodyError(error);
    if (error instanceof BackendError && error.status === 404) throw notFound();
    if (error instanceof BackendError) return refuse(error.status, error.message);
    throw error;
  }
}

export default function ReturnRoute() {
  const { view } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useT();
  const phrase = usePhrase();
  const error = result && "error" in result ? result.error : null;
  return (
    <div className="mx-auto max-w-screen-xl border-t px-4 pb-16 pt-14 text-gray-700 sm:px-[5vw] lg:px-[7vw]">
      <p className="mb-4 text-sm">
        <Link to={`/orders/${encodeURIComponent(view.orderId)}`} className="text-gray-600 underline hover:text-gray-900">
          {t("returns.backToOrder", { id: view.orderId })}
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-medium text-gray-900">{t("returns.pageHeading")}</h1>
      {view.open ? (
        <ReturnForm view={view} error={error} />
      ) : (
        <>
          {error ? (
            <p role="alert" className="mb-4 rounded border border-red-700 bg-red-50 p-3 text-sm text-red-900" data-testid="return-error">
              {phrase(error)}
            </p>
          ) : null}
          <p className="mb-6 text-sm" data-testid="return-refusal">
            {phrase(view.refusal ?? RETURN_MESSAGES.notDelivered)}
          </p>
        </>
      )}
      {view.requests.length > 0 ? (
        <section className="mt-10" aria-labelledby="return-requests-heading">
          <h2 id="return-requests-heading" className="mb-3 text-lg font-medium text-gray-900">
            {t("returns.yourRequests")}
          </h2>
          <ReturnRequestList requests={view.requests} />
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? data.title : "Page not found — Chrono India" }, { name: "robots", content: "noindex" }];

function notFound() {
  return new Response("Not Found", { status: 404, statusText: "Not Found", headers: NO_STORE });
}

/** The logged-in shopper and the store's own features; 404 on a store without them. */
async function shopper(request: Request) {
  const token = await requireUserToken(request);
  const { own } = getBackend();
  if (!own) throw notFound();
  try {
    return { own, userId: (await own.accounts.requireAccount(token)).id };
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) throw await expiredSessionRedirect(request);
    throw error;
  }
}

/** The shopper's order's return facts; the ordinary 404 for anyone else's. */
async function ownView(own: OwnStore, userId: number, orderId: string) {
  try {
    return await own.returns.shopperReturnView(userId, orderId, Date.now());
  } catch (error) {
    if (error instanceof BackendError && error.status === 404) throw notFound();
    throw error;
  }
}
