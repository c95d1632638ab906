import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { productsIn } from "~/utils/product-texts.server";
import { languageOfPath } from "~/i18n/language";
import { getFormProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect, redirectDocument } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { Form, Link, useSubmit } from "~/components/ui/local-links";
import { useEffect, useMemo, useRef, useState } from "react";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/backend/types";
import { StockProblems } from "~/components/cart/StockProblems";
import { cartStockProblems } from "~/lib/stock";
import { orderLimitProblems } from "~/lib/order-limits";
import { buildCartLines, cartTotals } from "~/lib/cart-lines";
import { CartTotals } from "~/components/cart/CartTotals";
import { DiscountCodeBox, DiscountCodeForm } from "~/components/cart/DiscountCodeBox";
import { handleCodePost, loadCodeBox, totalChangedMessage } from "~/utils/discount-code.server";
import { AddressFields } from "~/components/checkout/AddressFields";
import { BusinessBuyerFields } from "~/components/checkout/BusinessBuyerFields";
import { ErrorSummary, summaryErrors, type SummaryError } from "~/components/checkout/ErrorSummary";
import { OrderSummary } from "~/components/checkout/OrderSummary";
import { PAYMENT_METHOD_FIELD_ID, PaymentMethods } from "~/components/checkout/PaymentMethods";
import { NEW_ADDRESS_CHOICE, SaveAddressCheckbox, SavedAddressChoice } from "~/components/checkout/SavedAddressChoice";
import { useCashfreeModal } from "~/components/checkout/useCashfreeModal";
import { showToast } from "~/components/toast";
import { checkForm, formConstraint } from "~/schemas/field-rules";
import { ADDRESS_FIELDS, PIN_CODE_PATTERN, normalisePinCode, placeOrderFormRules, type AddressField } from "~/schemas/checkout-rules";
import { ORDER_MESSAGES } from "~/schemas/order-constants";
import type { CheckoutMode } from "~/schemas/orders";
import { readFormData, throwBodyError } from "~/http/body.server";
import { getEnv, publicUrl } from "~/config/env.server";
import { applySavedAddressChoice, checkoutAddressChoices, optionalAddressBook, rememberNewAddress, savedAddressProblems } from "~/utils/address-book.server";
import { checkoutDeliveryProblems, deliveryPreview, type DeliveryPreview } from "~/utils/checkout-delivery.server";
import { parsePlaceOrderForm, parseShownLines } from "~/utils/forms.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { log } from "~/observability/log.server";

/** The cart as lines and totals, or a redirect: /login for an expired session. */
async function readCart(request: Request, token: string) {
  const backend = getBackend();
  const cart = await backend.getCart(token).catch(async (error) => {
    if (error instanceof BackendError && error.status === 401) throw await expiredSessionRedirect(request, "/place-order");
    throw error;
  });
  // The lines name the watches in the page's language (the owner's Hindi names on /hi; docs/decisions/0880).
  const byId = productsIn(await backend.getProducts(Object.keys(cart)), languageOfPath(new URL(request.url).pathname));
  const lines = buildCartLines(cart, byId);
  // Issue 47 item 2: the applied code, and the total after it (what the order charges).
  const { box: codeBox, discountPaise } = await loadCodeBox(request, token);
  const listed = cartTotals(lines);
  const totals = { ...listed, totalPaise: listed.totalPaise - discountPaise };
  const discount = codeBox.applied?.applies ? { code: codeBox.applied.code, paise: discountPaise } : null;
  // Issue 23: lines that can't be ordered now block PLACE ORDER, with the reason; issue 43 item 3:
  // so do more of a watch, or more watches, than one order may have.
  return { lines, totals, codeBox, discount, stockProblems: [...cartStockProblems(lines, (id) => byId.get(id)), ...orderLimitProblems(lines)] };
}

/**
 * How the backend takes money (issue 8 item 4): asked of the backend that makes the payment,
 * never decided from this process's own Cashfree settings. Null when the backend cannot say
 * (no gateway, unreachable): the page then offers the hosted page and the action reports the error.
 */
async function readCheckoutMode(): Promise<CheckoutMode | null> {
  try {
    return await getBackend().checkoutMode();
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    log.error({ status: error.status, reason: error.message }, `Could not read the checkout mode: ${error.message}`);
    return null;
  }
}

