import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { StockMovements } from "~/components/admin/StockMovements";
import { declarationFormValues, ProductForm, type ProductFormValues } from "~/components/admin/ProductForm";
import { BackLink } from "~/components/admin/BackLink";
import { adminStyles } from "~/components/admin/ui";
import { PRODUCT_FORM_BODY_BYTES } from "~/constants/media";
import { readFormData, throwBodyError } from "~/http/body.server";
import { parseProductForm, productFormConstraint, stockSeenOf, withFieldErrors } from "~/utils/product-form.server";
import { parseProductIntent } from "~/utils/admin-forms.server";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/**
 * /admin/products/:productId (issue 12 item 2): one product's form (every SPEC.md §3 field),
 * hide/show, bestseller on/off, its change history and a link to its page on the store. Staff and
 * owners; only an owner may change a price (the fields are read-only for `staff`, and the server
 * refuses a changed price with 403). An unknown id: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { own, staff } = await requireStaff(request);
  const product = await own.products.getAdminProduct(params.productId ?? "");
  if (!product) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const [history, movements] = await Promise.all([own.office.auditTrail("product", product.id), own.products.stockMovements(product.id)]);
  return json(
    { product, history, movements, constraint: productFormConstraint(), priceLocked: staff.role !== "owner" },
    { headers: { "cache-control": "private, no-store" } },
  );
}

/**
 * Intents: `save` (the form, multipart: 400 with field errors and nothing stored, 403 "Only an
 * owner can change prices." on the price field), `hide`/`show`, `bestseller-on`/`bestseller-off`;
 * anything else 400. Each write is one transaction with the catalogue version and an audit row,
 * then 303 back here with a toast.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { own, actor, staff } = await requireStaff(request);
  const id = params.productId ?? "";
  const product = await own.products.getAdminProduct(id);
  if (!product) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const formData = await readFormData(request, PRODUCT_FORM_BODY_BYTES).catch(throwBodyError);
  const here = `/admin/products/${encodeURIComponent(id)}`;
  const intent = parseProductIntent(formData.get("intent"));
  if (!intent.success) throw new Response("Unknown intent.", { status: 400, statusText: "Bad Request" });
  try {
    switch (intent.data) {
      case "hide":
      case "show":
        await own.products.setProductHidden(id, intent.data === "hide", actor);
        return redirectWithSuccess(here, intent.data === "hide" ? `${product.name} is hidden from the store.` : `${product.name} is on the store again.`);
      case "bestseller-on":
      case "bestseller-off":
        await own.products.setProductBestseller(id, intent.data === "bestseller-on", actor);
        return redirectWithSuccess(here, intent.data === "bestseller-on" ? `${product.name} is a bestseller.` : `${product.name} is no longer a bestseller.`);
      case "save": {
        const parsed = await parseProductForm(formData, { id, createdAt: new Date(product.createdAt).toISOString() });
        if (!parsed.ok) return json({ result: parsed.reply }, { status: 400 });
        try {
          await own.products.storeImages(parsed.images);
          const { changed } = await own.products.updateProduct(id, parsed.product, actor, { canChangePrice: staff.role === "owner", stockSeen: stockSeenOf(formData) });
          return redirectWithSuccess(here, changed ? `${product.name} was saved.` : "Nothing had changed.");
        } catch (error) {
          if (error instanceof own.products.ProductWriteError) {
            return json({ result: withFieldErrors(parsed.submission, { [error.field ?? ""]: [error.message] }) }, { status: error.status });
          }
          throw error;
        }
      }
    }
  } catch (error) {
    if (error instanceof own.products.ProductWriteError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export default function EditProduct() {
  const { product, history, movements, constraint, priceLocked } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const rupees = (paise: number | null) => (paise === null ? "" : String(paise / 100));
  const values: ProductFormValues = {
    _id: product.id,
    name: product.name,
    nameHi: product.nameHi ?? "",
    image: product.images.join("\n"),
    video: product.videos.join("\n"),
    videoPoster: product.videoPoster ?? "",
    price: rupees(product.pricePaise),
    discount: rupees(product.originalPaise),
    category: product.category,
    subCategory: product.subCategory,
    description: product.description,
    descriptionHi: product.descriptionHi ?? "",
    features: product.features.join("\n"),
    featuresHi: (product.featuresHi ?? []).join("\n"),
    movement: product.movement,
    strapMaterial: product.strapMaterial ?? "",
    colours: product.colours.join("\n"),
    bestseller: product.bestseller,
    sold: String(product.sold),
    stock: product.stock === null || product.stock === undefined ? "" : String(product.stock),
    stockSeen: product.stock === null || product.stock === undefined ? "" : String(product.stock),
    colourStock: Object.entries(product.colourStock ?? {})
      .map(([colour, units]) => `${colour}: ${units}`)
      .join("\n"),
    ...declarationFormValues(product.declarations),
  };
  return (
    <div className={adminStyles.page}>
      <BackLink to="/admin/products">Products</BackLink>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className={adminStyles.h1}>{product.name}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {product.hidden ? (
            <span className="rounded bg-red-100 px-2 py-1 text-sm font-medium text-red-900">Hidden from the store</span>
          ) : (
            <a href={`/product/${encodeURIComponent(product.id)}`} className={adminStyles.link} target="_blank" rel="noreferrer">
              View on store<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value={product.hidden ? "show" : "hide"} />
            <button type="submit" className={product.hidden ? adminStyles.button : adminStyles.dangerButton}>
              {product.hidden ? "Show on the store" : "Hide from the store"}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value={product.bestseller ? "bestseller-off" : "bestseller-on"} />
            <button type="submit" className={adminStyles.secondaryButton}>
              {product.bestseller ? "Remove bestseller" : "Mark as bestseller"}
            </button>
          </Form>
        </div>
      </div>
      {product.declarationsMissing && product.declarationsMissing.length > 0 ? (
        <p role="status" className="mt-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="declarations-missing">
          {product.withheld ? "Not shown to shoppers while the store takes live payments: " : "Before the store takes live payments, add "}
          the Legal Metrology declarations it lacks — {product.declarationsMissing.join(", ")}.
        </p>
      ) : null}
      {product.images.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Pictures">
          {product.images.map((src, index) => (
            <li key={src}>
              <img src={src} alt={`Picture ${index + 1} of ${product.name}`} width={96} height={96} className="h-24 w-24 rounded border border-gray-300 object-cover" />
            </li>
          ))}
        </ul>
      )}
      <ProductForm
        id="edit-product"
        values={values}
        lastResult={actionData?.result}
        constraint={constraint}
        priceLocked={priceLocked}
        idEditable={false}
        submitLabel="Save"
      />
      <StockMovements movements={movements} />
      <AuditTrail entries={history} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.product.name ?? "Product"} — Back office` },
  { name: "robots", content: "noindex, nofollow" },
];
