import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { BackLink } from "~/components/admin/BackLink";
import { adminStyles } from "~/components/admin/ui";
import { IMPORT_BODY_BYTES, MAX_IMPORT_FILE_BYTES } from "~/constants/media";
import { readFormData, throwBodyError } from "~/http/body.server";
import { importCatalogue, type ImportError } from "~/services/catalogue.server";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

const FOR_WHAT = "import a catalogue (it sets every price)";

/** Problems shown on the page at most (as the command: docs/decisions/0103). */
const MAX_PROBLEMS_SHOWN = 50;

/**
 * /admin/products/import (issue 12 item 2): uploads a listproduct JSON file and imports it with
 * the command's service (`importCatalogue`, `npm run catalogue:import`; docs/decisions/0103):
 * every row checked first, nothing imported when any row is bad, and then the file REPLACES the
 * catalogue. Owners only (an import sets every price).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, { role: "owner", forWhat: FOR_WHAT });
  return json({}, { headers: { "cache-control": "private, no-store" } });
}

type ImportAnswer = { message: string; problems: { row: number | null; field: string; message: string; id: string | null }[]; more: number };

/**
 * Reads the file (at most 20 MB), parses it as JSON and imports it. 400 with the row-by-row
 * report (rows counted from 0, as in the JSON array) when anything is wrong; 303 to the product
 * list with a toast when imported.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { db, actor } = await requireStaff(request, { role: "owner", forWhat: FOR_WHAT });
  const formData = await readFormData(request, IMPORT_BODY_BYTES).catch(throwBodyError);
  const file = formData.get("file");
  const refuse = (message: string, problems: ImportAnswer["problems"] = [], more = 0) => json<ImportAnswer>({ message, problems, more }, { status: 400 });
  if (!file || typeof file === "string" || file.size === 0) return refuse("Choose a catalogue file (.json) to import.");
  if (file.size > MAX_IMPORT_FILE_BYTES) return refuse(`The file is larger than ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB.`);
  let input: unknown;
  try {
    input = JSON.parse(await file.text());
  } catch {
    return refuse(`${file.name || "The file"} is not JSON. Nothing was imported.`);
  }
  const result = await importCatalogue(db, input, undefined, actor);
  if (!result.ok) {
    const rows = Array.isArray(input) ? input : Array.isArray((input as { products?: unknown })?.products) ? (input as { products: unknown[] }).products : [];
    const problems = result.errors.slice(0, MAX_PROBLEMS_SHOWN).map((error: ImportError) => {
      const row = error.index >= 0 ? (rows[error.index] as { _id?: unknown } | undefined) : undefined;
      return { row: error.index >= 0 ? error.index : null, field: error.field, message: error.message, id: typeof row?._id === "string" ? row._id : null };
    });
    const badRows = new Set(result.errors.filter((error) => error.index >= 0).map((error) => error.index)).size;
    const message =
      badRows > 0
        ? `Nothing was imported: ${result.errors.length} ${result.errors.length === 1 ? "problem" : "problems"} in ${badRows} of ${rows.length} rows.`
        : "Nothing was imported: the file is not a catalogue.";
    return refuse(message, problems, Math.max(0, result.errors.length - MAX_PROBLEMS_SHOWN));
  }
  return redirectWithSuccess("/admin/products", `Imported ${result.imported} products: the store shows the new catalogue.`);
}

export default function ImportProducts() {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className={adminStyles.page}>
      <BackLink to="/admin/products">Products</BackLink>
      <h1 className={`${adminStyles.h1} mt-2`}>Import a catalogue</h1>
      <div className="mt-2 max-w-prose space-y-2 text-sm text-gray-800">
        <p>
          A file in the shape of the Store API&apos;s <code>listproduct</code> answer: the list of products, or the whole{" "}
          <code>{"{success, products}"}</code> answer (an export from this page&apos;s Export link is one).
        </p>
        <p className="font-medium">
          The import replaces the whole catalogue: products not in the file leave the store. Every row is checked first; if any row is
          wrong, nothing is imported. Products hidden now stay hidden, and so do rows marked <code>&quot;hidden&quot;: true</code>.
        </p>
        <p>Orders keep what was bought. The same as <code>npm run catalogue:import</code>.</p>
      </div>
      {answer && (
        <div role="alert" className="mt-6 rounded border border-red-700 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-medium">{answer.message}</p>
          {answer.problems.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {answer.problems.map((problem, index) => (
                <li key={index}>
                  {problem.row === null ? problem.message : `Row ${problem.row}, field ${problem.field}: ${problem.message}${problem.id ? ` (_id ${problem.id})` : ""}`}
                </li>
              ))}
              {answer.more > 0 && <li>…and {answer.more} more problems.</li>}
            </ul>
          )}
          <p className="mt-2">Rows are counted from 0, as in the JSON array.</p>
        </div>
      )}
      <Form method="post" encType="multipart/form-data" className="mt-6 max-w-md space-y-4">
        <div>
          <label htmlFor="import-file" className={adminStyles.label}>
            Catalogue file (.json, up to {MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB)
          </label>
          <input id="import-file" name="file" type="file" accept="application/json,.json" required className="mt-1 block w-full text-sm" />
        </div>
        <button type="submit" className={adminStyles.button} disabled={busy}>
          {busy ? "Importing…" : "Check and import"}
        </button>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Import — Back office" }, { name: "robots", content: "noindex, nofollow" }];