/**
 * /place-order (SPEC.md §2, §4, §5; DESIGN.md §9): logged-in shoppers only (else /login and back
 * here); an empty cart goes back to /cart. Gives the lines and totals, which payment methods are
 * on, how the backend takes money (Cashfree's modal, or the hosted page; "Test mode" when no real
 * money moves — issue 8 item 4), and a one-time key that makes a double submit of this form one order.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireUserToken(request);
  const { lines, totals, codeBox, discount, stockProblems } = await readCart(request, token);
  if (lines.length === 0) throw redirect("/cart", 303);
  const mode = await readCheckoutMode();
  const language = languageOfPath(new URL(request.url).pathname);
  return json(
    {
      // Issue 13 item 5: the shopper's saved addresses (the default first); null when the store keeps none.
      savedAddresses: await checkoutAddressChoices(request),
      lines,
      totals,
      codeBox,
      discount,
      stockProblems,
      codEnabled: getEnv().ENABLE_COD,
      testMode: mode?.environment === "test" ? (mode.simulator ? ("simulator" as const) : ("sandbox" as const)) : null,
      modal: mode?.checkout === "modal" ? { mode: mode.sdkMode } : null,
      idempotencyKey: `checkout-${crypto.randomUUID()}`,
      // The page's words in its language, and the rules' sentences its form can show (issue 27;
      // docs/decisions/0850, 0890): field errors, the summary, stock and delivery sentences.
      messages: messagesFor(language, ["cart", "checkout", "discountCode"]),
      phrases: phrasesFor(language, ["address", "account", "order", "cart", "discounts", "report"]),
      title: translate(language, "checkout.pageTitle"),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

/**
 * PLACE ORDER (SPEC.md §4, §8). The form is parsed with its zod schema, whose rules the browser
 * checks too (`placeOrderFormRules`): field errors and the SPEC.md §8 sentences for a disabled or
 * unknown method come back with status 400, the entered values kept. The items are the cart lines the page showed (a hidden field): the server
 * prices them and refuses them with 409 if the cart has changed since (another tab), so the
 * shopper never pays for something they did not see.
 * - cash on delivery → order placed, 303 to /orders;
 * - Cashfree with the modal (JavaScript, and the backend's checkout mode is "modal") →
 *   `{payment: {orderId, paymentSessionId}}` for the page to open Cashfree's modal;
 * - otherwise (no JavaScript, or the backend's simulator) → 303 to the hosted payment page (a
 *   Cashfree payment link, or the simulator's page), which returns to /verify.
 * Before any of that (issue 13 item 4), the delivery check: a PIN code India Post doesn't list, a
 * state that isn't the PIN's, a PIN not served ("We don't deliver to 194101 yet") or cash on
 * delivery not allowed there come back 400 with the sentence next to its field and the PIN's preview.
 * Backend failures re-render the form with the message (4xx — 429 after 10 unpaid orders in an
 * hour, issue 8 item 5, or when the account's orders not yet paid already hold as many watches as
 * one account may, issue 43 item 3 — or 503 when payments are down); with JavaScript also as a toast.
 * Issue 47 item 2 (CCPA dark-pattern guidelines 2023: the price shown is the price paid): the form
 * carries the total it showed (`shownTotalPaise`, paise); when the server's total after the cart's
 * code is another, nothing is made and the form comes back 409 with the new total. A discount or
 * amount field in the form is never read. The order's own 409 (the code stopped applying, e.g. used
 * up by a racing order) is a form error too. `intent=applyCode|removeCode`: the discount code box
 * (utils/discount-code.server.ts handleCodePost).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const token = await requireUserToken(request);
  const formData = await readFormData(request).catch(throwBodyError);
  const codePost = await handleCodePost(request, token, formData, "/place-order");
  if (codePost) return codePost;
  const codEnabled = getEnv().ENABLE_COD;
  // Issue 13 item 5: a chosen saved address replaces the (ignored) new-address fields.
  const book = await optionalAddressBook(request);
  const saved = await applySavedAddressChoice(book, formData);
  const submission = parsePlaceOrderForm(formData, { codEnabled });
  if (saved.problem) {
    return json({ result: submission.reply({ formErrors: [saved.problem] }), payment: null, delivery: null }, { status: 400 });
  }
  if (submission.status !== "success") {
    return json({ result: submission.reply(), payment: null, delivery: null }, { status: 400 });
  }
  const { paymentMethod, idempotencyKey, checkout, ...address } = submission.value;

  // The lines the shopper saw: the server refuses them (409) if the cart has changed since.
  const shown = parseShownLines(formData.get("cartLines"));
  if (!shown) {
    return json({ result: submission.reply({ formErrors: [ORDER_MESSAGES.cartChanged] }), payment: null, delivery: null }, { status: 409 });
  }
  const { lines, totals, codeBox } = await readCart(request, token);
  if (lines.length === 0) return redirectWithError("/cart", ORDER_MESSAGES.cartEmpty);
  // Issue 47 item 2: the total the page showed must be the one charged now (a code that stopped
  // applying, or was applied in another tab, changes it). A post without the field (an older page,
  // a script) passes only while no code is on the cart: the shown lines' check above covers it.
  // Lines other than the cart's are the backend's refusal to make (409 "Your cart has changed…").
  const sameLines =
    shown.length === lines.length && shown.every(([id, size, quantity]) => lines.some((line) => line.productId === id && line.sizeKey === size && line.quantity === quantity));
  const shownTotal = formData.get("shownTotalPaise");
  const shownOk =
    !sameLines ||
    (shownTotal === null ? codeBox.applied === null : typeof shownTotal === "string" && /^\d{1,12}$/.test(shownTotal) && Number(shownTotal) === totals.totalPaise);
  if (!shownOk) {
    return json(
      { result: submission.reply({ formErrors: [totalChangedMessage(totals.totalPaise)] }), payment: null, delivery: null },
      { status: 409 },
    );
  }

  // Issue 13 item 4: the PIN exists, is the state's and is served, and cash on delivery is allowed
  // there for this total — before any order or payment. The problems sit next to their fields.
  // The order's language is the checkout page's (issue 27): its emails and pages speak it.
  const language = languageOfPath(new URL(request.url).pathname);
  const problems = await checkoutDeliveryProblems(address, { amountPaise: totals.totalPaise, paymentMethod });
  if (problems) {
    const fieldErrors = Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]]));
    return json(
      {
        result: submission.reply(saved.chosenId === null ? { fieldErrors } : savedAddressProblems(problems, address.zipcode)),
        payment: null,
        delivery: await deliveryPreview(address.zipcode, totals.totalPaise, language),
      },
      { status: 400 },
    );
  }
  const body = {
    address,
    items: shown.map(([productId, size, quantity]) => ({ _id: productId, size, quantity })),
    amount: totals.totalPaise / 100,
    language,
  };

  const backend = getBackend();
  try {
    if (paymentMethod === "cod") {
      await backend.placeOrder(token, body, { idempotencyKey });
      await rememberNewAddress(book, formData, saved.chosenId, address);
      return redirectWithSuccess("/orders", ORDER_MESSAGES.orderPlaced);
    }
    // A shopper paying from a Hindi page comes back to the Hindi /verify (then /hi/orders).
    const options = { storeUrl: publicUrl(), idempotencyKey, ...(language === "hi" ? { returnUrl: `${publicUrl()}/hi/verify?orderId={order_id}` } : {}) };
    if (checkout === "modal" && (await backend.checkoutMode()).checkout === "modal") {
      const payment = await backend.createCashfreeOrder(token, body, options);
      await rememberNewAddress(book, formData, saved.chosenId, address);
      return json({ result: submission.reply(), payment, delivery: null });
    }
    const { linkUrl } = await backend.createCashfreePaymentLink(token, body, options);
    await rememberNewAddress(book, formData, saved.chosenId, address);
    return redirectDocument(linkUrl, 303);
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    if (error.status === 401) throw await expiredSessionRedirect(request, "/place-order");
    if (error.message === ORDER_MESSAGES.alreadyPaid) return redirectWithSuccess("/orders", ORDER_MESSAGES.verified);
    return json(
      { result: submission.reply({ formErrors: [error.message] }), payment: null, delivery: null },
      { status: error.status >= 500 ? 503 : error.status },
    );
  }
}

const FORM_ID = "place-order";
/** The form's fields in page order, for the error summary (issue 9 item 3). */
const SUMMARY_FIELD_ORDER = [...ADDRESS_FIELDS, "gstin", "businessName", "paymentMethod"] as const;
/** Where the summary's link for a field goes: conform's input id, or the first payment option. */
const summaryFieldId = (name: string) => (name === "paymentMethod" ? PAYMENT_METHOD_FIELD_ID : `${FORM_ID}-${name}`);

