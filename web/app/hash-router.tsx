/**
 * The app's router: React Router's own `<Router>`, `useRoutes`, links and hooks (Link, NavLink,
 * Navigate, Outlet, useParams, useSearchParams, useLocation) over a small navigation state of our
 * own, in place of its data router (`createHashRouter` + `RouterProvider`). The data router was a
 * third of the entry chunk (loaders, actions, fetchers, forms, revalidation), and this app uses
 * three things of it, kept here:
 *
 * - a route's code loads on demand (`lazy`) and a navigation ends only once it is there, so the
 *   screen shown until then is the previous one, never a blank one;
 * - a route's `errorElement` shows instead of a screen that throws, read with `useRouteError`;
 * - a state the shell follows (`subscribe`: initialized, navigating, location key, matches) and a
 *   `navigate` whose promise settles when the navigation has ended.
 *
 * The address is the hash (`#/viewevent/3`) through React Router's own hash history, so URLs,
 * history entries and `Link` hrefs are what they were.
 */
import {
  Component,
  createContext,
  startTransition,
  useContext,
  useLayoutEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import {
  matchRoutes,
  NavigationType,
  Outlet,
  Router,
  UNSAFE_createHashHistory as createHashHistory,
  useLocation,
  useRoutes,
  type Location,
  type Navigator,
  type RouteObject,
} from 'react-router';

/** A route of the table: a path or index, what it shows (now or on demand), its error screen. */
export interface TRoute {
  id?: string;
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /** Loads the screen's code; the navigation ends once it has loaded. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  /** Shown in place of this route's part of the page when anything inside it throws. */
  errorElement?: ReactNode;
  children?: TRoute[];
}

export interface TRouterState {
  /** False until the first address's screens have loaded. */
  initialized: boolean;
  location: Location;
  navigationType: NavigationType;
  /** 'loading' while a navigation waits for a screen's code. */
  navigation: { state: 'idle' | 'loading' };
  matches: readonly { route: { id: string } }[];
}

export interface TNavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Paths are absolute (`/viewevent/3?offer=…`); a number goes back or forward in history. */
export type TNavigate = (to: string | number, options?: TNavigateOptions) => Promise<void>;

// ---- route errors ----

const RouteErrorContext = createContext<unknown>(undefined);

/** The error a route's `errorElement` is shown for; undefined on a page shown by itself. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

interface TBoundaryProps {
  fallback: ReactNode;
  location: Location;
  children: ReactNode;
}
interface TBoundaryState {
  error: unknown;
  location: Location;
}

class RouteErrorBoundary extends Component<TBoundaryProps, TBoundaryState> {
  state: TBoundaryState = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<TBoundaryState> {
    return { error };
  }

  /** A navigation elsewhere gives the screens a fresh start, as the data router did. */
  static getDerivedStateFromProps(props: TBoundaryProps, state: TBoundaryState) {
    if (props.location === state.location) return null;
    return { error: undefined, location: props.location };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed to render:', error, info.componentStack);
  }

  render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <RouteErrorContext.Provider value={this.state.error}>
        {this.props.fallback}
      </RouteErrorContext.Provider>
    );
  }
}

function ErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const location = useLocation();
  return (
    <RouteErrorBoundary fallback={fallback} location={location}>
      {children}
    </RouteErrorBoundary>
  );
}

// ---- screens loaded on demand ----

type TLoader = NonNullable<TRoute['lazy']>;

/** What each route's `lazy` gave (or the error it failed with), by route object. */
const loadedScreens = new Map<RouteObject, ComponentType>();
const failedScreens = new Set<RouteObject>();
const loaders = new Map<RouteObject, TLoader>();
const pendingLoads = new Map<RouteObject, Promise<void>>();

function loadScreen(route: RouteObject): Promise<void> | null {
  const load = loaders.get(route);
  if (!load || loadedScreens.has(route)) return null;
  let pending = pendingLoads.get(route);
  if (!pending) {
    pending = load().then(
      (module) => {
        loadedScreens.set(route, module.Component);
      },
      (error: unknown) => {
        // A chunk that failed to load shows the nearest error screen, as a failing screen does;
        // it is tried again on the next visit of the route.
        failedScreens.add(route);
        loadedScreens.set(route, function FailedScreen() {
          throw error;
        });
      },
    );
    pending.finally(() => {
      pendingLoads.delete(route);
    });
    pendingLoads.set(route, pending);
  }
  return pending;
}

function forgetFailedScreens(routes: readonly RouteObject[]) {
  for (const route of routes) {
    if (failedScreens.delete(route)) loadedScreens.delete(route);
  }
}

function LazyScreen({ route }: { route: RouteObject }) {
  const Screen = loadedScreens.get(route);
  // The router renders a route only once its screen has loaded.
  return Screen ? <Screen /> : null;
}

