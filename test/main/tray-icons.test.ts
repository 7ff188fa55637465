import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { trayIconFile } from '../../src/main/tray-icon';

const resource = (file: string): Buffer => readFileSync(path.join('resources', file));
const twin = (file: string): string => file.replace(/\.png$/, '@2x.png');

/** The PNG colour type in the IHDR chunk: 6 is RGBA (2 is RGB, no alpha). */
const colourType = (png: Buffer): number | undefined => png[25];

/** Each pixel's alpha, and whether any pixel has colour (a template must be black only). */
function pixels(png: Buffer): { width: number; height: number; alphas: number[]; coloured: boolean } {
  const image = PNG.sync.read(png);
  const alphas: number[] = [];
  let coloured = false;
  for (let index = 0; index < image.data.length; index += 4) {
    alphas.push(image.data[index + 3] ?? 0);
    if ((image.data[index + 3] ?? 0) > 0 && (image.data[index] || image.data[index + 1] || image.data[index + 2])) coloured = true;
  }
  return { width: image.width, height: image.height, alphas, coloured };
}

describe('tray icons', () => {
  it('uses a template image on macOS and the coloured icon elsewhere', () => {
    expect(trayIconFile('darwin')).toMatch(/Template\.png$/);
    expect(trayIconFile('linux')).toBe('tray-icon.png');
    expect(trayIconFile('win32')).toBe('tray-icon.png');
  });

  for (const platform of ['linux', 'win32', 'darwin'] as const) {
    const file = trayIconFile(platform);
    it(`${platform}: ${file} and its @2x twin are RGBA, transparent around the shape, twice the size`, () => {
      const [one, two] = [resource(file), resource(twin(file))];
      expect([colourType(one), colourType(two)]).toEqual([6, 6]);
      const [small, large] = [pixels(one), pixels(two)];
      expect([large.width, large.height]).toEqual([small.width * 2, small.height * 2]);
      for (const image of [small, large]) {
        expect(image.alphas[0]).toBe(0); // the top-left corner shows the panel through
        expect(image.alphas.some((alpha) => alpha === 255)).toBe(true);
      }
    });
  }

  it('the macOS template is black and alpha only (macOS tints it for the menu bar)', () => {
    const file = trayIconFile('darwin');
    expect(pixels(resource(file)).coloured).toBe(false);
    expect(pixels(resource(twin(file))).coloured).toBe(false);
    expect(pixels(resource(trayIconFile('linux'))).coloured).toBe(true);
  });
});
