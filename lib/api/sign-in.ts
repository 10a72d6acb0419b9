import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

export const requestSignInLink = (value: string, redirectUrl?: string) => callApi(calls.requestSignInLink, { body: { value, redirectUrl } });
export const finishLogin = (inviteId: string) => callApi(calls.finishLogin, { body: { inviteId } });
export const logout = () => callApi(calls.logout);
export const updatePreferredLanguage = (preferredLanguage: "English" | "Hindi" | "Tamil" | "Telugu" | "Others") =>
  callApi(calls.updatePreferredLanguage, { body: { preferredLanguage } });

export const getUserProfile = (client: HttpClient = browserHttp) => callApi(calls.getUserProfile, {}, client);

/** The server's protected layout passes the pages' client (lib/server/page-calls.ts) to prefetch; the browser uses its own. */
export const userInfoQuery = (client?: HttpClient) =>
  queryOptions({
    queryKey: ["user", "info"],
    queryFn: () => getUserProfile(client),
    staleTime: 1000,
    // A 401 is handled by logging out; other failures are shown, not retried in a loop.
    retry: false,
  });
