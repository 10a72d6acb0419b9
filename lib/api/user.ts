import { queryOptions } from "@tanstack/react-query";
import type { CallBody } from "@/lib/contract/call";
import { getUserInfo, postUserEvent } from "@/lib/contract/calls/user";
import { callApi } from "./client";

export const fetchUserInfo = () => callApi(getUserInfo);

export const userInfoQuery = () =>
  queryOptions({
    queryKey: ["user", "info"],
    queryFn: fetchUserInfo,
    staleTime: 1000,
    // A 401 is handled by logging out; other failures are shown, not retried in a loop.
    retry: false,
  });

/** A product-analytics event for the signed-in user. */
export const recordEvent = (body: CallBody<typeof postUserEvent>) => callApi(postUserEvent, { body });
