import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Form,
  Link,
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useMemo } from "react";
import toast from "react-hot-toast";
import { z } from "zod";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/backend/types";
import { ErrorPage } from "~/components/ErrorPage";
import { toCardData } from "~/lib/product-card";
import { ColourPicker } from "~/components/product/ColourPicker";
import { MediaGallery } from "~/components/product/MediaGallery";
import { PriceBlock } from "~/components/product/PriceBlock";
import { ProductSkeleton, useProductNavigationPending } from "~/components/product/ProductSkeleton";
import { ProductTabs } from "~/components/product/ProductTabs";
import { RelatedProducts } from "~/components/product/RelatedProducts";
import { StarRating } from "~/components/product/StarRating";
import { ComingSoonButton } from "~/components/ui/ComingSoon";
import { BRANDS, DEFAULT_SIZE_KEY, RELATED_PRODUCTS } from "~/constants/store";
import { truncateAtWord } from "~/lib/text";
import { addToCartSchema, SELECT_SIZE_MESSAGE } from "~/schemas/add-to-cart";
import type { Product } from "~/schemas/product";
import {
  defaultMediaPosition,
  galleryItems,
  parseProductView,
  productViewSearch,
  type ProductView,
} from "~/schemas/product-view";
import { publicUrl } from "~/config/env.server";
import { readFormData, throwBodyError } from "~/http/body.server";
import { breadcrumbJsonLd, jsonLdMeta, previewMeta, productJsonLd, rupeesAmount } from "~/lib/seo";
import { loginPath } from "~/utils/safe-redirect";
import { commitLogout, getSessionToken } from "~/utils/session.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

