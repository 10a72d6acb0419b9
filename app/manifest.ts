import type { MetadataRoute } from "next";

/** The web app manifest: name, colours and the icons a phone uses when the site is added to its home screen. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "SkillGrow learning",
    short_name: "SkillGrow",
    description: "Video courses, timed challenges and certificates for engineering teams.",
    start_url: "/dashboard",
    display: "standalone",
    background_color: "#0b1120",
    theme_color: "#0b1120",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
    ],
  };
}
