import { Form } from "~/components/ui/local-links";
import { useT } from "~/i18n/use-t";

/** One COD refund request awaiting its refund, as the order page's loader sends it (services/returns-admin.server.ts `PayoutStanding`). */
export type ReturnPayoutView = { returnId: string; given: { kind: "upi" | "bank"; masked: string } | null };

/** The address the payout form posts to (routes/orders_.$orderId_.return-payout.ts). */
export function returnPayoutPath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}/return-payout`;
}

/**
 * The cash-on-delivery shopper's refund details (issue 45 item 4; docs/decisions/0985): for each
 * of their refund requests not yet refunded, a plain HTML form (works without JavaScript) taking
 * a UPI ID or a bank account (holder's name, account number, IFSC); what was given before is shown
 * masked. The server checks every field (app/schemas/returns-office.ts) and answers with a toast.
 * Words from the `returnPayout` catalogue.
 */
export function ReturnPayout({ orderId, payouts }: { orderId: string; payouts: ReturnPayoutView[] }) {
  const { t, language } = useT();
  if (payouts.length === 0) return null;
  const input = "mt-1 block w-full max-w-md rounded-sm border border-gray-400 px-3 py-2 text-gray-900";
  return (
    <section id="return-payout" aria-labelledby="return-payout-heading" className="mx-auto max-w-screen-xl px-4 pb-12 text-gray-700 sm:px-[5vw] lg:px-[7vw]" data-testid="return-payout">
      <h2 id="return-payout-heading" className="mb-3 text-lg font-medium text-gray-900">
        {t("returnPayout.heading")}
      </h2>
      {payouts.map((payout) => {
        const id = (name: string) => `${name}-${payout.returnId}`;
        return (
          <Form key={payout.returnId} method="post" action={`${returnPayoutPath(orderId)}${language === "hi" ? "?lang=hi" : ""}`} className="mb-8 max-w-xl space-y-3 text-sm" data-testid="return-payout-form">
            <input type="hidden" name="returnId" value={payout.returnId} />
            <p>{t("returnPayout.lead", { id: payout.returnId })}</p>
            {payout.given ? (
              <p data-testid="return-payout-given" className="font-medium text-gray-900">
                {t(payout.given.kind === "upi" ? "returnPayout.givenUpi" : "returnPayout.givenBank", { masked: payout.given.masked })}
              </p>
            ) : null}
            <fieldset>
              <legend className="font-medium text-gray-900">{t("returnPayout.kind")}</legend>
              <label className="mr-6 inline-flex items-center gap-2">
                <input type="radio" name="kind" value="upi" defaultChecked={payout.given?.kind !== "bank"} required />
                {t("returnPayout.upi")}
              </label>
              <label className="inline-flex items-center gap-2">
                <input type="radio" name="kind" value="bank" defaultChecked={payout.given?.kind === "bank"} />
                {t("returnPayout.bank")}
              </label>
            </fieldset>
            <div>
              <label htmlFor={id("upiId")}>{t("returnPayout.upiId")}</label>
              <input id={id("upiId")} name="upiId" autoComplete="off" maxLength={320} className={input} />
            </div>
            <div className="space-y-3">
              <div>
                <label htmlFor={id("accountName")}>{t("returnPayout.accountName")}</label>
                <input id={id("accountName")} name="accountName" autoComplete="name" maxLength={100} className={input} />
              </div>
              <div>
                <label htmlFor={id("accountNumber")}>{t("returnPayout.accountNumber")}</label>
                <input id={id("accountNumber")} name="accountNumber" inputMode="numeric" autoComplete="off" maxLength={24} className={input} />
              </div>
              <div>
                <label htmlFor={id("ifsc")}>{t("returnPayout.ifsc")}</label>
                <input id={id("ifsc")} name="ifsc" autoComplete="off" maxLength={11} className={`${input} uppercase`} />
              </div>
            </div>
            <button type="submit" className="rounded-sm bg-black px-6 py-2 font-medium text-white hover:bg-gray-800">
              {t("returnPayout.save")}
            </button>
          </Form>
        );
      })}
    </section>
  );
}
