import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRouter, type TRouterState } from './hash-router';

/** A screen whose code arrives when the test says so. */
function screenLoadedLater() {
  let arrive = () => {};
  const lazy = () =>
    new Promise<{ Component: () => null }>((resolve) => {
      arrive = () => resolve({ Component: () => null });
    });
  return { lazy, arrive: () => arrive() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the app router', () => {
  it('ends its first navigation once the first address has loaded', async () => {
    const list = screenLoadedLater();
    const history = createMemoryHistory({ initialEntries: ['/member'] });
    const router = createRouter([{ path: 'member', lazy: list.lazy }], history);
    expect(router.state.initialized).toBe(false);
    list.arrive();
    await settle();
    expect(router.state).toMatchObject({ initialized: true, location: { pathname: '/member' } });
  });

  it('starts on the newer address when it changes while the first one loads', async () => {
    const list = screenLoadedLater();
    const history = createMemoryHistory({ initialEntries: ['/', '/member'], initialIndex: 1 });
    const router = createRouter(
      [
        { index: true, element: null },
        { path: 'member', lazy: list.lazy },
      ],
      history,
    );
    const seen: TRouterState[] = [];
    router.subscribe((state) => seen.push(state));
    // The back button (or a typed address) before the list's code has come
    history.go(-1);
    await settle();
    expect(router.state).toMatchObject({ initialized: true, location: { pathname: '/' } });
    // The list's code arriving late does not take the reader back to it
    list.arrive();
    await settle();
    expect(router.state.location.pathname).toBe('/');
    expect(seen.filter((state) => state.initialized)).toHaveLength(1);
  });
});
