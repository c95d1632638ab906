import type { MouseEvent } from "react";
import type { MediaItem } from "~/schemas/product-view";
import { HIGH_PRIORITY_IMAGE, LAZY_IMAGE } from "~/components/ui/image-loading";

type Props = {
  items: readonly MediaItem[];
  /** 1-based position of the media in the main viewer. */
  selected: number;
  productName: string;
  /** The link that selects a media without JavaScript, e.g. "?media=2#gallery". */
  hrefFor: (position: number) => string;
  /** Selects a media in place when JavaScript runs (no reload, no scroll). */
  onSelect: (position: number) => void;
};

/**
 * The product's media gallery (SPEC.md §2): images, then videos, as thumbnails beside a main
 * viewer. Each thumbnail is a real link, so selecting works without JavaScript; with JavaScript
 * the click is handled in place. The main picture is the page's largest paint, so it is fetched
 * first; thumbnails load lazily.
 */
export function MediaGallery({ items, selected, productName, hrefFor, onSelect }: Props) {
  const current = items.find((item) => item.position === selected) ?? items[0];
  const imageCount = items.filter((item) => item.kind === "image").length;
  const label = (item: MediaItem) =>
    items.length === 1 ? (item.kind === "image" ? "image" : "video")
    : item.kind === "image"
      ? `image ${item.position} of ${imageCount}`
      : `video ${item.position - imageCount} of ${items.length - imageCount}`;

  function handleClick(event: MouseEvent<HTMLAnchorElement>, position: number) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onSelect(position);
  }

  return (
    <section id="gallery" aria-label={`${productName}: images and videos`} className="flex flex-col-reverse gap-3 sm:flex-row">
      {items.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto sm:w-20 sm:flex-none sm:flex-col sm:gap-3 sm:overflow-visible" data-testid="gallery-thumbnails">
          {items.map((item) => {
            const isCurrent = item.position === current?.position;
            return (
              <li key={item.position} className="w-16 flex-none sm:w-full">
                <a
                  href={hrefFor(item.position)}
                  onClick={(event) => handleClick(event, item.position)}
                  aria-current={isCurrent ? "true" : undefined}
                  className={`relative block aspect-square overflow-hidden rounded border-2 bg-gray-50 ${
                    isCurrent ? "border-gray-900" : "border-transparent hover:border-gray-400"
                  }`}
                >
                  <span className="sr-only">Show {label(item)}</span>
                  {item.kind === "image" ? (
                    <img src={item.src} alt="" width={80} height={80} {...LAZY_IMAGE} className="h-full w-full object-cover" />
                  ) : (
                    <>
                      {item.poster ? (
                        <img src={item.poster} alt="" width={80} height={80} {...LAZY_IMAGE} className="h-full w-full object-cover" />
                      ) : null}
                      <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
                        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-black/70 text-white">
                          <svg viewBox="0 0 16 16" className="ml-0.5 h-3.5 w-3.5 fill-current">
                            <path d="M4 2.5v11l9-5.5-9-5.5z" />
                          </svg>
                        </span>
                      </span>
                    </>
                  )}
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="flex-1" data-testid="gallery-main">
        {current?.kind === "video" ? (
          <video
            key={current.src}
            src={current.src}
            poster={current.poster ?? undefined}
            controls
            playsInline
            preload="none"
            aria-label={`${productName}, ${label(current)}`}
            className="aspect-square w-full rounded bg-black object-contain"
            data-position={current.position}
          >
            <a href={current.src}>Download the video of {productName}</a>
          </video>
        ) : current ? (
          <img
            key={current.src}
            src={current.src}
            alt={items.length === 1 ? productName : `${productName}, ${label(current)}`}
            width={800}
            height={800}
            {...HIGH_PRIORITY_IMAGE}
            className="aspect-square w-full rounded bg-gray-50 object-cover"
            data-position={current.position}
          />
        ) : null}
      </div>
    </section>
  );
}
