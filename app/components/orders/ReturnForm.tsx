import { Form } from "~/components/ui/local-links";
import { useColour } from "~/components/orders/ReturnRequests";
import { MAX_RETURN_TEXT } from "~/constants/returns";
import type { MessageKey } from "~/i18n/catalogues/en.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { istDateIn } from "~/lib/ist-dates";
import type { ReturnSectionView } from "~/lib/return-requests";

/*
 * The return form of /orders/:orderId/return (issue 45 item 2; DESIGN.md §26; docs/decisions/0982):
 * a plain multipart HTML form that works without JavaScript. A module of its own, so the order
 * page's JavaScript carries none of it (DESIGN.md §17 budget).
 */

/** "YYYY-MM-DD" (an IST date) as the page writes a date. */
function isoDateIn(iso: string, language: "en" | "hi"): string {
  return istDateIn(Date.parse(`${iso}T12:00:00+05:30`), language);
}

/** The words of what a reason allows: "refund or exchange", "refund only", "exchange only". */
function offersKey(resolutions: readonly string[]): MessageKey {
  if (resolutions.includes("refund") && resolutions.includes("exchange")) return "returns.offersBoth";
  return resolutions.includes("refund") ? "returns.offersRefund" : "returns.offersExchange";
}

/**
 * The return form (/orders/:orderId/return): for each line not yet asked for, how many to return
 * (0..bought) and, for an exchange, the colour wanted (sold-out colours shown, not chosen); the
 * reasons open today with what each allows; refund or exchange; a description; up to 3 photos.
 * Posts multipart to its own page. `error`: the last post's refusal (a sentence), shown first.
 */
export function ReturnForm({ view, error }: { view: ReturnSectionView & { orderId: string }; error: string | null }) {
  const { t, language } = useT();
  const phrase = usePhrase();
  const colour = useColour();
  const resolutions = [...new Set(view.reasons.flatMap((reason) => reason.resolutions))];
  return (
    <Form method="post" encType="multipart/form-data" className="max-w-xl space-y-6 text-sm" data-testid="return-form">
      {error ? (
        <p role="alert" className="rounded border border-red-700 bg-red-50 p-3 text-red-900" data-testid="return-error">
          {phrase(error)}
        </p>
      ) : null}
      {view.late ? <p>{t("returns.lateNote")}</p> : null}
      <fieldset className="space-y-4">
        <legend className="font-medium text-gray-900">{t("returns.whichWatches")}</legend>
        {view.lines.map((line) => (
          <div key={line.lineIndex} className="rounded border border-gray-200 p-3" data-testid="return-line">
            <p className="font-medium text-gray-900">
              {line.name} ({colour(line.colour)}), {t("returns.bought", { count: line.bought })}
            </p>
            {line.taken ? (
              <p className="mt-1 text-gray-600">{t("returns.alreadyAsked")}</p>
            ) : (
              <>
                <label htmlFor={`return-quantity-${line.lineIndex}`} className="mt-2 block">
                  {t("returns.howMany")}
                </label>
                <select id={`return-quantity-${line.lineIndex}`} name={`quantity_${line.lineIndex}`} defaultValue="0" className="mt-1 rounded-sm border border-gray-300 px-2 py-1">
                  <option value="0">{t("returns.none")}</option>
                  {Array.from({ length: line.bought }, (_, index) => (
                    <option key={index + 1} value={String(index + 1)}>
                      {index + 1}
                    </option>
                  ))}
                </select>
                {resolutions.includes("exchange") ? (
                  line.exchangeColours.length > 0 ? (
                    <>
                      <label htmlFor={`return-colour-${line.lineIndex}`} className="mt-2 block">
                        {t("returns.exchangeColour", { colour: colour(line.colour) })}
                      </label>
                      <select id={`return-colour-${line.lineIndex}`} name={`exchangeColour_${line.lineIndex}`} defaultValue="" className="mt-1 rounded-sm border border-gray-300 px-2 py-1">
                        <option value="">{t("returns.chooseColour")}</option>
                        {line.exchangeColours.map((choice) => (
                          <option key={choice.colour} value={choice.colour} disabled={!choice.inStock}>
                            {choice.inStock ? choice.colour : t("returns.soldOut", { colour: choice.colour })}
                          </option>
                        ))}
                      </select>
                    </>
                  ) : (
                    <p className="mt-2 text-gray-600">{t("returns.oneColour")}</p>
                  )
                ) : null}
              </>
            )}
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend className="font-medium text-gray-900">{t("returns.why")}</legend>
        {view.reasons.map((reason) => (
          <label key={reason.reason} className="mt-2 flex items-center gap-2">
            <input type="radio" name="reason" value={reason.reason} required />
            <span>
              {t(`returns.reason_${reason.reason}` as MessageKey)}{" "}
              <span className="text-gray-600">
                ({t(offersKey(reason.resolutions))}, {t("returns.until", { date: isoDateIn(reason.lastDay, language) })})
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend className="font-medium text-gray-900">{t("returns.whatInstead")}</legend>
        {resolutions.map((resolution) => (
          <label key={resolution} className="mt-2 flex items-center gap-2">
            <input type="radio" name="resolution" value={resolution} required defaultChecked={resolutions.length === 1} />
            <span>{t(`returns.resolution_${resolution}` as MessageKey)}</span>
          </label>
        ))}
        {resolutions.includes("refund") ? <p className="mt-2 text-gray-600">{t("returns.refundHint")}</p> : null}
      </fieldset>
      <div>
        <label htmlFor="return-description" className="block font-medium text-gray-900">
          {t("returns.description")}
        </label>
        <textarea id="return-description" name="description" required maxLength={MAX_RETURN_TEXT} rows={4} className="mt-1 w-full rounded-sm border border-gray-300 px-3 py-2" />
      </div>
      <div>
        <label htmlFor="return-photos" className="block font-medium text-gray-900">
          {t("returns.photos")}
        </label>
        <input id="return-photos" name="photos" type="file" multiple accept="image/jpeg,image/png,image/webp" className="mt-1 block" />
      </div>
      <button type="submit" className="rounded-sm bg-black px-6 py-2 text-white">
        {t("returns.send")}
      </button>
    </Form>
  );
}