const paramsSchema = z.object({ productId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** The catalogue product named by the URL; a malformed or unknown id is a 404 (SPEC.md §2). */
async function findProduct(params: LoaderFunctionArgs["params"]): Promise<Product> {
  const parsed = paramsSchema.safeParse(params);
  const product = parsed.success ? await getBackend().getProduct(parsed.data.productId) : null;
  if (!product) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return product;
}

/** The product (only the fields the page shows), up to 5 related product cards, the share image. */
export async function loader({ params }: LoaderFunctionArgs) {
  const product = await findProduct(params);
  const related = await getBackend().relatedProducts(product, RELATED_PRODUCTS);
  const origin = publicUrl();
  return json({
    /** The store's public origin (PUBLIC_URL): canonical link, structured data, previews. */
    origin,
    /** Absolute address of the first image, for link previews (og:image must be absolute). */
    shareImage: new URL(product.images[0], origin).href,
    product: {
      id: product.id,
      name: product.name,
      images: product.images,
      videos: product.videos,
      videoPoster: product.videoPoster,
      pricePaise: product.pricePaise,
      originalPaise: product.originalPaise,
      category: product.category,
      subCategory: product.subCategory,
      description: product.description,
      features: product.features,
      movement: product.movement,
      strapMaterial: product.strapMaterial,
      colours: product.colours,
    },
    related: related.map(toCardData),
  });
}

/**
 * The product page's mutations, switched on `intent` (STYLE.md habit 4):
 * - `add-to-cart`: SPEC.md §4, §5, §8 — a missing or wrong size/colour key re-renders with the
 *   error (400; shown by the picker and as a toast); a logged-out shopper is sent to /login with
 *   'Please Login with Account'.
 * Foreign origin → 403; unknown product → 404; unknown intent or unreadable body → 400.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const product = await findProduct(params);
  const formData = await readFormData(request).catch(throwBodyError);
  const intent = formData.get("intent");
  switch (intent) {
    case "add-to-cart":
      return addToCart(request, product, formData);
    default:
      throw new Response("Unknown action.", { status: 400, statusText: "Bad Request" });
  }
}

/** SPEC.md §8: adding to the cart failed (no session, or the backend refused it). */
const LOGIN_REQUIRED_MESSAGE = "Please Login with Account";

async function addToCart(request: Request, product: Product, formData: FormData) {
  const submission = parseWithZod(formData, { schema: addToCartSchema(product.colours) });
  if (submission.status !== "success") {
    // Not a flash toast: without JavaScript this very response is the page, and a flash cookie
    // would pop up on the next one. The page shows the message by the picker, and as a toast
    // when JavaScript runs (docs/decisions/0142).
    const message = submission.error?.size?.[0] ?? SELECT_SIZE_MESSAGE;
    return json({ result: submission.reply(), error: message }, { status: 400 });
  }
  const productPath = `/product/${product.id}`;
  const token = await getSessionToken(request);
  if (!token) return redirectWithError(loginPath(productPath), LOGIN_REQUIRED_MESSAGE);
  try {
    await getBackend().addToCart(token, product.id, submission.value.size);
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    // SPEC.md §8: a refused session (revoked, expired) → 'Please Login with Account' and /login,
    // with the dead cookie cleared. Other refusals (e.g. the line is at its cap of 99) keep the
    // shopper on the product with the backend's sentence (docs/decisions/0206).
    if (error.status === 401) {
      return redirectWithError(loginPath(productPath), LOGIN_REQUIRED_MESSAGE, {
        headers: { "Set-Cookie": await commitLogout(request) },
      });
    }
    return redirectWithError(productPath, error.message);
  }
  return redirectWithSuccess(productPath, ADDED_TO_CART_MESSAGE);
}

/** SPEC.md §8 success toast. */
const ADDED_TO_CART_MESSAGE = "Item added to cart!";

/** Only the gallery or the tab changed: nothing to reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname) {
    const strip = (url: URL) => {
      const search = new URLSearchParams(url.search);
      search.delete("media");
      search.delete("tab");
      search.sort();
      return search.toString();
    };
    if (strip(currentUrl) === strip(nextUrl)) return false;
  }
  return defaultShouldRevalidate;
};

type PageProduct = SerializeFrom<typeof loader>["product"];

export default function ProductPage() {
  const { product, related } = useLoaderData<typeof loader>();
  const productPath = `/product/${product.id}`;
  if (useProductNavigationPending(productPath)) return <ProductSkeleton />;
  // `key` starts each product with fresh form state.
  return <ProductDetail key={product.id} product={product} related={related} />;
}

function ProductDetail({ product, related }: Omit<SerializeFrom<typeof loader>, "shareImage" | "origin">) {
  const productPath = `/product/${product.id}`;
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => galleryItems(product), [product]);
  const defaultMedia = defaultMediaPosition(items);
  const view = parseProductView(new URLSearchParams(location.search), items);

  const viewHref = (change: Partial<ProductView>, hash: string) =>
    `${productPath}${productViewSearch({ ...view, ...change }, defaultMedia)}#${hash}`;
  const selectView = (change: Partial<ProductView>) =>
    navigate(`${productPath}${productViewSearch({ ...view, ...change }, defaultMedia)}`, {
      replace: true,
      preventScrollReset: true,
    });

  const brandIsKnown = (BRANDS as readonly string[]).includes(product.subCategory);
  const actionError = useActionData<typeof action>()?.error;

  return (
    <article className="mx-auto max-w-screen-xl px-4 pb-16 pt-6 sm:px-8">
      {actionError ? (
        // Without JavaScript the page comes back scrolled to the top: say what went wrong there,
        // as the toast would (with JavaScript the toast does, and this is hidden).
        <p className="js-hide-when-hydrated mb-4 rounded border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800" data-testid="add-to-cart-error-banner">
          {actionError}{" "}
          <a href="#buy" className="font-medium underline">
            Back to the options
          </a>
        </p>
      ) : null}
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-gray-600">
        {/* The "/" between crumbs is CSS (with empty alt text), so text browsers and screen readers read a plain list. */}
        <ol className="flex flex-wrap items-center gap-x-2 [&>li+li]:before:mr-2 [&>li+li]:before:content-['/'_/_'']">
          <li>
            <Link to="/" className="hover:text-gray-900 hover:underline">Home</Link>
          </li>
          <li>
            <Link to="/collection" className="hover:text-gray-900 hover:underline">Collection</Link>
          </li>
          {brandIsKnown ? (
            <li>
              <Link to={`/collection?brand=${encodeURIComponent(product.subCategory)}`} className="hover:text-gray-900 hover:underline">
                {product.subCategory}
              </Link>
            </li>
          ) : null}
        </ol>
      </nav>

      <div className="flex flex-col gap-10 md:flex-row md:gap-12">
        <div className="md:w-1/2">
          <MediaGallery
            items={items}
            selected={view.media}
            productName={product.name}
            hrefFor={(media) => viewHref({ media }, "gallery")}
            onSelect={(media) => selectView({ media })}
          />
        </div>
        <div className="flex flex-col gap-5 md:w-1/2">
          <h1 className="font-serif text-2xl leading-snug text-gray-900 sm:text-3xl">{product.name}</h1>
          <StarRating />
          <PriceBlock pricePaise={product.pricePaise} originalPaise={product.originalPaise} />
          <p>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-green-50 px-3 py-1 text-sm font-medium text-green-800" data-testid="stock">
              <span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-600" />
              In Stock
            </span>
          </p>
          {product.description ? <p className="leading-relaxed text-gray-600">{product.description}</p> : null}
          {product.features.length > 0 ? (
            <ul className="list-disc space-y-1 pl-5 text-sm text-gray-700" aria-label="Features">
              {product.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          ) : null}
          <SpecTable product={product} />
          <div id="buy">
            <AddToCartForm product={product} />
          </div>
          <hr className="border-gray-200" />
          <ul className="space-y-1 text-sm text-gray-600">
            <li>100% Quality product.</li>
            <li>Easy return and exchange policy within 7 days</li>
          </ul>
        </div>
      </div>

      <ProductTabs
        selected={view.tab}
        hrefFor={(tab) => viewHref({ tab }, "tabs")}
        onSelect={(tab) => selectView({ tab })}
      />

      <RelatedProducts products={related} />
    </article>
  );
}

