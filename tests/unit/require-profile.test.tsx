// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequireProfile, type ProfileRead } from "@/components/shell/require-profile";
import { useProfile } from "@/hooks/use-shell-profile";
import type { UserProfile } from "@/lib/contract/user";
import { sessionCookieName } from "@/lib/session-cookie";
import { inLanguage } from "../support/intl";

const router = { replace: vi.fn(), refresh: vi.fn(), push: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn() };
vi.mock("next/navigation", () => ({
  useRouter: () => router,
  usePathname: () => "/courses",
  useSearchParams: () => new URLSearchParams(),
}));

const cookieName = sessionCookieName("dev");
const profile = { id: "u1", name: "Asha Rao", email: "asha@example.com", role: "learner" } as UserProfile;

function Name() {
  return <p>Signed in as {useProfile().name}</p>;
}

const gate = (read: ProfileRead, locale: "en" | "hi" = "en") =>
  render(
    inLanguage(
      <RequireProfile read={read}>
        <Name />
      </RequireProfile>,
      locale,
    ),
  );

beforeEach(() => {
  Object.values(router).forEach((f) => f.mockClear());
  document.cookie = `${cookieName}=token; path=/`;
});
afterEach(() => {
  cleanup();
  document.cookie = `${cookieName}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

describe("the protected pages' gate, with the profile the server read", () => {
  it("shows the page with the profile, asking the server for nothing more", () => {
    gate({ profile });
    expect(screen.getByText("Signed in as Asha Rao")).toBeTruthy();
    expect(router.refresh).not.toHaveBeenCalled();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it("sends a browser without a session to sign in, back to the page it asked for", () => {
    document.cookie = `${cookieName}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    gate({ profile });
    expect(screen.queryByText(/Signed in as/)).toBeNull();
    expect(router.replace).toHaveBeenCalledWith("/?reason=login-required&redirectUrl=%2Fcourses");
  });

  it("names a refusal with its words, and Try again has the server read the profile again", async () => {
    gate({ failed: { status: 503, body: { code: "unavailable", message: "busy" } } });
    expect(screen.getByRole("alert").textContent).toContain("User data not available");
    expect(screen.getByRole("alert").textContent).toContain("The service is busy for a moment. Please try again shortly.");
    await act(async () => screen.getByRole("button", { name: "Try again" }).click());
    expect(router.refresh).toHaveBeenCalledTimes(1);
  });

  it("keeps the API's message when its answer has no code with words of its own", () => {
    gate({ failed: { status: 500, body: { message: "The profile store is being repaired" } } });
    expect(screen.getByRole("alert").textContent).toContain("The profile store is being repaired");
  });

  it("says something went wrong when the read failed without an answer", () => {
    gate({ failed: {} });
    expect(screen.getByRole("alert").textContent).toContain("Something went wrong");
    expect(screen.getByRole("alert").textContent).toContain("An error occurred");
  });

  it("writes the refusal in the learner's language", async () => {
    const hi = (await import("@/messages/hi.json")).default;
    gate({ failed: { status: 503, body: { code: "unavailable" } } }, "hi");
    expect(screen.getByRole("alert").textContent).toContain(hi.shell.profile.unavailable);
    expect(screen.getByRole("alert").textContent).toContain(hi.common.errors.codes.unavailable);
  });

  it("draws the page again when the browser has a session the server's request did not carry", () => {
    gate(null);
    expect(screen.queryByText(/Signed in as/)).toBeNull();
    expect(router.refresh).toHaveBeenCalledTimes(1);
  });
});
