import { useT } from "~/i18n/use-t";
import { Link } from "~/components/ui/local-links";

/** 404 and error content with a way back (keeps header and footer around it). */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const notFound = status === 404;
  // The root's words (issue 27); without root data (its loader failed) the English ones.
  const { t: translated } = useT();
  const t = (key: Parameters<typeof translated>[0], english: string) => {
    const text = translated(key);
    return text === key ? english : text;
  };
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-gray-500">{status}</p>
      <h1 className="mt-2 font-serif text-3xl text-gray-900">{notFound ? t("shell.notFound", "Page not found") : t("shell.somethingWrong", "Something went wrong")}</h1>
      <p className="mt-4 text-gray-600">
        {notFound
          ? t("shell.notFoundText", "We couldn't find what you were looking for. It may have moved or never existed.")
          : message || t("shell.somethingWrongText", "An unexpected error occurred. Please try again in a moment.")}
      </p>
      <div className="mt-8 flex justify-center gap-4">
        <Link to="/" className="rounded bg-black px-6 py-3 text-sm font-medium text-white hover:bg-gray-800">
          {t("shell.backHome", "Back to home")}
        </Link>
        <Link to="/collection" className="rounded border border-gray-900 px-6 py-3 text-sm font-medium text-gray-900 hover:bg-gray-100">
          {t("shell.browseWatches", "Browse watches")}
        </Link>
      </div>
    </section>
  );
}
