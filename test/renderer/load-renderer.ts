/**
 * Loads a module of src/renderer at run time. The renderer is type-checked by
 * tsconfig.web.json; tsconfig.node.json (which covers test/) cannot import its files
 * (TS6307 in a composite project), so renderer tests load them untyped through here.
 */
export async function loadRenderer<T>(pathFromRendererSrc: string): Promise<T> {
  const url = new URL(`../../src/renderer/src/${pathFromRendererSrc}`, import.meta.url);
  return (await import(url.href)) as T;
}
