import type { Locator, Page } from "@playwright/test";

/** Buttons, links, tabs, selects and disclosure summaries: what a user hovers, focuses and reads. */
export const INTERACTIVE = "button, a[href], [role=tab], select, summary";

export interface Contrast {
  ratio: number;
  required: number;
  /** What was measured: the element's text, or "icon". */
  what: string;
  fg: string;
  bg: string;
}

/**
 * The lowest contrast of an element's text (or, for an icon-only control, its icon) against what is
 * painted behind it, in the element's current state: computed colours, background layers composed
 * with their alpha up to the first opaque one. Null when it cannot be known (a background image, a
 * translucent or disabled element).
 */
export function measureContrast(el: Element): Contrast | null {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  // Any CSS colour (Tailwind 4 writes oklch) to RGBA, through the canvas.
  const rgba = (color: string): [number, number, number, number] => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = "rgba(0,0,0,0)";
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!, a! / 255];
  };
  const over = (top: number[], bottom: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!)).concat(1);
  const luminance = (c: number[]) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const hex = (c: number[]) => `rgb(${c.slice(0, 3).map(Math.round).join(",")})`;

  const background = (from: Element): number[] | null => {
    const layers: number[][] = [];
    for (let node: Element | null = from; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== "none" || Number(style.opacity) < 1) return null;
      const color = rgba(style.backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] >= 1) break;
    }
    return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };

  if ((el as HTMLButtonElement).disabled || el.getAttribute("aria-disabled") === "true") return null;
  // Elements carrying text of their own, the control itself included.
  const texts = [el, ...el.querySelectorAll("*")].filter((node) => {
    if (node.closest("[aria-hidden=true], .sr-only")) return false;
    const rect = node.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && [...node.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== "");
  });
  const targets: { node: Element; what: string; icon: boolean }[] = texts.map((node) => ({ node, what: node.textContent!.trim().slice(0, 40), icon: false }));
  if (targets.length === 0) {
    const icon = el.querySelector("svg");
    if (!icon) return null;
    targets.push({ node: icon, what: "icon", icon: true });
  }
  let worst: Contrast | null = null;
  for (const { node, what, icon } of targets) {
    const bg = background(node);
    if (!bg) return null;
    const style = getComputedStyle(node);
    const fg = over(rgba(style.color), bg);
    const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
    const ratio = (light! + 0.05) / (dark! + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const required = icon || large ? 3 : 4.5;
    if (!worst || ratio / required < worst.ratio / worst.required) worst = { ratio: Math.round(ratio * 100) / 100, required, what, fg: hex(fg), bg: hex(bg) };
  }
  return worst;
}

/** Waits for the element's CSS transitions (a hover's colour change) to finish. */
const settle = (target: Locator) =>
  target
    .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))), undefined, { timeout: 2000 })
    .catch(() => undefined);

/**
 * Hovers and then focuses each visible interactive element (the first two of each look) and returns
 * a line for every state whose contrast is below WCAG AA: 4.5:1 for text, 3:1 for large text and icons.
 */
export async function hoverAndFocusContrast(page: Page, scope: Locator = page.locator("body")): Promise<string[]> {
  const problems: string[] = [];
  const controls = scope.locator(INTERACTIVE);
  const count = await controls.count();
  const seen = new Map<string, number>();
  for (let i = 0; i < count; i += 1) {
    const control = controls.nth(i);
    // Shown (not in a closed <details>, not hidden), and what it looks like: controls that look alike are checked twice at most.
    // A control may be gone by now: one that stands in for another until the pointer comes (the
    // lesson's Play button, replaced by the video's own controls) leaves when an earlier one is hovered.
    const look = await control
      .evaluate(
        (el) =>
          el.getBoundingClientRect().width > 0 && el.checkVisibility({ visibilityProperty: true })
            ? `${el.tagName} ${el.className} ${el.getAttribute("aria-selected")} ${el.getAttribute("aria-pressed")}`
            : null,
        undefined,
        { timeout: 2000 },
      )
      .catch(() => null);
    if (look === null) continue;
    const times = seen.get(look) ?? 0;
    if (times >= 2) continue;
    seen.set(look, times + 1);
    for (const state of ["hover", "focus"] as const) {
      try {
        if (state === "hover") await control.hover({ timeout: 2000 });
        else await control.focus({ timeout: 2000 });
      } catch {
        continue;
      }
      await settle(control);
      const contrast = await control.evaluate(measureContrast, undefined, { timeout: 2000 }).catch(() => null);
      if (contrast && contrast.ratio < contrast.required) {
        const name = (await control.getAttribute("aria-label")) ?? (await control.innerText()).trim().slice(0, 40);
        problems.push(`${state} "${name}": "${contrast.what}" ${contrast.fg} on ${contrast.bg} = ${contrast.ratio}:1, needs ${contrast.required}:1`);
      }
    }
    await control.blur({ timeout: 2000 }).catch(() => undefined);
  }
  await page.mouse.move(0, 0);
  return problems;
}