/** The error summary of a submission that failed (issue 9 item 3), or null. */
function summaryOf(result: Pick<SubmissionResult<string[]>, "status" | "error"> | null | undefined): SummaryError[] | null {
  return result?.status === "error" ? summaryErrors(result.error, SUMMARY_FIELD_ORDER, summaryFieldId) : null;
}

/** The form's fields as the browser sees them (the server's parse gives the typed values). */
type PlaceOrderFields = Record<AddressField | "gstin" | "businessName" | "paymentMethod", string | undefined>;

/** What the page keeps of conform's last check in the browser (a submission). */
type BrowserCheck = { status?: "error" | "success"; reply: () => SubmissionResult<string[]> };

/** After PLACE ORDER answers with a payment session, keep this page (and its one-time key) as is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && "payment" in actionResult && actionResult.payment ? false : defaultShouldRevalidate;

export default function PlaceOrderPage() {
  const { lines, totals, codeBox, discount, codEnabled, testMode, modal, idempotencyKey, savedAddresses, stockProblems } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  // The discount code box's answer after a plain post (issue 47), or PLACE ORDER's.
  const codeAnswer = answered && "codeBox" in answered ? answered.codeBox : null;
  const actionData = answered && "result" in answered ? answered : undefined;
  const { t, language } = useT();
  const phrase = usePhrase();
  const navigation = useNavigation();
  const submit = useSubmit();
  // The form's rules in the browser, message for message the server's zod schema (conform without
  // its zod adapter; docs/decisions/0530).
  const rules = useMemo(() => placeOrderFormRules({ codEnabled }), [codEnabled]);
  // Issue 13 item 5: with saved addresses, which one the delivery goes to (the default first, or what
  // was posted); while a saved one is chosen the browser checks only the payment method, and the
  // new-address fields are not `required` (hidden by CSS, ignored by the server).
  const hasSaved = (savedAddresses?.length ?? 0) > 0;
  const postedChoice = actionData?.result?.initialValue?.savedAddressId;
  const [addressChoice, setAddressChoice] = useState(() =>
    typeof postedChoice === "string" ? postedChoice : String(savedAddresses?.find((saved) => saved.isDefault)?.id ?? savedAddresses?.[0]?.id ?? NEW_ADDRESS_CHOICE),
  );
  const paymentRules = useMemo(() => ({ paymentMethod: rules.paymentMethod }), [rules]);
  const checkedRules = hasSaved && addressChoice !== NEW_ADDRESS_CHOICE ? paymentRules : rules;
  const { state: modalState, open: openModal } = useCashfreeModal(modal !== null, modal?.mode ?? "production");
  const [paying, setPaying] = useState(false);
  const handled = useRef<unknown>(null);
  // The error summary (issue 9 item 3): the problems as they were at the last failed submit —
  // the server's answer (first render, also without JavaScript) or the browser's own check.
  const [summary, setSummary] = useState(() => summaryOf(actionData?.result));
  const summaryRef = useRef<HTMLDivElement>(null);
  const lastCheck = useRef<BrowserCheck | null>(null);

  const [form, fields] = useForm<PlaceOrderFields>({
    id: FORM_ID,
    lastResult: actionData?.result,
    constraint: formConstraint(hasSaved ? paymentRules : rules),
    defaultValue: { country: "India", paymentMethod: "cashfree" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      (lastCheck.current = parse<PlaceOrderFields, string[]>(formData, {
        resolve: (payload) => {
          const error = checkForm(checkedRules, formData);
          return error ? { error } : { value: payload as PlaceOrderFields };
        },
      })),
  });
  const formProps = getFormProps(form);

  // Issue 13 item 4: a complete PIN code is looked up as it is typed; the answer fills the state
  // (and the city when empty), tells the promised window, and disables cash on delivery where it
  // can't pay. The server checks all of it again at PLACE ORDER (and without JavaScript, only there).
  const deliveryFetcher = useFetcher<DeliveryPreview>();
  const lookedUp = useRef("");
  const lookUpPin = (value: string) => {
    const pin = normalisePinCode(value);
    if (!PIN_CODE_PATTERN.test(pin) || pin === lookedUp.current) return;
    lookedUp.current = pin;
    // The Store API's delivery preview, worded in the page's language (it has one address for both).
    deliveryFetcher.load(`/api/delivery?pin=${pin}&amount=${totals.totalPaise}${language === "hi" ? "&lang=hi" : ""}`);
  };
  const preview = deliveryFetcher.data ?? actionData?.delivery ?? null;
  // Filled once per PIN looked up: Remix reloads fetchers after every action (a refused PLACE
  // ORDER included), and that reload must not overwrite what the shopper chose since.
  // The fields are set in the page itself, as typing would (an input or change event tells conform),
  // from what they hold now: conform's own update re-mounts them from its last snapshot, which can
  // lag behind fast typing and wipe a city or state just entered.
  const filledFor = useRef("");
  useEffect(() => {
    const data = deliveryFetcher.data;
    const pin = lookedUp.current;
    if (deliveryFetcher.state !== "idle" || !data?.place || filledFor.current === pin) return;
    filledFor.current = pin;
    const state = document.getElementById(fields.state.id) as HTMLSelectElement | null;
    if (state && state.value !== data.place.state) {
      state.value = data.place.state;
      state.dispatchEvent(new Event("change", { bubbles: true }));
    }
    const city = document.getElementById(fields.city.id) as HTMLInputElement | null;
    if (city && !city.value.trim()) {
      city.value = data.place.district;
      city.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, [deliveryFetcher.data, deliveryFetcher.state, fields.state.id, fields.city.id]);
  // Only a lookup made in this page disables cash on delivery: after a refusal without JavaScript
  // the option stays choosable, so a shopper who corrects the PIN can still pick it.
  const looked = deliveryFetcher.data;
  const codProblem = looked?.cod && !looked.cod.available ? looked.cod.message : null;
  useEffect(() => {
    // A cash-on-delivery choice the PIN no longer allows falls back to Card / UPI.
    const cod = document.getElementById("payment-cod") as HTMLInputElement | null;
    const card = document.getElementById(PAYMENT_METHOD_FIELD_ID) as HTMLInputElement | null;
    if (codProblem && cod?.checked && card) card.checked = true;
  }, [codProblem]);
  const pinStatus =
    preview && (preview.kind === "deliverable" || !fields.zipcode.errors) && preview.kind !== "invalid" ? (
      <>
        {preview.message}
        {preview.cod ? <span className="block text-gray-600">{preview.cod.message}</span> : null}
      </>
    ) : null;

  // A new answer from the server: its problems, or none after a success (state adjusted while
  // rendering, as React recommends for state derived from a changed prop).
  const [answer, setAnswer] = useState(actionData);
  if (actionData !== answer) {
    setAnswer(actionData);
    if (actionData) setSummary(summaryOf(actionData.result));
  }

  // Each failed submit focuses the summary (after conform has focused the first invalid field).
  useEffect(() => {
    if (summary) summaryRef.current?.focus();
  }, [summary]);

  // SPEC.md §8: a refused order or payment method is also a toast (with JavaScript).
  useEffect(() => {
    const errors = actionData?.result?.error;
    const message = errors?.[""]?.[0] ?? errors?.paymentMethod?.[0];
    if (message) showToast(phrase(message), "error");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a toast per answer, not per render's phrasebook
  }, [actionData]);

  // The Cashfree modal, then the server-side verify (DESIGN.md §9).
  useEffect(() => {
    const payment = actionData?.payment;
    if (!payment || handled.current === payment) return;
    handled.current = payment;
    setPaying(true);
    openModal(payment.paymentSessionId).then((outcome) => {
      // The modal closed without an error: the server's verify decides (and shows) the outcome.
      if (outcome.kind === "ended") {
        submit({ orderId: payment.orderId }, { method: "post", action: "/verify" });
      } else {
        setPaying(false);
      }
    });
  }, [actionData, openModal, submit]);

  const busy = paying || (navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post");

  return (
    <div className="mx-auto max-w-screen-xl border-t px-4 pb-16 pt-5 sm:px-[5vw] sm:pt-14 lg:px-[7vw]">
      {summary ? <ErrorSummary ref={summaryRef} errors={summary} formErrorId={form.errorId} /> : null}
      {testMode ? (
        <p className="mb-6 rounded border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="test-mode">
          <strong className="font-semibold">{t("checkout.testMode")}</strong> —{" "}
          {testMode === "simulator" ? t("checkout.testModeSimulator") : t("checkout.testModeSandbox")} {t("checkout.noMoneyMoves")}
        </p>
      ) : null}
      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          lastCheck.current = null;
          formProps.onSubmit(event);
          // The browser's check refused the submit: summarise what it found (issue 9 item 3).
          const check = lastCheck.current as BrowserCheck | null;
          if (event.defaultPrevented && check?.status === "error") setSummary(summaryOf(check.reply()));
        }}
        className="flex flex-col justify-between gap-10 sm:flex-row">
        <div className="flex w-full flex-col gap-4 sm:max-w-[480px]">
          <h1 className="inline-flex items-center gap-2 text-xl text-gray-800 sm:text-2xl">
            <span className="text-gray-600">{t("checkout.deliveryLead")}</span> <span className="font-medium">{t("checkout.deliveryMain")}</span>
            <span aria-hidden="true" className="h-[2px] w-8 bg-gray-700 sm:w-12" />
          </h1>
          {hasSaved && savedAddresses ? (
            <SavedAddressChoice choices={savedAddresses} chosen={addressChoice} onChoose={setAddressChoice}>
              <AddressFields fields={fields} onPinInput={lookUpPin} pinStatus={pinStatus} />
              <SaveAddressCheckbox ticked={actionData?.result?.initialValue?.saveAddress === "on"} />
            </SavedAddressChoice>
          ) : (
            <>
              <AddressFields fields={fields} onPinInput={lookUpPin} pinStatus={pinStatus} />
              {savedAddresses ? <SaveAddressCheckbox ticked={actionData?.result?.initialValue?.saveAddress === "on"} /> : null}
            </>
          )}
          <BusinessBuyerFields gstin={fields.gstin} businessName={fields.businessName} />
        </div>

        <div className="w-full sm:max-w-[450px]">
          <OrderSummary lines={lines} />
          <DiscountCodeBox box={codeBox} answer={codeAnswer} attached />
          <CartTotals subtotalPaise={totals.subtotalPaise} deliveryFeePaise={totals.deliveryFeePaise} totalPaise={totals.totalPaise} discount={discount} />
          <PaymentMethods field={fields.paymentMethod} codEnabled={codEnabled} codProblem={codProblem} />

          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name="shownTotalPaise" value={totals.totalPaise} />
          <input type="hidden" name="cartLines" value={JSON.stringify(lines.map((line) => [line.productId, line.sizeKey, line.quantity]))} />
          <input type="hidden" name="checkout" value={modalState === "ready" ? "modal" : "redirect"} />

          <p className="mt-6 text-xs text-gray-600">
            {t("checkout.agreeBefore")}
            <Link to="/terms-and-conditions" className="underline underline-offset-2 hover:text-gray-900">
              {t("checkout.terms")}
            </Link>
            {t("checkout.agreeAnd")}
            <Link to="/privacy-policy" className="underline underline-offset-2 hover:text-gray-900">
              {t("checkout.privacy")}
            </Link>
            {t("checkout.agreeAfter")}
          </p>
          <StockProblems problems={stockProblems} />
          <div className="mt-6 w-full text-end">
            <button
              type="submit"
              disabled={busy || stockProblems.length > 0}
              className="bg-black px-16 py-3 text-sm text-white hover:bg-gray-800 disabled:cursor-wait disabled:opacity-70"
            >
              {t("checkout.placeOrder")}
            </button>
          </div>
        </div>
      </Form>
      <DiscountCodeForm />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Place order — Chrono India" }, { name: "robots", content: "noindex" }];
