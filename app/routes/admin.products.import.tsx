import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { BackLink } from "~/components/admin/BackLink";
import { adminStyles } from "~/components/admin/ui";
import { IMPORT_BODY_BYTES, MAX_IMPORT_FILE_BYTES } from "~/constants/media";
import { throwBodyError } from "~/http/body.server";
import { readStreamedFile } from "~/http/streamed-file.server";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

const FOR_WHAT = "import a catalogue (it sets every price)";

/**
 * /admin/products/import (issue 12 item 2): uploads a listproduct JSON file and imports it with
 * the command's rules (`checkCatalogueStream`, `writeCatalogue`, as `npm run catalogue:import`;
 * docs/decisions/0103): every row checked first, nothing imported when any row is bad, and then
 * the file REPLACES the catalogue. Owners only (an import sets every price). The file is read row
 * by row and the check stops after 1,000 problems (issue 21 item 3; docs/decisions/0671).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, { role: "owner", forWhat: FOR_WHAT });
  return json({}, { headers: { "cache-control": "private, no-store" } });
}

type ImportAnswer = {
  message: string;
  problems: { row: number | null; field: string; message: string; id: string | null }[];
  /** "…and 30 more problems." under the list, or null when every problem is listed. */
  more: string | null;
};

/**
 * Checks the file (at most 20 MB) as its bytes arrive (readStreamedFile, checkCatalogueStream: the
 * event loop keeps turning, at most 1,000 problems collected; issue 21 item 3), then imports it.
 * 400 with the first 50 problems (rows counted from 0, as in the JSON array) and a "…and more"
 * line when anything is wrong; 303 to the product list with a toast when imported.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { own, actor } = await requireStaff(request, { role: "owner", forWhat: FOR_WHAT });
  const refuse = (message: string, problems: ImportAnswer["problems"] = [], more: string | null = null) =>
    json<ImportAnswer>({ message, problems, more }, { status: 400 });
  const upload = await readStreamedFile(request, { field: "file", maxBodyBytes: IMPORT_BODY_BYTES, maxFileBytes: MAX_IMPORT_FILE_BYTES }, (chunks) =>
    own.products.checkCatalogueStream(chunks),
  ).catch(throwBodyError);
  if (upload.kind === "none") return refuse("Choose a catalogue file (.json) to import.");
  if (upload.kind === "too-large") return refuse(`The file is larger than ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB.`);
  const checked = upload.value;
  if (!checked.ok) {
    if (checked.notJson !== null) return refuse(`${upload.name} is not JSON. Nothing was imported.`);
    const problems = checked.errors.slice(0, own.products.PROBLEMS_SHOWN).map((error) => ({
      row: error.index >= 0 ? error.index : null,
      field: error.field,
      message: error.message,
      id: checked.ids.get(error.index) ?? null,
    }));
    const message = checked.errors.some((error) => error.index >= 0)
      ? `Nothing was imported: ${own.products.countProblems(checked)}.`
      : "Nothing was imported: the file is not a catalogue.";
    return refuse(message, problems, own.products.moreProblemsLine(checked));
  }
  const imported = await own.products.writeCatalogue(checked, { actor });
  return redirectWithSuccess("/admin/products", `Imported ${imported} products: the store shows the new catalogue.`);
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
        <p>
          Optional <code>nameHi</code> and <code>descriptionHi</code> give a product&apos;s name and description in Hindi, shown on the Hindi
          pages (<code>/hi/…</code>); left out or empty, those pages show <code>name</code> and <code>description</code>. Same limits as
          those (200 and 5,000 characters); an export carries them. An optional <code>featuresHi</code>, a list like{" "}
          <code>features</code>, is the feature list those pages show instead.
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
              {answer.more && <li>{answer.more}</li>}
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
