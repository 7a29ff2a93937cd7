import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/http';

// Client errors (4xx) will not change on retry; network failures (status 0) and 5xx get two more tries.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});
