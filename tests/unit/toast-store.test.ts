import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_TOAST_DURATION, dismissToast, showToast, subscribeToasts, TOAST_SWIPE_THRESHOLD, type ToastMessage } from "@/components/ui/toast-store";

afterEach(() => dismissToast());

describe("toasts", () => {
  it("show one at a time: a new toast replaces the one on screen", () => {
    const seen: (ToastMessage | null)[] = [];
    const stop = subscribeToasts((t) => seen.push(t));
    const first = showToast({ description: "Saved" });
    const second = showToast({ description: "Please log in to view this page.", variant: "destructive" });
    expect(first).not.toBe(second);
    expect(seen.at(-1)).toMatchObject({ id: second, description: "Please log in to view this page.", variant: "destructive" });
    dismissToast(first);
    expect(seen.at(-1)?.id).toBe(second);
    dismissToast(second);
    expect(seen.at(-1)).toBeNull();
    stop();
  });

  it("last 5000 ms unless told otherwise", () => {
    expect(DEFAULT_TOAST_DURATION).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
    let current: ToastMessage | null = null;
    const stop = subscribeToasts((t) => (current = t));
    showToast({ description: "x" });
    expect(current!.duration).toBe(5000);
    expect(current!.variant).toBe("default");
    showToast({ description: "y", duration: 1000 });
    expect(current!.duration).toBe(1000);
    stop();
  });

  it("give a new subscriber the toast on screen", () => {
    showToast({ description: "z" });
    let current: ToastMessage | null = null;
    const stop = subscribeToasts((t) => (current = t));
    expect(current!.description).toBe("z");
    stop();
  });
});
