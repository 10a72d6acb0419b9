import type { Config } from "tailwindcss";

// Design tokens. Breakpoints are the spec's: tablet up to 767px, mobile up to 574px.
// Use `max-tablet:` for tablet-and-below and `max-mobile:` for mobile styles.
export default {
  theme: {
    extend: {
      screens: {
        mobile: "575px",
        tablet: "768px",
      },
      colors: {
        brand: {
          50: "#eef2ff",
          100: "#e0e7ff",
          200: "#c7d2fe",
          300: "#a5b4fc",
          400: "#818cf8",
          500: "#6366f1",
          600: "#4f46e5",
          700: "#4338ca",
          800: "#3730a3",
          900: "#312e81",
        },
        surface: { DEFAULT: "#ffffff", muted: "#f6f7fb", dark: "#0f1220", "dark-muted": "#181c2e" },
        ink: { DEFAULT: "#111827", muted: "#4b5563", dark: "#e5e7eb", "dark-muted": "#9ca3af" },
        danger: { DEFAULT: "#b91c1c", soft: "#fef2f2" },
        success: { DEFAULT: "#047857", soft: "#ecfdf5" },
      },
      borderRadius: { card: "14px" },
      fontFamily: {
        sans: ["ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "sans-serif"],
      },
    },
  },
} satisfies Config;
