import { queryOptions } from "@tanstack/react-query";
import { getUserInfo } from "@/lib/contract/calls/user";
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
