import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

export const studioMediaQueries = {
  /** One upload and where its processing stands; asked again every few seconds while a video is being processed. */
  getMedia: (mediaId: string, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio-media", mediaId],
      queryFn: () => callApi(calls.getMedia, { query: { mediaId } }, client),
      refetchInterval: (query) => (query.state.data && (query.state.data.state === "uploaded" || query.state.data.state === "processing") ? 3000 : false),
    }),
};
