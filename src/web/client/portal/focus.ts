// Keeping the keyboard's place when content is swapped: the focus moves to what replaced the element that had it.

/** Focuses the element with `id` once the render under way has put it on the page (renders run before timers). */
export function focusLater(id: string): void {
  setTimeout(() => document.getElementById(id)?.focus());
}
