// The shell's menus and tooltips are not in the first load (issue 15: the popover engine behind them, floating-ui,
// is ~30 kB gzip). A trigger is drawn plain until its first use; hovering or focusing it fetches the real component,
// pressing it (or hovering, for hover menus) puts the real one in its place, open, and focused when the plain one had
// the focus, so neither a keyboard user nor a click notices the swap. After the first screen the code is fetched while
// the browser is idle (not on save-data or 2G), so it is there offline too.
import {
  Component,
  createElement,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { prefetchAllowed } from '../lib/network';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A lazy component whose code can also be fetched ahead (on intent, or when idle). React keeps a lazy component's
 * failed load for good, so after a failure the next preload (a new use, back online) makes a new one.
 */
export function lazyOnFirstUse<P extends object>(load: Loader<P>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let failed = false;
  const fresh = () => lazy(() => preload());
  const preload = () => {
    if (failed) {
      failed = false;
      Lazy = fresh();
    }
    return (loading ??= load().catch((e: unknown) => {
      loading = undefined;
      failed = true;
      return Promise.reject(e);
    }));
  };
  let Lazy = fresh();
  const FirstUsePart = (props: P) => createElement(Lazy, props);
  return Object.assign(FirstUsePart, { preload });
}

type SlotProps = {
  /** Shown while the code comes, and instead of it when it cannot (the plain trigger, or nothing). */
  fallback: ReactNode;
  /** A new value draws the part again (a new use, which has called its preload). */
  retry?: unknown;
  children: ReactNode;
};

/**
 * Where a first-use part is drawn. Its code may fail to come (offline before the idle warm-up, or a new version
 * deployed in between): the plain stand-in stays and the screen goes on, instead of the route's error screen taking
 * the whole shell away.
 */
export function FirstUseSlot({ fallback, retry, children }: SlotProps) {
  return (
    <LoadFailed fallback={fallback} retry={retry}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadFailed>
  );
}

class LoadFailed extends Component<SlotProps, { failed: boolean; retry: unknown }> {
  override state = { failed: false, retry: this.props.retry };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: SlotProps, state: { retry: unknown }) {
    return props.retry === state.retry ? null : { failed: false, retry: props.retry };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export type FirstUse = {
  /** Open the real component as soon as it is there. */
  opened: boolean;
  /** The plain trigger had the focus: the real one takes it. */
  focused: boolean;
};

/**
 * `use` is null until the first use; `intent` goes on the plain trigger. `open` says which events open (a click
 * always does; `hover` for menus that open on hover).
 */
export function useFirstUse(preload: () => Promise<unknown>, { openOnHover = false } = {}) {
  const [use, setUse] = useState<FirstUse | null>(null);
  const start = (opened: boolean) => (e: SyntheticEvent<HTMLElement>) => {
    preload().catch(() => undefined);
    const focused = e.currentTarget === document.activeElement;
    // A transition: the plain trigger stays on screen (and focused) until the real one is ready.
    startTransition(() =>
      setUse((u) => ({ opened: opened || (u?.opened ?? false), focused: focused || (u?.focused ?? false) })),
    );
  };
  const intent = {
    onMouseEnter: openOnHover ? start(true) : () => void preload().catch(() => undefined),
    // Focus only fetches: swapping the button between a press and its release would lose the click (a slow device
    // commits in between). Enter and Space press the button, which opens.
    onFocus: () => void preload().catch(() => undefined),
    onClick: start(true),
  };
  return { use, intent };
}

let idleWarmUp: Array<() => Promise<unknown>> = [];
let essential: Array<() => Promise<unknown>> = [];
let scheduled = false;

function scheduleWarmUp() {
  if (scheduled) return;
  scheduled = true;
  const run = () => {
    // Where the first load ends and the warm-up begins (bench/primeira-tela.ts counts what comes before).
    performance.mark('saude:aquecimento');
    marcarOcioso();
    for (const p of [...essential, ...(prefetchAllowed() ? idleWarmUp : [])]) p().catch(() => undefined);
    idleWarmUp = [];
    essential = [];
    scheduled = false;
  };
  // Safari has no requestIdleCallback: a little after the first screen instead.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 2000);
}

/** Fetches these components' code once the first screen is drawn and the browser is idle (not on save-data or 2G). */
export function useIdleWarmUp(...preloads: Array<() => Promise<unknown>>) {
  useEffect(() => {
    idleWarmUp.push(...preloads);
    if (prefetchAllowed()) scheduleWarmUp();
    // Registered once per shell; the list is drained by the first idle moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * The same, on any connection: code a screen needs to say what happened when the network drops (the toast container
 * of 'Sem conexão: a visita foi guardada neste aparelho').
 */
export function useIdleEssential(...preloads: Array<() => Promise<unknown>>) {
  useEffect(() => {
    essential.push(...preloads);
    scheduleWarmUp();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

// What the home shows after it is interactive (issue 41: the first load counts the scripts fetched before the idle
// moment): the bell and globe, the reminders, the notices pop-up, the modals' provider and the widgets mount then.
let ocioso = false;
const ouvintes = new Set<() => void>();

/** The first idle moment has come, or something cannot wait for it (a modal asked for before it). */
export function marcarOcioso(): void {
  if (ocioso) return;
  ocioso = true;
  for (const f of ouvintes) f();
}

/** Tests only: back to before the idle moment. */
export function esquecerOcioso(): void {
  ocioso = false;
}

const assinar = (f: () => void) => {
  ouvintes.add(f);
  return () => void ouvintes.delete(f);
};

/** True from the first idle moment on (requestIdleCallback, at most 5 s after the shell is drawn). */
export function useDepoisDoOcioso(): boolean {
  useEffect(() => {
    if (!ocioso) scheduleWarmUp();
  }, []);
  return useSyncExternalStore(assinar, () => ocioso);
}

/** Draws `children` from the first idle moment on. */
export function DepoisDoOcioso({ children }: { children: ReactNode }) {
  return useDepoisDoOcioso() ? children : null;
}
