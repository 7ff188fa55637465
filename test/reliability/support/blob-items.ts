import type { Sandbox } from '../../../src/sandbox';
import { startServiceShim } from './service-shim';
import type { ServiceShim } from './service-shim';

/**
 * The sandbox as the service, except that chosen files.example posts carry a blob of the
 * size `sizeOf(link)` gives (the catalog's files are 64 KiB; segmented downloads need
 * more). The blob's seed is the post id, so the media path is `/blob/<id>/<size>.bin`.
 * Charges still happen in the sandbox: the extraction is forwarded, only the URL swapped.
 */
export function serviceWithBlobs(sandbox: Sandbox, sizeOf: (link: string) => number | undefined): Promise<ServiceShim> {
  return startServiceShim(sandbox.url, async (request) => {
    const size = request.link === undefined ? undefined : sizeOf(request.link);
    if (!request.path.endsWith('/extract/post') || size === undefined) return undefined;
    const answer = await request.forward();
    if (answer.status !== 200) return undefined;
    const post = answer.json as { id: string; medias: Array<{ resource_url: string }> };
    for (const media of post.medias) media.resource_url = sandbox.blobUrl(size, post.id);
    return { status: 200, json: post };
  });
}
