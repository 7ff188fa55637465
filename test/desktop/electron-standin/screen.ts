/*
 * Electron's screen (docs/api/screen.md): one 1920x1080 display, as on a plain desktop
 * session; TROVE_STANDIN_SCREEN=WIDTHxHEIGHT changes it for a test.
 */

interface Display {
  id: number;
  bounds: { x: number; y: number; width: number; height: number };
  workArea: { x: number; y: number; width: number; height: number };
  size: { width: number; height: number };
  workAreaSize: { width: number; height: number };
  scaleFactor: number;
  rotation: number;
  internal: boolean;
}

export function primaryDisplay(): Display {
  const [width = 1920, height = 1080] = (process.env['TROVE_STANDIN_SCREEN'] ?? '').split('x').map(Number).filter((n) => n > 0);
  const bounds = { x: 0, y: 0, width, height };
  return { id: 1, bounds, workArea: { ...bounds }, size: { width, height }, workAreaSize: { width, height }, scaleFactor: 1, rotation: 0, internal: false };
}

export const screen = {
  getPrimaryDisplay: primaryDisplay,
  getAllDisplays: (): Display[] => [primaryDisplay()],
};
