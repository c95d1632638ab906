import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { declarationFormValues, ProductForm, type ProductFormValues } from "~/components/admin/ProductForm";
import { BackLink } from "~/components/admin/BackLink";
import { adminStyles } from "~/components/admin/ui";
import { PRODUCT_FORM_BODY_BYTES } from "~/constants/media";
import { readFormData, throwBodyError } from "~/http/body.server";
import { parseProductForm, productFormConstraint, withFieldErrors } from "~/utils/product-form.server";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

const FOR_WHAT = "add products (a new product sets a price)";

/**
 * /admin/products/new (issue 12 item 2): a new product, every SPEC.md §3 field, validated by the
 * import's schema. Creating sets a price, so owners only: a `staff` member gets 403 here and from
 * the action; everyone else 404. The product goes at the end of catalogue order, shown.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, { role: "owner", forWhat: FOR_WHAT });
  const suggestedId = `p${Date.now().toString(36)}`;
  return json({ constraint: productFormConstraint(), suggestedId }, { headers: { "cache-control": "private, no-store" } });
}

/**
 * Saves the new product: pictures checked by content, fields by the import's schema; 400 with
 * errors next to the fields (nothing stored), 409 on a taken id, else 303 to its edit page with
 * a toast. One transaction: the row, the catalogue version, the audit row.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { own, actor, staff } = await requireStaff(request, { role: "owner", forWhat: FOR_WHAT });
  const formData = await readFormData(request, PRODUCT_FORM_BODY_BYTES).catch(throwBodyError);
  const parsed = await parseProductForm(formData, { createdAt: new Date().toISOString() });
  if (!parsed.ok) return json({ result: parsed.reply }, { status: 400 });
  try {
    await own.products.storeImages(parsed.images);
    const product = await own.products.createProduct(parsed.product, actor, { canSetPrice: staff.role === "owner" });
    return redirectWithSuccess(`/admin/products/${encodeURIComponent(product.id)}`, `${product.name} was added to the store.`, { status: 303 });
  } catch (error) {
    if (error instanceof own.products.ProductWriteError) {
      return json({ result: withFieldErrors(parsed.submission, { [error.field ?? ""]: [error.message] }) }, { status: error.status });
    }
    throw error;
  }
}

export default function NewProduct() {
  const { constraint, suggestedId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values: ProductFormValues = {
    _id: suggestedId,
    name: "",
    nameHi: "",
    image: "",
    video: "",
    videoPoster: "",
    price: "",
    discount: "",
    category: "",
    subCategory: "",
    description: "",
    descriptionHi: "",
    features: "",
    featuresHi: "",
    movement: "",
    strapMaterial: "",
    colours: "",
    bestseller: false,
    sold: "0",
    stock: "",
    stockSeen: "",
    colourStock: "",
    ...declarationFormValues(undefined),
  };
  return (
    <div className={adminStyles.page}>
      <BackLink to="/admin/products">Products</BackLink>
      <h1 className={`${adminStyles.h1} mt-2`}>New product</h1>
      <ProductForm id="new-product" values={values} lastResult={actionData?.result} constraint={constraint} priceLocked={false} idEditable submitLabel="Add product" />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "New product — Back office" }, { name: "robots", content: "noindex, nofollow" }];
