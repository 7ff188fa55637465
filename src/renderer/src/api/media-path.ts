/**
 * A local file's path as the faces' media routes expect it: one percent-encoded segment
 * per path part (/home/ana/a%20b.mp4, /C:/Users/ana/a.mp4). The main process and the web
 * server decode it and refuse anything outside the library and data folders.
 */
export function encodeMediaPath(filePath: string): string {
  const parts = filePath.split(/[\\/]+/).filter((part) => part !== '');
  return `/${parts.map((part) => encodeURIComponent(part)).join('/')}`;
}
