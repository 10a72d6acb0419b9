/**
 * The address of each Indian script's font file as the build serves it (the same file app/globals.css
 * names in its @font-face rules), so that a page in that language can ask for its font in the
 * document's head, before the styles are read: text then lays out once, in its own font, instead of
 * moving when the font arrives.
 */
export const SCRIPT_FONT_FILES: Partial<Record<string, string>> = {
  hi: new URL("../../assets/fonts/noto-sans-devanagari.woff2", import.meta.url).href,
  ta: new URL("../../assets/fonts/noto-sans-tamil.woff2", import.meta.url).href,
  te: new URL("../../assets/fonts/noto-sans-telugu.woff2", import.meta.url).href,
};
