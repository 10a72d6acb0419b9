/**
 * Resolves once the page has loaded, `delayMs` more have passed, and the browser has an idle moment
 * (or 2 s have passed without one). Work a learner does not wait for (a page view to record, a log
 * batch to send, the chat widget's script) waits for it, so that it does not compete with the page's
 * own start on a slow phone. After a navigation inside the app the page is loaded already: it waits
 * for the delay and an idle moment only.
 */
export function whenPageSettled(delayMs = 0): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 0);
    };
    const afterLoad = () => (delayMs > 0 ? setTimeout(idle, delayMs) : idle());
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
  });
}
