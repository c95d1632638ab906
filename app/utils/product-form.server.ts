import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { MAX_IMAGES_PER_FORM } from "~/constants/media";
import { productJsonSchema } from "~/schemas/product";
import { checkImage, type CheckedImage } from "~/lib/images.server";

/*
 * The back office's product form (issue 12 item 2): its fields carry the listproduct names of
 * SPEC.md §3, and the form is parsed with the import's own schema (`productJsonSchema`), reached
 * through a small preprocessing step that turns the form's text into the JSON shape: lists are
 * one entry per line, prices rupees ("" = none), the bestseller box "on".
 */

/** Text of a list field → its entries, one per line, blanks dropped. */
function lines(value: unknown): unknown {
  return typeof value === "string" ? value.split(/\r?\n/).map((line) => line.trim()).filter(Boolean) : (value ?? []);
}

/** Rupees as typed ("1,299.50") → a number; "" → undefined; anything else stays text for zod to refuse. */
function rupees(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim().replace(/,/g, "");
  if (text === "") return undefined;
  return /^\d+(\.\d{1,2})?$/.test(text) ? Number(text) : value;
}

function wholeNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  return /^\d{1,12}$/.test(text) ? Number(text) : value;
}

/**
 * "Stock per colour" as typed (one line per colour, "Black: 3") → colour → units; "" → undefined.
 * A line that is not "colour: whole number up to 1,000,000" leaves the text for zod to refuse.
 */
function colourStock(value: unknown): unknown {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const entries: [string, number][] = [];
  for (const line of value.split(/\r?\n/).map((text) => text.trim()).filter(Boolean)) {
    const match = /^(.{1,50}?)\s*:\s*(\d{1,7})$/.exec(line);
    if (!match || Number(match[2]) > 1_000_000) return value;
    entries.push([match[1], Number(match[2])]);
  }
  return Object.fromEntries(entries);
}

/** The form's declarations → the import's shape: empty fields left out, the MRP as rupees; none: undefined. */
function declarationsFromForm(value: unknown): unknown {
  if (value === undefined || value === null || typeof value !== "object") return undefined;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, field]) => !(typeof field === "string" && field.trim() === ""));
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map(([key, field]) => [key, key === "mrp" ? rupees(field) : field]));
}

/** The form's fields → the listproduct JSON the import's schema reads. */
function formToJson(raw: unknown): unknown {
  const form = (raw ?? {}) as Record<string, unknown>;
  return {
    _id: form._id,
    name: form.name ?? "",
    // Issue 27 (docs/decisions/0880): "" = none; the schema trims and turns it into undefined.
    nameHi: form.nameHi,
    image: lines(form.image),
    video: lines(form.video),
    videoPoster: form.videoPoster,
    price: rupees(form.price),
    discount: rupees(form.discount),
    category: form.category,
    subCategory: form.subCategory ?? "",
    description: form.description ?? "",
    descriptionHi: form.descriptionHi,
    features: lines(form.features),
    // Issue 48 (docs/decisions/0972): no lines = none; the schema turns [] into undefined.
    featuresHi: lines(form.featuresHi),
    movement: form.movement ?? "",
    strapMaterial: form.strapMaterial,
    colours: lines(form.colours),
    bestseller: form.bestseller === "on" || form.bestseller === "true",
    sold: wholeNumber(form.sold),
    // Issue 23: "" = not tracked (null); digits = units on hand; with figures per colour, their total.
    stock:
      colourStock(form.colourStock) !== undefined
        ? undefined
        : form.stock === undefined || (typeof form.stock === "string" && form.stock.trim() === "")
          ? null
          : wholeNumber(form.stock),
    colourStock: colourStock(form.colourStock),
    // Issue 25 item 2: conform reads "declarations.mrp" as { declarations: { mrp } }; "" = the brand's.
    declarations: declarationsFromForm(form.declarations),
    createdAt: form.createdAt,
  };
}

/**
 * The product form's schema: the import's `productJsonSchema` (SPEC.md §3) after formToJson, and
 * picture addresses limited to this store's own paths: the storefront's CSP shows only its own
 * images (docs/decisions/0610: a picture elsewhere is uploaded, not linked).
 */
