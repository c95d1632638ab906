import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { BRANDS } from "~/constants/store";
import { readFormData, throwBodyError } from "~/http/body.server";
import { DECLARATION_DEFAULTS, DECLARATION_LABELS } from "~/lib/declarations";
import { BackendError } from "~/lib/errors";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

const FOR_WHAT = "change the brands' declarations";

/** A brand's fields, in the order the product page shows them. */
const FIELDS = [
  { name: "countryOfOrigin", hint: "India, or the country it was made in (then the importer is required)." },
  { name: "manufacturer" },
  { name: "manufacturerAddress" },
  { name: "importer", hint: "For an imported watch: usually your own company." },
  { name: "importerAddress" },
  { name: "genericName", hint: `Empty: “${DECLARATION_DEFAULTS.genericName}”.` },
  { name: "netQuantity", hint: `Empty: “${DECLARATION_DEFAULTS.netQuantity}”.` },
] as const;

/**
 * /admin/declarations (issue 25 item 2; Legal Metrology (Packaged Commodities) Rules, 2011): what
 * each brand's watches share of their declarations — set once by the owner, staff read them — and
 * the products still lacking a required one (withheld from shoppers while payments are live).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own, staff } = await requireStaff(request);
  const [brands, undeclared] = await Promise.all([own.declarations.readBrandDeclarations(), own.declarations.undeclaredProducts(50)]);
  const names = [...new Set([...BRANDS, ...brands.keys()])];
  return json(
    { brands: names.map((brand) => ({ brand, declared: brands.get(brand) ?? {} })), undeclared, canEdit: staff.role === "owner" },
    { headers: { "cache-control": "private, no-store" } },
  );
}

/** Saves one brand's declarations (owner only), audited; a refusal is a 400 with its sentence. */
export async function action({ request }: ActionFunctionArgs) {
  const { own, actor } = await requireStaff(request, { role: "owner", forWhat: FOR_WHAT });
  const formData = await readFormData(request).catch(throwBodyError);
  const brand = String(formData.get("brand") ?? "");
  const input = Object.fromEntries(FIELDS.map(({ name }) => [name, formData.get(name) ?? undefined]));
  try {
    await own.declarations.saveBrandDeclarations(brand, input, actor);
  } catch (error) {
    if (error instanceof BackendError) return json({ brand, error: error.message }, { status: error.status });
    throw error;
  }
  return redirectWithSuccess("/admin/declarations", `${brand}'s declarations saved.`);
}

export default function AdminDeclarations() {
  const { brands, undeclared, canEdit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Legal Metrology declarations</h1>
      <p className="mt-2 max-w-3xl text-sm text-gray-700">
        Each watch&apos;s page shows its manufacturer, importer, country of origin, generic name, net quantity, month and year of manufacture
        or import, MRP and consumer care. Set here what a brand&apos;s watches share; a product&apos;s own values (on its page) win.
      </p>

      <section aria-labelledby="undeclared-heading" className="mt-8">
        <h2 id="undeclared-heading" className={adminStyles.h2}>
          Products lacking a declaration: {undeclared.total}
        </h2>
        {undeclared.total === 0 ? (
          <p className="mt-2 text-sm text-gray-700">Every product has what the rules ask for.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm" data-testid="undeclared">
            {undeclared.products.map((product) => (
              <li key={product.id}>
                <Link to={`/admin/products/${encodeURIComponent(product.id)}`} className={adminStyles.link}>
                  {product.name}
                </Link>{" "}
                ({product.brand}) — lacks {product.missing.join(", ")}
                {product.withheld ? ". Not shown to shoppers." : "."}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="brands-heading" className="mt-10">
        <h2 id="brands-heading" className={adminStyles.h2}>
          By brand
        </h2>
        {!canEdit && <p className="mt-2 text-sm font-medium text-gray-900">Only an owner can change them.</p>}
        {brands.map(({ brand, declared }) => {
          const error = actionData?.brand === brand ? actionData.error : undefined;
          const values = declared as Record<string, string | undefined>;
          return (
            <Form key={brand} method="post" className="mt-6 max-w-3xl rounded border border-gray-300 p-4" aria-labelledby={`brand-${brand}`}>
              <h3 id={`brand-${brand}`} className="font-semibold text-gray-900">
                {brand}
              </h3>
              <input type="hidden" name="brand" value={brand} />
              {error && (
                <p role="alert" className="mt-2 text-sm font-medium text-red-700">
                  {error}
                </p>
              )}
              <fieldset disabled={!canEdit} className="mt-3 grid gap-3 sm:grid-cols-2">
                {FIELDS.map((field) => {
                  const id = `${brand}-${field.name}`;
                  const hint = "hint" in field ? field.hint : undefined;
                  return (
                    <div key={field.name}>
                      <label htmlFor={id} className={adminStyles.label}>
                        {DECLARATION_LABELS[field.name]}
                      </label>
                      <input id={id} name={field.name} defaultValue={values[field.name] ?? ""} aria-describedby={hint ? `${id}-hint` : undefined} className={adminStyles.input} />
                      {hint && (
                        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
                          {hint}
                        </p>
                      )}
                    </div>
                  );
                })}
                <div className="sm:col-span-2">
                  <button type="submit" className={adminStyles.button}>
                    Save {brand}
                  </button>
                </div>
              </fieldset>
            </Form>
          );
        })}
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Declarations — Back office" }, { name: "robots", content: "noindex, nofollow" }];
