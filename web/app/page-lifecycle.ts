/**
 * What the shell does around every navigation (spec 01 §2 point 6, §9): the splash screen
 * fades out 100 ms after the app mounts, over 800 ms, then leaves the DOM; when a navigation
 * ends, list filters and paging reset, the view scrolls to the top and, 500 ms later, the
 * page is marked loaded (`<body data-page-loaded="true">`, which browser tests wait for).
 */
import { resetAllListStates } from './list-state';

export const SPLASH_DELAY_MS = 100;
export const SPLASH_FADE_MS = 800;
export const PAGE_LOADED_DELAY_MS = 500;

/** The part of React Router's data router this module needs. */
export interface TNavigationSource {
  state: TNavigationState;
  subscribe(listener: (state: TNavigationState) => void): () => void;
}
interface TNavigationState {
  initialized: boolean;
  navigation: { state: string };
  location: { key: string };
}

export interface TPageEffects {
  setPageLoaded(loaded: boolean): void;
  scrollToTop(): void;
  resetLists(): void;
  /** Returns false when there is no splash (left) to fade. */
  startSplashFade(): boolean;
  removeSplash(): void;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function createPageLifecycle(effects: TPageEffects) {
  let mounted = false;
  let splashFading = false;
  let loadedTimer: unknown;

  function hideSplash() {
    if (splashFading) return;
    splashFading = true;
    effects.setTimeout(() => {
      if (effects.startSplashFade()) effects.setTimeout(effects.removeSplash, SPLASH_FADE_MS);
    }, SPLASH_DELAY_MS);
  }

  function navigationStarted() {
    effects.clearTimeout(loadedTimer);
    effects.setPageLoaded(false);
  }

  function markLoadedSoon() {
    loadedTimer = effects.setTimeout(() => effects.setPageLoaded(true), PAGE_LOADED_DELAY_MS);
  }

  function navigationEnded() {
    navigationStarted();
    effects.resetLists();
    hideSplash();
    effects.scrollToTop();
    markLoadedSoon();
  }

  return {
    /**
     * Follows the router from now on. The first page counts as a navigation end once the app
     * has mounted and the router has its first matches (lazy routes load before that).
     */
    watch(router: TNavigationSource) {
      let lastKey = router.state.location.key;
      let initialized = router.state.initialized;
      let pending = false;
      const firstPageReady = () => {
        if (mounted && initialized) navigationEnded();
      };
      const unsubscribe = router.subscribe((state) => {
        if (!initialized && state.initialized) {
          initialized = true;
          lastKey = state.location.key;
          firstPageReady();
          return;
        }
        if (state.navigation.state !== 'idle') {
          pending = true;
          return navigationStarted();
        }
        const wasPending = pending;
        pending = false;
        if (state.location.key !== lastKey) {
          lastKey = state.location.key;
          navigationEnded();
        } else if (wasPending) {
          // An interrupted navigation leaves the page as it was: it is loaded again.
          markLoadedSoon();
        }
      });
      return {
        appMounted() {
          mounted = true;
          firstPageReady();
        },
        unsubscribe,
      };
    },
  };
}

/** The real effects, on this page's DOM. */
export function browserPageEffects(): TPageEffects {
  const splash = () => document.getElementById('splash');
  return {
    setPageLoaded: (loaded) => {
      document.body.dataset.pageLoaded = String(loaded);
    },
    scrollToTop: () => window.scrollTo(0, 0),
    resetLists: resetAllListStates,
    startSplashFade: () => {
      const element = splash();
      element?.classList.add('splash-hiding');
      return element !== null;
    },
    removeSplash: () => splash()?.remove(),
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number | undefined),
  };
}
