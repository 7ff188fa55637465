import type { Page } from 'playwright-core';

/**
 * What does not fit on the screen shown now, measured rather than looked at: the page
 * scrolling sideways, an element past the window's right edge, a box that scrolls sideways,
 * text cut by a box that hides its overflow without an ellipsis saying so, a table cell that
 * cuts its text at all, and a button or badge whose words do not fit in it. Each problem names the element and its text.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (element: Element): string => {
      const classes = [...element.classList].join('.');
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}"`;
    };
    /** Cut off by a box that stays inside the window (that box's own cut is checked on it). */
    const insideBox = (element: HTMLElement): boolean => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return box.getBoundingClientRect().right <= window.innerWidth + 1;
      }
      return false;
    };
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
    const scopes = [document.querySelector('.app-header'), document.querySelector('.screen:not([hidden])')];
    for (const scope of scopes) {
      for (const element of scope?.querySelectorAll<HTMLElement>('*') ?? []) {
        if (!element.checkVisibility() || element.closest('.visually-hidden')) continue;
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        const style = getComputedStyle(element);
        const overflowX = style.overflowX;
        const wider = element.scrollWidth > element.clientWidth + 1;
        if (rect.right > window.innerWidth + 1 && style.position !== 'fixed' && !insideBox(element)) problems.push(`past the right edge by ${Math.round(rect.right - window.innerWidth)} px: ${name(element)}`);
        if ((overflowX === 'auto' || overflowX === 'scroll') && wider && element.tagName !== 'TEXTAREA' && element.tagName !== 'INPUT') {
          problems.push(`scrolls sideways by ${element.scrollWidth - element.clientWidth} px: ${name(element)}`);
        }
        if ((overflowX === 'hidden' || overflowX === 'clip') && wider && style.textOverflow !== 'ellipsis' && element.tagName !== 'IMG') {
          problems.push(`cut without an ellipsis: ${name(element)}`);
        }
        const tall = element.scrollHeight > element.clientHeight + 1;
        if ((style.overflowY === 'hidden' || style.overflowY === 'clip') && tall && element.tagName !== 'IMG') problems.push(`cut at the bottom: ${name(element)}`);
        if ((element.tagName === 'BUTTON' || element.classList.contains('badge')) && (wider || tall)) problems.push(`words do not fit: ${name(element)}`);
        // a table has room to wrap: a cell that cuts its text (the ledger's "https://video…") says nothing
        if (element.tagName === 'TD' && wider) problems.push(`table cell cuts its text: ${name(element)}`);
      }
    }
    return problems;
  });
}
