import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { via } from '../api-transport.ts';
import type { HomeAnswer } from './schemas.ts';

export const homeKeys = { all: ['home'] as const };

/** Home's sections; read again while the tab is visible (paused while hidden), and on focus. */
export const HOME_REFRESH_MS = 30_000;

export const homeQuery = () =>
  queryOptions({
    queryKey: homeKeys.all,
    queryFn: (ctx) => api<HomeAnswer>('/api/home', via(ctx)),
    refetchInterval: HOME_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    // Asked again each time home (or the badge) is drawn: what was resolved elsewhere is gone.
    staleTime: 0,
  });
