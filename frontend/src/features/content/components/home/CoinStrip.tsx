import { Coins } from 'lucide-react';
import { ACCEPTED_COINS } from '../../../../lib/shop';

function CoinList({ hidden = false }: { hidden?: boolean }) {
  return (
    <ul className="coin-list" aria-hidden={hidden || undefined}>
      {ACCEPTED_COINS.map((coin) => (
        <li key={coin.code} className="coin">
          <Coins size={18} aria-hidden />
          <span>
            {coin.name} ({coin.code})
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Storefront spec §1: the accepted coins scroll by, one pass every 25 s (coin-strip.css). A second,
 * hidden copy follows the first so the loop has no gap; without motion only the first copy shows.
 */
export function CoinStrip() {
  return (
    <section className="coin-strip" aria-label="Accepted cryptocurrencies">
      <p className="coin-strip-title">We accept</p>
      <div className="coin-strip-viewport">
        <div className="coin-track" data-testid="coin-track">
          <CoinList />
          <CoinList hidden />
        </div>
      </div>
    </section>
  );
}
