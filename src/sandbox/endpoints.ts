import type { ApiVersion } from './api-version';

export type ExtractEndpoint = 'post' | 'playlist' | 'subtitles';
export type Endpoint = ExtractEndpoint | 'credits';

/** Path (after the version prefix) → endpoint, per version; every route but credits is a POST. */
const ROUTES: Readonly<Record<ApiVersion, Readonly<Record<string, Endpoint>>>> = {
  v1: { '/extract/post': 'post', '/extract/playlist': 'playlist', '/extract/subtitles': 'subtitles', '/credits': 'credits' },
  legacy: {
    '/extract/post': 'post',
    '/extract/playlist': 'playlist',
    '/extract/subtitles': 'subtitles',
    '/available-credits': 'credits',
  },
};

export const endpointOf = (version: ApiVersion, path: string): Endpoint | undefined =>
  Object.hasOwn(ROUTES[version], path) ? ROUTES[version][path] : undefined;

export const methodOf = (endpoint: Endpoint): 'GET' | 'POST' => (endpoint === 'credits' ? 'GET' : 'POST');
