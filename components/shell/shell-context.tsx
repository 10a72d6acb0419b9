"use client";

import { createContext, useContext } from "react";
import { DEFAULT_BRANDING, type Branding } from "@/lib/branding";

/** What the server knows of this request and deployment that the shell's client parts need. */
export interface ShellConfig {
  branding: Branding;
  /** The request's CSP nonce, for scripts the page adds itself (the chat widget). */
  nonce?: string;
  chatWidgetUrl?: string;
  /** Where log records go: the configured log service or this app's /api/log. */
  logUrl: string;
  /** The id of the build that rendered the page, for the update check. */
  buildId?: string;
}

export const ShellContext = createContext<ShellConfig>({ branding: DEFAULT_BRANDING, logUrl: "/api/log" });

export const useShellConfig = () => useContext(ShellContext);
export const useBranding = () => useContext(ShellContext).branding;
