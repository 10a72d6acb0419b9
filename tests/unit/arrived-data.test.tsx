// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, dehydrate, useQuery } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PageData } from "@/components/shell/page-data";
import { makeQueryClient } from "@/components/shell/query-provider";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** What a page's server render hands over: the profile, fetched `ageMs` before the page starts in the browser. */
function serverAnswer(name: string, ageMs: number) {
  const server = new QueryClient();
  server.setQueryData(["profile"], { name }, { updatedAt: Date.now() - ageMs });
  return dehydrate(server);
}

function Profile({ fetchProfile }: { fetchProfile: () => Promise<{ name: string }> }) {
  const { data } = useQuery({ queryKey: ["profile"], queryFn: fetchProfile });
  return <p>{data?.name ?? "loading"}</p>;
}

/** A page's component under the page's data, in a query cache that outlives one render. */
const renderPage = (client: QueryClient, state: ReturnType<typeof serverAnswer>, fetchProfile: () => Promise<{ name: string }>) =>
  render(
    <QueryClientProvider client={client}>
      <PageData state={state}>
        <Profile fetchProfile={fetchProfile} />
      </PageData>
    </QueryClientProvider>,
  );

describe("answers a page brought from the server", () => {
  it("are shown without fetching them again, however long the page took to start", async () => {
    const fetchProfile = vi.fn(async () => ({ name: "refetched" }));
    renderPage(makeQueryClient(), serverAnswer("from the server", 4000), fetchProfile);
    expect(screen.getByText("from the server")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchProfile).not.toHaveBeenCalled();
  });

  it("go stale a second after they arrived: a component mounted later fetches again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const client = makeQueryClient();
    const fetchProfile = vi.fn(async () => ({ name: "refetched" }));
    const state = serverAnswer("from the server", 4000);
    const first = renderPage(client, state, fetchProfile);
    first.unmount();
    vi.setSystemTime(Date.now() + 1100);
    renderPage(client, state, fetchProfile);
    await waitFor(() => expect(screen.getByText("refetched")).toBeTruthy());
    expect(fetchProfile).toHaveBeenCalledTimes(1);
  });

  it("are fetched again on mount once a write has invalidated them", async () => {
    const client = makeQueryClient();
    const fetchProfile = vi.fn(async () => ({ name: "after the write" }));
    const state = serverAnswer("from the server", 0);
    const first = renderPage(client, state, fetchProfile);
    first.unmount();
    await client.invalidateQueries({ queryKey: ["profile"] });
    render(
      <QueryClientProvider client={client}>
        <Profile fetchProfile={fetchProfile} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText("after the write")).toBeTruthy());
  });

  it("counted from the server's clock, would all be fetched again as the page starts", async () => {
    // The same answer handed over without PageData: TanStack's own hydration keeps the server's time.
    const { HydrationBoundary } = await import("@tanstack/react-query");
    const fetchProfile = vi.fn(async () => ({ name: "refetched" }));
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <HydrationBoundary state={serverAnswer("from the server", 4000)}>
          <Profile fetchProfile={fetchProfile} />
        </HydrationBoundary>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetchProfile).toHaveBeenCalledTimes(1));
  });
});
