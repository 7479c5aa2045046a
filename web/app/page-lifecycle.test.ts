import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageLifecycle, type TNavigationSource, type TPageEffects } from './page-lifecycle';

type TState = TNavigationSource['state'];

function fakeRouter(initial: Partial<TState> = {}) {
  let state: TState = {
    initialized: true,
    navigation: { state: 'idle' },
    location: { key: 'default' },
    ...initial,
  };
  const listeners = new Set<(s: TState) => void>();
  return {
    get state() {
      return state;
    },
    subscribe(listener: (s: TState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(change: Partial<TState>) {
      state = { ...state, ...change };
      listeners.forEach((listener) => listener(state));
    },
  };
}

function fakeEffects() {
  const log: string[] = [];
  let splashPresent = true;
  const effects: TPageEffects = {
    setPageLoaded: (loaded) => log.push(`loaded=${loaded}`),
    scrollToTop: () => log.push('scroll'),
    resetLists: () => log.push('reset'),
    startSplashFade: () => {
      log.push(splashPresent ? 'fade' : 'no-splash');
      return splashPresent;
    },
    removeSplash: () => {
      splashPresent = false;
      log.push('remove');
    },
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  return { effects, log };
}

beforeEach(() => {
  vi.useFakeTimers();
  return () => vi.useRealTimers();
});

describe('page lifecycle', () => {
  it('fades the splash 100 ms after the app mounts, removes it 800 ms later, marks the page loaded after 500 ms', () => {
    const { effects, log } = fakeEffects();
    const router = fakeRouter();
    createPageLifecycle(effects).watch(router).appMounted();
    expect(log).toEqual(['loaded=false', 'reset', 'scroll']);

    vi.advanceTimersByTime(99);
    expect(log).not.toContain('fade');
    vi.advanceTimersByTime(1);
    expect(log).toContain('fade');

    vi.advanceTimersByTime(399);
    expect(log).not.toContain('loaded=true');
    vi.advanceTimersByTime(1);
    expect(log.at(-1)).toBe('loaded=true');

    vi.advanceTimersByTime(399);
    expect(log).not.toContain('remove');
    vi.advanceTimersByTime(1);
    expect(log.at(-1)).toBe('remove');
  });

  it('waits for lazy first routes before treating the first page as loaded', () => {
    const { effects, log } = fakeEffects();
    const router = fakeRouter({ initialized: false });
    const watcher = createPageLifecycle(effects).watch(router);
    watcher.appMounted();
    vi.advanceTimersByTime(2000);
    expect(log).toEqual([]);
    router.emit({ initialized: true });
    vi.advanceTimersByTime(500);
    expect(log.at(-1)).toBe('loaded=true');
  });

  it('marks the page not loaded while navigating, then resets lists, scrolls up and marks it loaded 500 ms after the end', () => {
    const { effects, log } = fakeEffects();
    const router = fakeRouter();
    createPageLifecycle(effects).watch(router).appMounted();
    vi.advanceTimersByTime(2000);
    log.length = 0;

    router.emit({ navigation: { state: 'loading' } });
    expect(log).toEqual(['loaded=false']);
    router.emit({ navigation: { state: 'idle' }, location: { key: 'second' } });
    expect(log).toEqual(['loaded=false', 'loaded=false', 'reset', 'scroll']);
    vi.advanceTimersByTime(500);
    expect(log.at(-1)).toBe('loaded=true');
    expect(log.filter((entry) => entry === 'fade' || entry === 'no-splash')).toEqual([]);
  });

  it('restarts the 500 ms wait when a second navigation ends first, such as a redirect', () => {
    const { effects, log } = fakeEffects();
    const router = fakeRouter();
    createPageLifecycle(effects).watch(router).appMounted();
    vi.advanceTimersByTime(2000);
    log.length = 0;

    router.emit({ location: { key: 'guarded' } });
    vi.advanceTimersByTime(300);
    router.emit({ location: { key: 'sign-in' } });
    vi.advanceTimersByTime(300);
    expect(log).not.toContain('loaded=true');
    vi.advanceTimersByTime(200);
    expect(log.filter((entry) => entry === 'loaded=true')).toHaveLength(1);
  });

  it('marks the page loaded again after an interrupted navigation without resetting lists', () => {
    const { effects, log } = fakeEffects();
    const router = fakeRouter();
    createPageLifecycle(effects).watch(router).appMounted();
    vi.advanceTimersByTime(2000);
    log.length = 0;

    router.emit({ navigation: { state: 'loading' } });
    router.emit({ navigation: { state: 'idle' } });
    vi.advanceTimersByTime(500);
    expect(log).toEqual(['loaded=false', 'loaded=true']);
  });
});
