import { useState } from 'react';

const LABEL: Record<string, string> = { gaikan: '外観', madori: '間取り図' };

export function Gallery({ images, name }: { images: { imageType: string; url: string }[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return null;
  return (
    <div className="d-gallery">
      {/* The page's largest image (its LCP): fetched first, not after the scripts. */}
      <img className="d-gallery__main" src={current.url} alt={`${name}の${LABEL[current.imageType] ?? '写真'}`} fetchPriority="high" />
      <ul className="d-gallery__thumbs">
        {images.map((img, i) => (
          <li key={img.url}>
            <button type="button" aria-pressed={i === index} aria-label={LABEL[img.imageType] ?? `写真${i + 1}`} onClick={() => setIndex(i)}>
              <img src={img.url} alt="" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
