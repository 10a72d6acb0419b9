"use client";

import { createContext, useContext } from "react";
import type { UserProfile } from "@/lib/contract/user";

export const ProfileContext = createContext<UserProfile | null>(null);

/** The signed-in user's profile, inside the protected layout. */
export function useProfile(): UserProfile {
  const profile = useContext(ProfileContext);
  if (!profile) throw new Error("useProfile is used outside the protected layout");
  return profile;
}