function toRouteObject(route: TRoute): RouteObject {
  const object: RouteObject = route.index
    ? { index: true }
    : { path: route.path, children: route.children?.map(toRouteObject) };
  if (route.id) object.id = route.id;
  if (route.lazy) loaders.set(object, route.lazy);
  let element: ReactNode = route.lazy ? <LazyScreen route={object} /> : route.element;
  if (route.errorElement) {
    element = <ErrorBoundary fallback={route.errorElement}>{element ?? <Outlet />}</ErrorBoundary>;
  }
  object.element = element;
  return object;
}

// ---- the router ----

type THistory = ReturnType<typeof createHashHistory>;

/** `history` is the hash history of the page; tests pass a memory history. */
export function createRouter(table: TRoute[], history: THistory = createHashHistory()) {
  const routes = table.map(toRouteObject);
  // The listener hears the back and forward buttons and typed addresses; our own pushes and
  // replaces are made once their screens have loaded.
  const listeners = new Set<(state: TRouterState) => void>();
  let state: TRouterState = {
    initialized: false,
    location: history.location,
    navigationType: NavigationType.Pop,
    navigation: { state: 'idle' },
    matches: [],
  };
  // Only the latest navigation ends; an earlier one still loading is dropped.
  let latest = 0;

  function update(patch: Partial<TRouterState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener(state);
  }

  function matchesOf(target: string | Partial<Location>) {
    return (matchRoutes(routes, target) ?? []).map((match) => match.route);
  }

  function idsOf(matched: readonly RouteObject[]) {
    return matched.map((route) => ({ route: { id: route.id ?? '' } }));
  }

  /**
   * Loads what `target` shows, then ends the navigation with what `ended` gives (made then: a push
   * waits for the screen) unless a later navigation started meanwhile. Every navigation that ends
   * leaves the router initialized: the first address's own load, or, when the address changed
   * while it loaded (the back button, a typed address), the later one's.
   */
  function whenLoaded(
    target: string | Partial<Location>,
    ended: () => Pick<TRouterState, 'location' | 'navigationType'>,
  ) {
    const navigation = ++latest;
    const matched = matchesOf(target);
    forgetFailedScreens(matched);
    const finish = () =>
      update({
        ...ended(),
        initialized: true,
        navigation: { state: 'idle' },
        matches: idsOf(matched),
      });
    const loads = matched.map(loadScreen).filter((load) => load !== null);
    if (loads.length === 0) {
      finish();
      return Promise.resolve();
    }
    if (state.initialized) update({ navigation: { state: 'loading' } });
    return Promise.all(loads).then(() => {
      if (navigation === latest) finish();
    });
  }

  const navigate: TNavigate = (to, options = {}) => {
    if (typeof to === 'number') {
      history.go(to);
      return Promise.resolve();
    }
    return whenLoaded(to, () => {
      if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
      return {
        location: history.location,
        navigationType: options.replace ? NavigationType.Replace : NavigationType.Push,
      };
    });
  };

  history.listen(({ location }) => {
    void whenLoaded(location, () => ({ location, navigationType: NavigationType.Pop }));
  });

  void whenLoaded(history.location, () => ({
    location: history.location,
    navigationType: NavigationType.Pop,
  }));

  // What React Router's links and hooks call (paths come to it already resolved).
  const navigator: Navigator = {
    createHref: history.createHref,
    encodeLocation: history.encodeLocation,
    go: (delta) => void navigate(delta),
    push: (to, pushState) =>
      void navigate(typeof to === 'string' ? to : createPathOf(to), { state: pushState }),
    replace: (to, replaceState) =>
      void navigate(typeof to === 'string' ? to : createPathOf(to), {
        replace: true,
        state: replaceState,
      }),
  };

  return {
    get state() {
      return state;
    },
    subscribe(listener: (state: TRouterState) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    navigate,
    navigator,
    routes,
  };
}

function createPathOf({ pathname = '/', search = '', hash = '' }: Partial<Location>): string {
  return pathname + search + hash;
}

export type TAppRouter = ReturnType<typeof createRouter>;

const NavigateContext = createContext<TNavigate | null>(null);

/** Navigates to an absolute path; the promise settles once the new screen shows. */
export function useNavigate(): TNavigate {
  const navigate = useContext(NavigateContext);
  if (!navigate) throw new Error('useNavigate is used outside the app router.');
  return navigate;
}

function MatchedRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Renders the matched screens; nothing until the first address's screens have loaded. */
export function AppRouterView({ router }: { router: TAppRouter }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    // Updates render as transitions, as the data router's did: a screen that suspends keeps the
    // one before it on view instead of flashing its fallback.
    const unsubscribe = router.subscribe((next) => startTransition(() => setState(next)));
    setState(router.state);
    return unsubscribe;
  }, [router]);
  if (!state.initialized) return null;
  return (
    <NavigateContext.Provider value={router.navigate}>
      <Router
        location={state.location}
        navigationType={state.navigationType}
        navigator={router.navigator}
      >
        <MatchedRoutes routes={router.routes} />
      </Router>
    </NavigateContext.Provider>
  );
}
