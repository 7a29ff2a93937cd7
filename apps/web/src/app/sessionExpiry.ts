import type { createBrowserRouter } from 'react-router';
import { onUnauthorized } from '../lib/http';
import { LOGIN, tokenStore, withRetorno } from '../lib/session';
import { queryClient } from './queryClient';

type Router = ReturnType<typeof createBrowserRouter>;

/** Any 401 ends the session: forget the token and cached data, and go to /login remembering the page. */
export function installSessionExpiry(router: Router) {
  return onUnauthorized(() => {
    tokenStore.clear();
    const { location, navigation } = router.state;
    // A wrong password on /login is a 401 too; and during a navigation the guard loader redirects by itself.
    if (location.pathname === LOGIN || navigation.state !== 'idle' || !router.state.initialized) return;
    queryClient.clear();
    // After the other listeners of this 401: an open form keeps its draft first, then lets the page go.
    queueMicrotask(() => {
      void router.navigate(withRetorno(LOGIN, location.pathname + location.search + location.hash), { replace: true });
    });
  });
}
