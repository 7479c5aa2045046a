import { useEffect, useRef } from 'react';

/**
 * Gives focus back to where it was before a dialog opened, once it closes. Mantine's Modal does
 * this itself only when it stays mounted and its `opened` turns false; screens that mount a
 * dialog while it is open (`{open && <SomeModal />}`) call this with that condition instead.
 * It follows focus outside dialogs, so it knows the opener even when the dialog took focus first.
 */
export function useReturnFocus(isOpen: boolean): void {
  const lastOutside = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(isOpen);

  useEffect(() => {
    const follow = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest('[role="dialog"]')) {
        lastOutside.current = target;
      }
    };
    document.addEventListener('focusin', follow);
    return () => document.removeEventListener('focusin', follow);
  }, []);

  useEffect(() => {
    const closed = wasOpen.current && !isOpen;
    wasOpen.current = isOpen;
    if (!closed) return;
    const timer = window.setTimeout(() => {
      const opener = lastOutside.current;
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
    }, 10);
    return () => window.clearTimeout(timer);
  }, [isOpen]);
}
