export type ToastVariant = "default" | "destructive" | "success";
export interface ToastMessage {
  id: number;
  title?: string;
  description: string;
  variant: ToastVariant;
  duration: number;
}

type Listener = (toast: ToastMessage | null) => void;

// One toast at a time: a new one replaces the one on screen.
let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

export const DEFAULT_TOAST_DURATION = 5000;
/** Pixels a toast must be swiped before it is dismissed. */
export const TOAST_SWIPE_THRESHOLD = 50;

export function showToast(input: { title?: string; description: string; variant?: ToastVariant; duration?: number }) {
  current = { id: nextId++, variant: "default", duration: DEFAULT_TOAST_DURATION, ...input };
  listeners.forEach((l) => l(current));
  return current.id;
}

export function dismissToast(id?: number) {
  if (id !== undefined && current?.id !== id) return;
  current = null;
  listeners.forEach((l) => l(null));
}

export function subscribeToasts(listener: Listener) {
  listeners.add(listener);
  listener(current);
  return () => {
    listeners.delete(listener);
  };
}
