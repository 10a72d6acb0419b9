import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import { finishLogin, getUserInfo, loginInvite, logout } from "./call-routes";
import { callApi, http as browserHttp } from "./client";

export const requestSignInLink = (value: string, redirectUrl?: string) => callApi(loginInvite, { body: { value, redirectUrl } });
export const finishSignIn = (inviteId: string) => callApi(finishLogin, { body: { inviteId } });
export const signOut = () => callApi(logout);

export const fetchUserInfo = (client: HttpClient = browserHttp) => callApi(getUserInfo, {}, client);

/** The server's protected layout passes the pages' client (lib/server/page-calls.ts) to prefetch; the browser uses its own. */
export const userInfoQuery = (client?: HttpClient) =>
  queryOptions({
    queryKey: ["user", "info"],
    queryFn: () => fetchUserInfo(client),
    staleTime: 1000,
    // A 401 is handled by logging out; other failures are shown, not retried in a loop.
    retry: false,
  });
