import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '../lib/feedback/ErrorPage';
import { isChunkLoadError, reloadOnce } from './chunkReload';

/** errorElement of the routes: 403/404 thrown by guards show their page; anything else is a 500. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) reloadOnce();
  }, [chunk]);
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 404))
    return <ErrorPage status={error.status} />;
  return <ErrorPage status={500} />;
}
