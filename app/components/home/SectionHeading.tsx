/** A home section's heading and its one-line introduction. */
export function SectionHeading({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <div className="text-center">
      <h2 id={id} className="font-serif text-3xl text-gray-900 sm:text-4xl">
        {title}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-sm text-gray-600 sm:text-base">{intro}</p>
    </div>
  );
}
