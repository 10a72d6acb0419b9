import type en from "./messages/en.json";

// next-intl checks every key a component asks for against the English messages (the source language).
declare module "next-intl" {
  interface AppConfig {
    Messages: typeof en;
  }
}
