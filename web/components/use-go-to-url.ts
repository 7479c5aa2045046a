import { useCallback } from 'react';
import { useNavigate } from '../app/hash-router';

/**
 * Follows a URL the server answered: a hash route of this app ('#/checkout/mock/…') goes through
 * the router, anything else (a Stripe Checkout page) is a full page load.
 */
export function useGoToUrl(): (url: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (url, options) => {
      if (url.startsWith('#/')) void navigate(url.slice(1), { replace: options?.replace });
      else window.location.assign(url);
    },
    [navigate],
  );
}
