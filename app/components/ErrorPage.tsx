import { Link } from "~/components/ui/local-links";

/** 404 and error content with a way back (keeps header and footer around it). */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const notFound = status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-gray-500">{status}</p>
      <h1 className="mt-2 font-serif text-3xl text-gray-900">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-4 text-gray-600">
        {notFound
          ? "We couldn't find what you were looking for. It may have moved or never existed."
          : message || "An unexpected error occurred. Please try again in a moment."}
      </p>
      <div className="mt-8 flex justify-center gap-4">
        <Link to="/" className="rounded bg-black px-6 py-3 text-sm font-medium text-white hover:bg-gray-800">
          Back to home
        </Link>
        <Link to="/collection" className="rounded border border-gray-900 px-6 py-3 text-sm font-medium text-gray-900 hover:bg-gray-100">
          Browse watches
        </Link>
      </div>
    </section>
  );
}