/** Movement, Strap Material (if present), Category / SubCategory (SPEC.md §2). */
function SpecTable({ product }: { product: PageProduct }) {
  const rows: [string, string][] = [];
  if (product.movement) rows.push(["Movement", product.movement]);
  if (product.strapMaterial) rows.push(["Strap Material", product.strapMaterial]);
  rows.push(["Category / SubCategory", `${product.category} / ${product.subCategory}`]);
  return (
    <table className="w-full max-w-md text-left text-sm" data-testid="spec-table">
      <caption className="sr-only">Specifications</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label} className="border-b border-gray-100">
            <th scope="row" className="w-1/2 py-2 pr-4 font-medium text-gray-900">{label}</th>
            <td className="py-2 text-gray-700">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** ADD TO CART (posts to this route's action) and WISHLIST (no action, SPEC.md §1: disabled, "coming soon"). */
function AddToCartForm({ product }: { product: PageProduct }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: `add-to-cart-${product.id}`, lastResult: actionData?.result });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-to-cart";
  const sizeError = fields.size.errors?.[0];
  useEffect(() => {
    if (actionData?.error) toast.error(actionData.error);
  }, [actionData]);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-5">
      <input type="hidden" name="intent" value="add-to-cart" />
      {product.colours.length > 0 ? (
        <ColourPicker colours={product.colours} error={sizeError} errorId={fields.size.errorId} />
      ) : (
        <input type="hidden" name="size" value={DEFAULT_SIZE_KEY} />
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={submitting}
          className="rounded bg-black px-8 py-3 text-sm font-medium tracking-wide text-white hover:bg-gray-800 disabled:opacity-70"
        >
          ADD TO CART
        </button>
        <ComingSoonButton
          id="wishlist-note"
          note="Wishlist coming soon"
          className="rounded border border-gray-900 px-8 py-3 text-sm font-medium tracking-wide text-gray-900"
        >
          WISHLIST
        </ComingSoonButton>
      </div>
      {sizeError && product.colours.length === 0 ? (
        <p id={fields.size.errorId} role="alert" className="text-sm font-medium text-red-700" data-testid="size-error">
          {sizeError}
        </p>
      ) : null}
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((match) => match.id === "root")?.data as { env?: { STORE_NAME?: string } } | undefined;
  const store = root?.env?.STORE_NAME ?? "Chrono India";
  if (!data) return [{ title: `Product not found | ${store}` }];
  const { product } = data;
  const description =
    product.description.length > 0
      ? truncateAtWord(product.description) // issue 9 item 6: a word boundary and "…", ≤ 158 characters
      : `${product.name} by ${product.subCategory}, with free shipping across India.`;
  const url = `${data.origin}/product/${product.id}`;
  const collection = `${data.origin}/collection`;
  return [
    { title: `${product.name} | ${store}` },
    { name: "description", content: description },
    ...previewMeta({ title: product.name, description, url, image: data.shareImage, type: "product", storeName: store }),
    { property: "product:price:amount", content: rupeesAmount(product.pricePaise) },
    { property: "product:price:currency", content: "INR" },
    jsonLdMeta(productJsonLd(product, data.origin)),
    jsonLdMeta(
      breadcrumbJsonLd([
        { name: "Home", url: `${data.origin}/` },
        { name: "Collection", url: collection },
        { name: product.category, url: `${collection}?category=${product.category}` },
        { name: product.name, url },
      ]),
    ),
  ];
};

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
