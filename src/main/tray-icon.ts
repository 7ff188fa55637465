/**
 * The tray icon's file in resources/ (its @2x twin beside it is picked up by nativeImage).
 * macOS draws menu-bar icons from a template, black on transparent, and tints it for light
 * and dark menu bars and the highlight: nativeImage treats a file whose name ends in
 * "Template" as one. Elsewhere the coloured icon is shown as it is.
 */
export function trayIconFile(platform: NodeJS.Platform): string {
  return platform === 'darwin' ? 'trayTemplate.png' : 'tray-icon.png';
}
