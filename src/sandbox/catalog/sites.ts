import { aiSite } from './ai';
import { errorSite } from './errors';
import { filesSite } from './files';
import { guardedSite } from './guarded';
import { liveSite } from './live';
import { musicSite } from './music';
import { photosSite } from './photos';
import type { SiteHandler } from './types';
import { videoSite } from './video';

/** Every fake platform of the catalog, by host. */
export const SITES: ReadonlyMap<string, SiteHandler> = new Map(
  [videoSite, photosSite, musicSite, aiSite, filesSite, liveSite, guardedSite, errorSite].map((site) => [site.host, site]),
);
