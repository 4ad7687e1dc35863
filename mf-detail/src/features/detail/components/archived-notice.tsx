import { KitLink } from '@sumika/shell-kit';
import { SimilarListings } from './nearby-blocks.js';
import './archived.css';

/** The prefecture, city and town of an address: its words before the first number ('東京都千代田区麹町1-1' → '東京都千代田区麹町'). */
export function placeOf(address: string): string {
  return address.replace(/[0-9０-９].*$/, '');
}

/**
 * An archived listing's head: it says the listing is no longer offered, then shows similar listings on
 * the market before anything else (or a search of the area when there are none).
 */
export function ArchivedNotice({ place, similar }: { place: string; similar: Parameters<typeof SimilarListings>[0]['items'] }) {
  return (
    <section className="d-archived-block" data-testid="archived-notice" aria-labelledby="archived-similar">
      <p className="d-archived">この物件の掲載は終了しました。似た条件の物件を探してみましょう。</p>
      <h2 id="archived-similar">募集中の似た条件の物件</h2>
      {similar.length > 0 ? (
        <SimilarListings items={similar} />
      ) : (
        <p>
          <KitLink to={`/search/words?q=${encodeURIComponent(place)}`}>{place}の募集中の物件を探す</KitLink>
        </p>
      )}
    </section>
  );
}
