import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

export interface GalleryImage {
  imageType: string;
  /** The image type in Japanese (外観, 間取り図, …). */
  label: string;
  url: string;
}

/** The generated images' intrinsic size: width/height attributes reserve the box before they load. */
const IMAGE_WIDTH = 480;
const IMAGE_HEIGHT = 360;
/** A horizontal drag at least this long (CSS px) turns the picture. */
export const SWIPE_MIN_PX = 40;

/**
 * The listing's pictures: one main image in a fixed 4:3 box, previous/next buttons, a counter,
 * thumbnails; ←/→ while the gallery has focus, and a horizontal swipe on the picture.
 */
export function Gallery({ images, name }: { images: readonly GalleryImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const count = images.length;
  if (count === 0) return null;
  const current = images[index] ?? images[0];
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const alt = (img: GalleryImage) => `${name}の${img.label}`;

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      go(e.key === 'ArrowLeft' ? -1 : 1);
    }
  };
  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    swipe.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== e.pointerId) return;
    const dx = e.clientX - start.x;
    // A mostly vertical drag is the page scrolling, not a swipe.
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(e.clientY - start.y)) go(dx < 0 ? 1 : -1);
  };

  return (
    <div
      className="d-gallery"
      role="region"
      aria-roledescription="カルーセル"
      aria-label={`${name}の写真`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="gallery"
    >
      <div
        className="d-gallery__stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
        data-testid="gallery-stage"
      >
        {images.map((img, i) => (
          // Every picture is in the page (each a lazy image but the first, the page's LCP), one shown at a time.
          <img
            key={img.url}
            className="d-gallery__main"
            src={img.url}
            alt={alt(img)}
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            hidden={i !== index}
            draggable={false}
            {...(i === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
          />
        ))}
        <button type="button" className="d-gallery__nav d-gallery__nav--prev" aria-label="前の写真" onClick={() => go(-1)}>
          ‹
        </button>
        <button type="button" className="d-gallery__nav d-gallery__nav--next" aria-label="次の写真" onClick={() => go(1)}>
          ›
        </button>
      </div>
      <p className="d-gallery__caption" aria-live="polite">
        <span>{current?.label}</span>
        <span className="d-gallery__count" data-testid="gallery-count">
          {index + 1} / {count}
        </span>
      </p>
      <ul className="d-gallery__thumbs">
        {images.map((img, i) => (
          <li key={img.url}>
            <button type="button" aria-pressed={i === index} aria-label={`${img.label}（${i + 1}枚目）`} onClick={() => setIndex(i)}>
              <img src={img.url} alt="" width={IMAGE_WIDTH} height={IMAGE_HEIGHT} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