const productFormSchema = z.preprocess(
  formToJson,
  productJsonSchema.superRefine((product, ctx) => {
    const remote = (url: string | undefined) => url !== undefined && !url.startsWith("/");
    product.image.forEach((url, index) => {
      if (remote(url)) ctx.addIssue({ code: "custom", path: ["image", index], message: "must be a picture on this store (a path starting with /): upload it below" });
    });
    if (remote(product.videoPoster)) ctx.addIssue({ code: "custom", path: ["videoPoster"], message: "must be a path on this store (starting with /)" });
  }),
);

/**
 * The browser's constraint attributes of the product form (required, pattern), computed on the
 * server and sent with the loader's data, so zod never reaches the browser (DESIGN.md §17).
 */
export function productFormConstraint() {
  return getZodConstraint(productJsonSchema);
}

const parseFields = (fields: FormData) => parseWithZod(fields, { schema: productFormSchema, disableAutoCoercion: true });
type ProductSubmission = ReturnType<typeof parseFields>;

/** What the page renders after a refused submission: conform's reply, with extra field errors. */
export type ProductFormReply = ReturnType<ProductSubmission["reply"]>;

/**
 * Parses a submitted product form (multipart): checks each picture of `upload` by content
 * (media.server `checkImage`), adds the accepted ones' addresses to `image`, and parses the whole
 * with the import's schema. `id` and `createdAt` (ISO) are set by the server when given (the edit
 * page; the new page takes `_id` from the form and the time now). Answers the parsed product
 * (rupees, listproduct shape) and the pictures to store once the write is sure, or the reply to
 * render (status 400): refused pictures on field `upload` ("photo.txt is not a JPEG, PNG or WebP
 * picture."), schema errors by field (`image[0]`, `price`, …). Writes nothing.
 */
export async function parseProductForm(formData: FormData, fixed: { id?: string; createdAt: string }) {
  const files = formData.getAll("upload").filter((value): value is File => typeof value !== "string" && value.size > 0);
  const images: CheckedImage[] = [];
  const uploadErrors: string[] = [];
  if (files.length > MAX_IMAGES_PER_FORM) uploadErrors.push(`Upload at most ${MAX_IMAGES_PER_FORM} pictures at a time.`);
  else {
    for (const file of files) {
      const checked = await checkImage(new Uint8Array(await file.arrayBuffer()));
      if ("error" in checked) uploadErrors.push(`${file.name || "The file"} ${checked.error}.`);
      else images.push(checked);
    }
  }
  const fields = new FormData();
  for (const [key, value] of formData) if (key !== "upload" && typeof value === "string") fields.append(key, value);
  if (fixed.id !== undefined) fields.set("_id", fixed.id);
  fields.set("createdAt", fixed.createdAt);
  const typed = String(fields.get("image") ?? "").trim();
  if (images.length > 0) fields.set("image", [typed, ...images.map((image) => image.url)].filter(Boolean).join("\n"));
  const submission = parseFields(fields);
  if (submission.status === "success" && uploadErrors.length === 0) {
    return { ok: true as const, product: submission.value, images, submission };
  }
  // A refused picture fails the whole form: nothing is stored; the other fields' errors show too.
  return { ok: false as const, reply: withFieldErrors(submission, uploadErrors.length > 0 ? { upload: uploadErrors } : {}) };
}

/**
 * conform's reply of `submission` with more field errors (a refused price, a taken id, refused
 * pictures), as a failed submission whatever the schema said; the typed values are kept.
 */
export function withFieldErrors(submission: ProductSubmission, fieldErrors: Record<string, string[]>): ProductFormReply {
  const reply = submission.reply();
  return { ...reply, status: "error", error: { ...(reply.error ?? {}), ...fieldErrors } };
}

/**
 * The stock the product form was opened with (hidden field `stockSeen`; issue 23): a number, null
 * for not tracked, undefined when absent or unreadable (then no check is made).
 */
export function stockSeenOf(formData: FormData): number | null | undefined {
  const value = formData.get("stockSeen");
  if (typeof value !== "string") return undefined;
  if (value.trim() === "") return null;
  return /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : undefined;
}
