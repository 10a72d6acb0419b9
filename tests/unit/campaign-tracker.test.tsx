// @vitest-environment jsdom
import { act, render } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionCookieName } from "@/lib/session-cookie";

const recordEvent = vi.fn(async () => ({}));
let pathname = "/dashboard";
vi.mock("@/lib/api/shell", () => ({ recordUserEvent: (...args: unknown[]) => recordEvent(...(args as [])) }));
vi.mock("next/navigation", () => ({
  usePathname: () => pathname,
  useSearchParams: () => new URLSearchParams(),
}));

beforeEach(() => {
  vi.resetModules();
  recordEvent.mockClear();
  document.cookie = `${sessionCookieName("dev")}=token; path=/`;
});
afterEach(() => {
  document.cookie = `${sessionCookieName("dev")}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

const viewedPaths = () => recordEvent.mock.calls.map((c) => ((c as unknown[])[0] as { event: { path: string } }).event.path);

describe("page_view events", () => {
  it("go out once per address, even when React runs the effect twice (development's strict mode)", async () => {
    const { CampaignTracker } = await import("@/components/shell/campaign-tracker");
    const tree = () => (
      <StrictMode>
        <CampaignTracker />
      </StrictMode>
    );
    pathname = "/dashboard";
    const view = render(tree());
    // The API client is loaded when first needed, so the event goes out a moment after the render.
    await vi.waitFor(() => expect(viewedPaths()).toEqual(["/dashboard"]));
    pathname = "/courses";
    await act(async () => view.rerender(tree()));
    pathname = "/dashboard";
    await act(async () => view.rerender(tree()));
    await vi.waitFor(() => expect(viewedPaths()).toEqual(["/dashboard", "/courses", "/dashboard"]));
  });

  it("are not sent for a visitor without a session", async () => {
    document.cookie = `${sessionCookieName("dev")}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    const { CampaignTracker } = await import("@/components/shell/campaign-tracker");
    render(<CampaignTracker />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recordEvent).not.toHaveBeenCalled();
  });
});
