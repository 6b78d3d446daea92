import { useEffect } from 'react';
import { SHOP_NAME } from '../lib/shop';

export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP_NAME}` : `${SHOP_NAME} — research-grade compounds`;
  }, [title]);
}
