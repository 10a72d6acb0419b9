import { queryOptions } from "@tanstack/react-query";
import type { CallBody } from "@/lib/contract/call";
import { postUserEvent } from "@/lib/contract/calls/shell";
import { getUserInfo } from "@/lib/contract/calls/sign-in";
import type { AxiosInstance } from "axios";
import { callApi, http as browserHttp } from "./client";

export const fetchUserInfo = (client: AxiosInstance = browserHttp) => callApi(getUserInfo, {}, client);

/** The server's protected layout passes its in-process client to prefetch; the browser uses its own. */
export const userInfoQuery = (client?: AxiosInstance) =>
  queryOptions({
    queryKey: ["user", "info"],
    queryFn: () => fetchUserInfo(client),
    staleTime: 1000,
    // A 401 is handled by logging out; other failures are shown, not retried in a loop.
    retry: false,
  });

/** A product-analytics event for the signed-in user. */
export const recordEvent = (body: CallBody<typeof postUserEvent>) => callApi(postUserEvent, { body });
